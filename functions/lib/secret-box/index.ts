/** The face of the secret-box library: the only module other code imports (infra/architecture.test.ts). */

export * from './secret-box';
