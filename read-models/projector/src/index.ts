export * from './projection';
export * from './projection-runner';
export { batches } from './batches';
export * from './projector';
export * from './module';
export * from './changes';
export * from './process-managers';
export * from './live';
