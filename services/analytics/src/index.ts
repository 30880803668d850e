export * from './events';
export * from './contracts';
export * from './decider';
export * from './service';
export * from './throttle';
export * from './route';
