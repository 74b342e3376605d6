/** The face of the directory library: the only module other code imports (infra/architecture.test.ts). */

export * from './directory';
