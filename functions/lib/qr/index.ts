/** The face of the qr library: the only module other code imports (infra/architecture.test.ts). */

export * from './png';
export * from './qr';
export * from './svg';
