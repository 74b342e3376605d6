/**
 * Access-token verification, shared by the WebSocket $connect handler and the local REST gateway
 * (which plays API Gateway's Cognito authorizer). In AWS the pool is real Cognito and
 * CognitoJwtVerifier fetches its JWKS over https. Locally cognito-local signs with a fixed key
 * served over http, which aws-jwt-verify refuses to fetch, so the JWKS is fetched once here and
 * cached into a JwtRsaVerifier (reference/local-runtime.md §3). The local branch is chosen only
 * when JWT_ISSUER and JWKS_URI are set, which the CDK stack never does.
 */

import { envNames } from '@shared/config/env-names';
import { CognitoJwtVerifier, JwtRsaVerifier } from 'aws-jwt-verify';
import type { Jwks } from 'aws-jwt-verify/jwk';

export interface AccessClaims {
  sub: string;
  username?: string;
  'cognito:groups'?: string[];
  client_id?: string;
  exp: number;
  iat: number;
  [claim: string]: unknown;
}

export type VerifyResult =
  | { ok: true; claims: AccessClaims }
  | { ok: false; reason: 'missing' | 'expired' | 'invalid' };

export interface VerifierConfig {
  userPoolId: string;
  clientId: string;
  /** Local only. */
  issuer?: string;
  jwksUri?: string;
}

export type AccessTokenVerifier = (token: string | undefined | null) => Promise<VerifyResult>;

export function verifierConfigFromEnv(env: NodeJS.ProcessEnv = process.env): VerifierConfig {
  const userPoolId = env[envNames.userPoolId];
  const clientId = env[envNames.userPoolClientId];
  if (!userPoolId || !clientId)
    throw new Error(`${envNames.userPoolId} and ${envNames.userPoolClientId} must be set`);
  const config: VerifierConfig = { userPoolId, clientId };
  const issuer = env[envNames.jwtIssuer];
  const jwksUri = env[envNames.jwksUri];
  if (issuer) config.issuer = issuer;
  if (jwksUri) config.jwksUri = jwksUri;
  return config;
}

export async function createAccessTokenVerifier(config: VerifierConfig): Promise<AccessTokenVerifier> {
  let verify: (token: string) => Promise<unknown>;
  if (config.issuer && config.jwksUri) {
    const verifier = JwtRsaVerifier.create({
      issuer: config.issuer,
      audience: null,
      // Placeholder https URI: the real keys are cached below and never fetched from it.
      jwksUri: 'https://cognito-local.invalid/.well-known/jwks.json',
      customJwtCheck: ({ payload }) => {
        if (payload.token_use !== 'access') throw new Error('Not an access token');
        if (payload.client_id !== config.clientId) throw new Error('Token of another client');
      },
    });
    const res = await fetch(config.jwksUri);
    if (!res.ok) throw new Error(`JWKS fetch failed: ${res.status}`);
    verifier.cacheJwks((await res.json()) as Jwks);
    verify = (t) => verifier.verify(t);
  } else {
    const verifier = CognitoJwtVerifier.create({
      userPoolId: config.userPoolId,
      tokenUse: 'access',
      clientId: config.clientId,
    });
    verify = (t) => verifier.verify(t);
  }
  return async (token) => {
    const raw = token?.replace(/^Bearer\s+/i, '').trim();
    if (!raw) return { ok: false, reason: 'missing' };
    try {
      return { ok: true, claims: (await verify(raw)) as AccessClaims };
    } catch (e) {
      const name = (e as Error).name ?? '';
      return { ok: false, reason: /Expired/i.test(name) ? 'expired' : 'invalid' };
    }
  };
}
