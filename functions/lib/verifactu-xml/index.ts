/** The face of the verifactu-xml library: the only module other code imports (infra/architecture.test.ts). */

export * from './endpoints';
export * from './system';
export * from './xml';
export * from './xsd';
