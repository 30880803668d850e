import type { Module, Projection } from '@buyloop/projector';
import { streamSummary } from './stream-summary';

/** The auditors' views of the whole log: no routes of its own yet, only read models. */
export function auditModule(): Module<null> {
  return {
    name: 'audit',
    capabilities: [],
    projections: [streamSummary as unknown as Projection],
    streams: {},
    async open() {
      return { routes: [], handle: null };
    },
  };
}
