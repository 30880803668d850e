export * from './stream-summary';
export * from './module';
