export * from './projection';
export * from './routes';
export * from './module';
// The write side's pieces the API's tests drive (the API package depends on this one only).
export { PaymentsService, SandboxGateway, signBody, type PaymentEvent } from '@buyloop/payments';
