/** Lifetime of the tokens Cognito returns. */

const DEFAULT_EXPIRES_IN = 3600;

/** The claims of a JWT, read without verifying it: only for tokens that come straight from Cognito. */
function unverifiedClaims(token: string): Record<string, unknown> {
  const payload = token.split('.')[1];
  if (!payload) return {};
  try {
    const claims: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    return claims && typeof claims === 'object' ? (claims as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The user id (`sub`) of an access token Cognito has just issued to us. */
export function tokenSubject(accessToken: string): string | undefined {
  const sub = unverifiedClaims(accessToken).sub;
  return typeof sub === 'string' && sub !== '' ? sub : undefined;
}

/**
 * Seconds until the access token expires: Cognito's `ExpiresIn`, or (cognito-local leaves it out)
 * the token's own `exp` claim, or one hour.
 */
export function expiresInSeconds(expiresIn: number | undefined, accessToken: string, now: Date): number {
  if (typeof expiresIn === 'number' && expiresIn > 0) return expiresIn;
  const exp = unverifiedClaims(accessToken).exp;
  if (typeof exp !== 'number') return DEFAULT_EXPIRES_IN;
  return Math.max(0, Math.floor(exp - now.getTime() / 1000));
}
