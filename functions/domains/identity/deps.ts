import { randomBytes, randomUUID } from 'node:crypto';
import { cognito } from '@functions/platform/aws/cognito';
import { ddb } from '@functions/platform/aws/dynamodb';
import { requireEnv, tableName } from '@functions/platform/aws/env';
import { defaultSessionGate, type SessionGate } from '@functions/platform/session-validity';
import { envNames } from '@shared/config/env-names';
import type { StoreDeps } from './store/deps';

/** What the identity actions need from outside, injected so tests control clients, time and randomness. */
export interface IdentityDeps extends StoreDeps {
  /** Base URL of the web application, for the links in e-mails. */
  appUrl: string;
  now: () => Date;
  /** Cryptographically secure random bytes (single-use tokens). */
  randomBytes: (size: number) => Uint8Array;
  /** New ids for companies and outbox items. */
  newId: () => string;
  /** The pipeline's session gate: an instant written here applies in this container at once. */
  sessionGate: SessionGate;
}

export const makeIdentityDeps = (): IdentityDeps => ({
  db: ddb(),
  table: tableName(),
  cognito: cognito(),
  userPoolId: requireEnv(envNames.userPoolId),
  clientId: requireEnv(envNames.userPoolClientId),
  appUrl: requireEnv(envNames.appUrl),
  now: () => new Date(),
  randomBytes: (size) => randomBytes(size),
  newId: () => randomUUID().replace(/-/g, ''),
  sessionGate: defaultSessionGate,
});
