import { z } from 'zod';
import { markets } from '@buyloop/kit';

/** What the platform itself answers, whatever modules run: health and the operators' endpoints. */

const healthDetails = {
  market: z.enum(markets),
  engine: z.string(),
  headPosition: z.string().meta({ description: 'Global position of the newest event (a decimal string: it may exceed 2^53)' }),
  uptimeSeconds: z.number().int().min(0),
  time: z.iso.datetime({ offset: true }),
};

/** Which market and engine, how far the log is and how long the process has run. */
export const healthDetailsSchema = z.strictObject({ status: z.literal('ok'), ...healthDetails }).meta({ id: 'HealthDetails' });

/** Up or not, for a load balancer; where the details are not shown to everyone they are left out. */
export const healthSchema = z
  .strictObject({
    status: z.literal('ok'),
    ...Object.fromEntries(Object.entries(healthDetails).map(([key, schema]) => [key, schema.optional()])),
  })
  .meta({ id: 'Health' });

/** One projection's state as the projector reports it (`pnpm ops projections:status`). */
export const projectionReportSchema = z
  .looseObject({
    name: z.string(),
    version: z.number().int(),
    collection: z.string().nullable(),
    status: z.enum(['running', 'rebuilding', 'failed', 'paused', 'stopped', 'not started', 'standby']),
    checkpoint: z.string().nullable(),
    position: z.string(),
    head: z.string(),
    lagEvents: z.number(),
    lagSeconds: z.number(),
    eventsPerSecond: z.number(),
    processed: z.number(),
    error: z.looseObject({ message: z.string() }).nullable(),
    rebuilding: z.strictObject({ collection: z.string(), position: z.string(), processed: z.number() }).nullable(),
  })
  .meta({ id: 'ProjectionReport' });

export const projectionsSchema = z.strictObject({ projections: z.array(projectionReportSchema) });
export const projectionSchema = z.strictObject({ projection: projectionReportSchema.optional() });

/** A bounded context as the API runs it (`GET /api/ops/modules`). */
export const moduleSummarySchema = z
  .looseObject({
    name: z.string(),
    capabilities: z.array(z.string()),
    projections: z.array(z.string()),
    streams: z.array(z.string()),
    routes: z.number().int().min(0),
    jobs: z.array(z.string()),
  })
  .meta({ id: 'ModuleSummary' });
export const modulesSchema = z.strictObject({ modules: z.array(moduleSummarySchema) });
