/** The face of the spreadsheets library: the only module other code imports (infra/architecture.test.ts). */

export * from './csv';
export * from './xlsx-read';
export * from './xlsx-write';
export * from './xml';
