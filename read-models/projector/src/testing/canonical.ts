/** Two read models are byte-for-byte equal exactly when their canonical forms are. */
export { canonicalJson as canonical } from '@buyloop/kit';
