import { runCli } from './run';

/** Runs `pnpm ops <argv>` in-process against `env`, collecting what it prints (for the CLI's tests). */
export const opsRunner =
  (env: () => Record<string, string>) =>
  async (...argv: string[]): Promise<{ code: number; out: string; err: string }> => {
    let out = '';
    let err = '';
    const code = await runCli(argv, { env: env(), io: { out: (t) => void (out += t), err: (t) => void (err += t) } });
    return { code, out, err };
  };
