export * from './errors';
export * from './market';
export * from './actor';
export * from './event';
export * from './problem-details';
