// The permission table is shared with the back office: it lives in @buyloop/contracts.
export * from '@buyloop/contracts/permissions';
