/** The face of the notifications library: the only module other code imports (infra/architecture.test.ts). */

export * from './notifications';
