/** The face of the invoice-emails library: the only module other code imports (infra/architecture.test.ts). */

export * from './invoice-emails';
