import { empty, json, media, problem, type RouteContract } from '@buyloop/http';
import {
  healthDetailsSchema,
  healthSchema,
  modulesSchema,
  projectionSchema,
  projectionsSchema,
} from '@buyloop/contracts/platform/http';
import { z } from 'zod';

const unreachable = problem('The event store cannot be reached', { 'Retry-After': 'Seconds to wait before asking again' });
const projectionName = z.strictObject({ name: z.string().meta({ description: 'A projection’s name: users, buybacks, …' }) });
const unknownProjection = problem('No projection of that name (`projection.not_found`)');

/** The contracts of what the platform serves itself, whatever modules run. */
export const platformContracts = {
  health: {
    summary: 'Whether the shop can serve requests',
    responses: { 200: json('Up', healthSchema), 503: unreachable },
  },
  healthDetails: {
    summary: 'Which market and engine, how far the event log is, how long the process has run',
    responses: { 200: json('Up, with the details', healthDetailsSchema), 503: unreachable },
  },
  statusPage: {
    summary: 'The status page people open in a browser',
    responses: { 200: media('Running', 'text/html'), 503: media('Degraded: the event store cannot be reached', 'text/html') },
  },
  metrics: {
    summary: 'Metrics in the Prometheus text format',
    responses: { 200: media('Request timings, appends, projection lag', 'text/plain') },
  },
  modules: {
    summary: 'The bounded contexts this process runs: their projections, stream categories, routes and jobs',
    responses: { 200: json('The modules', modulesSchema) },
  },
  projections: {
    summary: 'Every projection’s state, position and lag',
    responses: { 200: json('The projections', projectionsSchema) },
  },
  rebuild: {
    summary: 'Rebuild a projection from the start of the log, streaming progress',
    description:
      'Answers at once and streams JSON lines: `started`, `progress` (at most every 200 ms), then `done` with the report or `error` with a problem.',
    params: projectionName,
    responses: { 200: media('Progress as JSON lines', 'application/x-ndjson'), 404: unknownProjection },
  },
  projectionAction: {
    summary: 'Pause, resume or reset a projection',
    params: projectionName,
    responses: {
      200: json('The projection’s state afterwards', projectionSchema),
      404: unknownProjection,
      409: problem('The projection runs in another process'),
    },
  },
  page: {
    summary: 'A page of the storefront or the back office',
    responses: {
      200: media('The page, or a file it loads', '*/*'),
      404: media(
        'A page naming something that does not exist (text/html), or a file that does not (application/problem+json)',
        '*/*',
      ),
      // A browser revalidating its copy (If-None-Match) of a page the page cache keeps is told it is current.
      304: empty('The copy the browser holds (If-None-Match, the page’s ETag) is the current one'),
      502: media('The storefront’s page, saying the catalogue could not be reached (text/html)', 'text/html'),
    },
  },
} as const satisfies Readonly<Record<string, RouteContract>>;
