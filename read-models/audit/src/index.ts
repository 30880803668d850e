export * from './stream-summary';
