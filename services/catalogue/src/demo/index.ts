/**
 * The catalogue's demo data (issue 13 point 6): pure data, loaded by
 * read-models/catalogue/src/demo/part.ts through the other areas' services.
 * Only demo-prefixed names leave this folder, so they never clash with an
 * area's exports.
 */
export { demoDataSet } from './data-set';
export type * from './types';
export { DEMO_GRADES } from './types';
