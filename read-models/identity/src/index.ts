export * from './users-projection';
export * from './users-query';
export * from './list-users-route';
export * from './module';
