/** The face of the verifactu-sending library: the only module other code imports (infra/architecture.test.ts). */

export * from './verifactu-sending';
