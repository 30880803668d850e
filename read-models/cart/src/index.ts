export * from './projection';
export * from './summary';
export * from './catalogue-offers';
export * from './routes';
export * from './module';
