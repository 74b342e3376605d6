/** The face of the invoice-document library: the only module other code imports (infra/architecture.test.ts). */

export * from './load-invoice-document';
