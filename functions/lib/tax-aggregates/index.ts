/** The face of the tax-aggregates library: the only module other code imports (infra/architecture.test.ts). */

export * from './tax-aggregates';
