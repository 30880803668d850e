import type { Request, Response } from 'express';
import { RequestRefused } from '@buyloop/kit';
import { SecuredRouter, problemFor, sendProblem, requestIdOf } from '@buyloop/http';
import type { Projector } from '@buyloop/projector';
import type { RunningModules } from './module-runtime';
import { platformContracts } from './platform-contracts';

/**
 * The operators' endpoints (`pnpm ops projections:*`, later the back office's
 * projections page): status, rebuild with streamed progress, pause, resume
 * and reset, against the projector running in this process.
 */
export function opsRoutes(projector: Projector, modules?: RunningModules): SecuredRouter {
  // Administrators, and the local operator's bearer token (`pnpm ops`), which authenticate() maps to one.
  const router = new SecuredRouter({ tag: 'Operations' });

  // The bounded contexts this process runs: their projections, stream categories, routes and jobs.
  router.get('/api/ops/modules', 'ops.projections', platformContracts.modules, (_req, res) => {
    res.json({ modules: modules?.describe() ?? [] });
  });

  router.get('/api/ops/projections', 'ops.projections', platformContracts.projections, async (_req, res) => {
    res.json({ projections: await projector.status() });
  });

  const nameOf = (req: Request): string => String(req.params.name);
  const reportOf = async (name: string) => (await projector.status()).find((p) => p.name === name);

  router.post(
    '/api/ops/projections/:name/rebuild',
    'ops.projections',
    platformContracts.rebuild,
    async (req: Request, res: Response) => {
      const name = nameOf(req);
      // Refuse unknown names before the stream starts, so they get a proper problem answer.
      if (!projector.names.includes(name)) {
        sendProblem(
          res,
          problemFor(
            new RequestRefused(404, 'projection.not_found', 'Not found', `No projection named ${name}`),
            requestIdOf(res),
          ),
        );
        return;
      }
      // Progress as JSON lines: a rebuild of a big log takes minutes and the CLI draws a bar from them.
      res.status(200).type('application/x-ndjson');
      res.flushHeaders();
      const line = (value: unknown) => res.write(`${JSON.stringify(value)}\n`);
      let lastSent = 0;
      try {
        const head = (await projector.status()).find((p) => p.name === name)?.head ?? '0';
        line({ type: 'started', projection: name, head });
        await projector.rebuild(name, (state) => {
          const now = Date.now();
          if (now - lastSent < 200) return;
          lastSent = now;
          line({ type: 'progress', position: state.position, processed: state.processed, head });
        });
        line({ type: 'done', report: await reportOf(name) });
      } catch (error) {
        line({ type: 'error', problem: problemFor(error, requestIdOf(res)) });
      }
      res.end();
    },
  );

  for (const action of ['pause', 'resume', 'reset'] as const) {
    router.post(
      `/api/ops/projections/:name/${action}`,
      'ops.projections',
      platformContracts.projectionAction,
      async (req, res) => {
        const name = nameOf(req);
        await projector[action](name);
        res.json({ projection: await reportOf(name) });
      },
    );
  }
  return router;
}
