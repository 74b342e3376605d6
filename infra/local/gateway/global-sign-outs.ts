/**
 * cognito-local has no AdminUserGlobalSignOut and answers GlobalSignOut with "Unsupported
 * x-amz-target" (reference/local-runtime.md §3). The Cognito shim emulates both with this record:
 * per user, the second of the last global sign-out; a refresh token issued before it (cognito-local's
 * refresh tokens are JWTs with `iat` and `cognito:username`) is refused as Cognito refuses a revoked
 * one. Kept in a JSON file beside cognito-local's data, so a restart does not revive old sessions.
 */

import fs from 'node:fs';
import path from 'node:path';

export interface GlobalSignOuts {
  record(userPoolId: string, username: string, atSeconds: number): void;
  /** Whether a refresh token of `username` issued at `issuedAtSeconds` was revoked since. */
  isRevoked(userPoolId: string, username: string, issuedAtSeconds: number): boolean;
}

const keyOf = (userPoolId: string, username: string) => `${userPoolId}/${username.toLowerCase()}`;

export function createGlobalSignOuts(file?: string): GlobalSignOuts {
  const signedOut = new Map<string, number>();
  if (file && fs.existsSync(file)) {
    const saved = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, number>;
    for (const [k, v] of Object.entries(saved)) signedOut.set(k, v);
  }
  const save = () => {
    if (!file) return;
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, JSON.stringify(Object.fromEntries(signedOut)));
  };
  return {
    record(userPoolId, username, atSeconds) {
      const key = keyOf(userPoolId, username);
      signedOut.set(key, Math.max(atSeconds, signedOut.get(key) ?? 0));
      save();
    },
    // Same second semantics as the pipeline (functions/platform/session-validity.ts): a token of the
    // very second of the sign-out survives, so the login right after it is never refused.
    isRevoked(userPoolId, username, issuedAtSeconds) {
      const at = signedOut.get(keyOf(userPoolId, username));
      return at !== undefined && issuedAtSeconds < at;
    },
  };
}

/** The claims of a cognito-local refresh token that matter here, read without verifying it. */
export function refreshTokenClaims(
  token: string | undefined,
): { userPoolId: string; username: string; iat: number } | undefined {
  const payload = token?.split('.')[1];
  if (!payload) return undefined;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    const username = claims['cognito:username'];
    const iss = claims.iss;
    const iat = claims.iat;
    if (typeof username !== 'string' || typeof iss !== 'string' || typeof iat !== 'number') return undefined;
    const userPoolId = iss.split('/').pop() ?? '';
    return { userPoolId, username, iat };
  } catch {
    return undefined;
  }
}
