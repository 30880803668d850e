/**
 * The HTTP plumbing every bounded context's routes stand on: who is asking
 * (sessions are identity's, looked up through a port), the secured router
 * that checks the permission table and CSRF, cookies, request ids and the one
 * problem-details mapper. No context's rules live here.
 */
export * from './tokens';
export * from './cookies';
export * from './principal';
export * from './authenticate';
export * from './secured-router';
export * from './problems';
export * from './request-id';
export * from './event-stream';
export * from './route-contract';
export * from './openapi';
export * from './contract-check';
export * from './request-parts';
