import { once } from 'node:events';
import { runCli } from './run';

/**
 * The process around runCli: signals, pipes and the exit code. `pnpm ops`
 * runs this file.
 */

const controller = new AbortController();
let signalled = false;
const onSignal = (signal: NodeJS.Signals): void => {
  if (signalled) {
    // A second Ctrl-C means "now"; PGlite then keeps its in-use mark until the API opens and closes it once.
    process.stderr.write(`Received ${signal} again, exiting without closing the event store.\n`);
    process.exit(130);
  }
  signalled = true;
  controller.abort();
};
process.on('SIGINT', onSignal);
process.on('SIGTERM', onSignal);

// `pnpm ops events:stream x | head` closes the pipe early: stop reading, but still close the store.
let stdoutClosed = false;
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
  stdoutClosed = true;
  controller.abort();
});

const code = await runCli(process.argv.slice(2), {
  env: process.env,
  signal: controller.signal,
  io: {
    async out(text) {
      if (stdoutClosed) return;
      if (!process.stdout.write(text)) await Promise.race([once(process.stdout, 'drain'), once(controller.signal, 'abort')]);
    },
    err(text) {
      process.stderr.write(text);
    },
  },
});
process.exitCode = code;
// A driver that keeps a handle open must not keep a finished command alive; unref'd, so a clean exit is not delayed.
setTimeout(() => process.exit(code), 2_000).unref();
