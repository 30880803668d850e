import type { Projection } from '@buyloop/projector';
import { projectionsOf } from './module-runtime';
import { modules } from './modules';

/** Every projection the product runs: each module brings its own read models. */
export const projections: readonly Projection[] = projectionsOf(modules());
