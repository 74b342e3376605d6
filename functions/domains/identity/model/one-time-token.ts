/**
 * Single-use tokens sent by e-mail (verification, password reset). Only the SHA-256 of a token is
 * stored, so a leaked table does not leak working links; the token itself is 32 random bytes.
 */

import { hashToken } from '@functions/platform/tokens';

export const TOKEN_KINDS = ['EMAIL_VERIFY', 'PASSWORD_RESET'] as const;
export type TokenKind = (typeof TOKEN_KINDS)[number];

const TOKEN_BYTES = 32;
const HOUR_MS = 3_600_000;

export const TOKEN_LIFETIME_MS: Record<TokenKind, number> = {
  EMAIL_VERIFY: 24 * HOUR_MS,
  PASSWORD_RESET: HOUR_MS,
};

export interface OneTimeToken {
  tokenHash: string;
  kind: TokenKind;
  userId: string;
  email: string;
  createdAt: string;
  expiresAt: string;
  /** Set when the token is consumed; a used token stays until its TTL for auditing. */
  usedAt?: string;
}

/** A new token for a user: the secret for the link and the record to store. */
export function issueToken(
  kind: TokenKind,
  user: { userId: string; email: string },
  now: Date,
  randomBytes: (size: number) => Uint8Array,
): { token: string; record: OneTimeToken } {
  const token = Buffer.from(randomBytes(TOKEN_BYTES)).toString('base64url');
  return {
    token,
    record: {
      tokenHash: hashToken(token),
      kind,
      userId: user.userId,
      email: user.email,
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_MS[kind]).toISOString(),
    },
  };
}

/** A token can be used when it is of the expected kind, not used yet and not expired. */
export function isUsable(
  record: OneTimeToken | undefined,
  kind: TokenKind,
  now: Date,
): record is OneTimeToken {
  return (
    record !== undefined &&
    record.kind === kind &&
    record.usedAt === undefined &&
    Date.parse(record.expiresAt) > now.getTime()
  );
}
