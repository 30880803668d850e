// The roles are shared with the front ends: they live in @buyloop/contracts.
export * from '@buyloop/contracts/roles';
