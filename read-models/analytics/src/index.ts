export * from './projections';
export * from './queries';
export * from './routes';
export * from './module';
export type { AnalyticsSummary, VisitBatch } from '@buyloop/analytics';
