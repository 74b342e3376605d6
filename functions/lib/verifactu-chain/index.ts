/** The face of the verifactu-chain library: the only module other code imports (infra/architecture.test.ts). */

export * from './verifactu-records';
