/** The face of the pdf library: the only module other code imports (infra/architecture.test.ts). */

export * from './format';
export * from './render-invoice-pdf';
export * from './standard-fonts-helvetica';
