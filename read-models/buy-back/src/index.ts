export * from './catalogue-projection';
export * from './catalogue-routes';
export * from './imei-blacklist-projection';
export * from './buybacks-projection';
export * from './buyback-daily-counts-projection';
export * from './buyback-queries';
export * from './ag-grid';
export * from './buyback-routes';
