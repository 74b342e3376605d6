/**
 * Sessions that end (issue #12 item 3): after a password change or reset, a logout of every session
 * or an admin disabling the account, the identity domain stores a per-user "valid after" instant
 * (`keys.sessionsValidAfter`) and revokes the refresh tokens in Cognito. API Gateway's Cognito
 * authorizer still accepts the access tokens already issued until they expire, so the pipeline
 * refuses every token whose session began before that instant.
 *
 * The instant is read at most once per user per container per minute (a 60 s in-memory cache), so
 * a revoked session may live on for up to a minute in other containers; the container that wrote
 * the instant learns it at once (`rememberSessionsValidAfter`).
 *
 * JWT times are whole seconds. A token counts as issued before the change when its session start
 * is strictly before the change's second: a token of the very second of the change passes, so the
 * login that follows a change at once is never refused.
 */

import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { AppError } from '@shared/api/errors';
import { keys } from '@shared/db/keys';
import { ddb } from './aws/dynamodb';
import { tableName } from './aws/env';

/** Epoch seconds of a user's "valid after" instant, or undefined when nothing was ever revoked. */
export type SessionsValidAfterLookup = (userId: string) => Promise<number | undefined>;

export const SESSION_CACHE_TTL_MS = 60_000;

/** Refused tokens get the session-expired answer, so the web's forced-logout rule applies. */
export const sessionRevoked = (): AppError =>
  new AppError('CORE_001', 'La sesión ha expirado. Por favor, inicia sesión nuevamente.', {
    details: { reason: 'SESSION_REVOKED' },
  });

/**
 * When the token's session began, in epoch seconds: `auth_time` (the sign-in, which Cognito keeps
 * across refreshes) when present, else `iat`. Claims arrive as strings from API Gateway.
 */
export function sessionStartOf(claims: Record<string, unknown> | undefined | null): number | undefined {
  for (const name of ['auth_time', 'iat']) {
    const n = Number(claims?.[name]);
    if (claims?.[name] !== undefined && claims?.[name] !== '' && Number.isFinite(n)) return n;
  }
  return undefined;
}

export interface SessionGate {
  /** Throws 401 CORE_001 (SESSION_REVOKED) when the token's session began before the user's instant. */
  assertCurrent(userId: string, claims: Record<string, unknown> | undefined | null): Promise<void>;
  /** Records an instant this container has just written, so it applies here at once. */
  remember(userId: string, validAfterSeconds: number): void;
}

interface Cached {
  validAfter: number | undefined;
  fetchedAt: number;
}

export function createSessionGate(options: {
  lookup: SessionsValidAfterLookup;
  /** Milliseconds since the epoch; injected by tests. */
  now?: () => number;
  ttlMs?: number;
}): SessionGate {
  const now = options.now ?? Date.now;
  const ttl = options.ttlMs ?? SESSION_CACHE_TTL_MS;
  const cache = new Map<string, Cached>();

  const validAfterOf = async (userId: string): Promise<number | undefined> => {
    const at = now();
    const hit = cache.get(userId);
    if (hit && at - hit.fetchedAt < ttl) return hit.validAfter;
    const validAfter = await options.lookup(userId);
    // Entries past their TTL are dropped as users come back; a busy container stays bounded.
    if (cache.size > 10_000) {
      for (const [id, entry] of cache) if (at - entry.fetchedAt >= ttl) cache.delete(id);
    }
    cache.set(userId, { validAfter, fetchedAt: at });
    return validAfter;
  };

  return {
    async assertCurrent(userId, claims) {
      // Cognito signs `iat` into every token and the authorizer passes only verified tokens, so a
      // claim set without a session time is not a Cognito token's: there is nothing to compare.
      const start = sessionStartOf(claims);
      if (start === undefined) return;
      const validAfter = await validAfterOf(userId);
      if (validAfter !== undefined && start < validAfter) throw sessionRevoked();
    },
    remember(userId, validAfterSeconds) {
      const hit = cache.get(userId);
      const validAfter = Math.max(validAfterSeconds, hit?.validAfter ?? validAfterSeconds);
      cache.set(userId, { validAfter, fetchedAt: now() });
    },
  };
}

export const dynamoSessionsValidAfter: SessionsValidAfterLookup = async (userId) => {
  const res = await ddb().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.sessionsValidAfter(userId),
      ProjectionExpression: 'validAfter',
    }),
  );
  const value = res?.Item?.validAfter;
  return typeof value === 'number' ? value : undefined;
};

/** The container's gate, used by every pipeline that is not given another. */
export const defaultSessionGate: SessionGate = createSessionGate({ lookup: dynamoSessionsValidAfter });

/** The instant, in JWT seconds, that a change happening at `at` writes. */
export const validAfterSecondsOf = (at: Date): number => Math.floor(at.getTime() / 1000);
