export * from './catalogue-projection';
export * from './catalogue-routes';
