/**
 * The face of the secret-box library: the only module other code imports (infra/architecture.test.ts).
 * A store library (envelope encryption: KMS in AWS, a local key file on a laptop): only store/ and workers/ import it.
 */

export { open, type SealedSecret, seal } from './secret-box';
