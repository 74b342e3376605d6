/**
 * Access-token variants an attacker would try on the Cognito authorizer (issue #12 item 12), built
 * from one real access token of the local pool. The claim-level variants (expired, another issuer,
 * another client, an ID token) are signed with cognito-local's own key, so only the claim check can
 * refuse them; the signature-level variants (tampered, another key, `alg: none`, HS256 keyed with
 * the public key) keep the real claims, so only the signature check can.
 */

import { createHmac, createSign, generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const keysDir = path.resolve(
  fileURLToPath(new URL('../../..', import.meta.url)),
  'node_modules/cognito-local/lib/keys',
);

interface PemFile {
  pem: string;
}
const readPem = (file: string) =>
  (JSON.parse(fs.readFileSync(path.join(keysDir, file), 'utf8')) as PemFile).pem;

const b64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');
const encode = (part: object) => b64url(JSON.stringify(part));

function decodePart(part: string | undefined): Record<string, unknown> {
  if (!part) throw new Error('not a JWT');
  return JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;
}

function signRs256(header: object, payload: object, privatePem: string): string {
  const input = `${encode(header)}.${encode(payload)}`;
  const signature = createSign('RSA-SHA256').update(input).sign(privatePem);
  return `${input}.${b64url(signature)}`;
}

export interface TokenVariant {
  name: string;
  /** The Authorization header to send, or undefined for none at all. */
  authorization: string | undefined;
}

/**
 * The control of the claim-level variants: `accessToken` re-signed, unchanged, with the pool's key.
 * The gateway must accept it, which proves the refused variants are refused for their claims.
 */
export function resignedToken(accessToken: string): string {
  const [rawHeader, rawPayload] = accessToken.split('.');
  return signRs256(decodePart(rawHeader), decodePart(rawPayload), readPem('cognitoLocal.private.json'));
}

/**
 * Every refused variant derived from `accessToken` (a real, valid access token of the local pool).
 * `idToken` is the login's ID token when the API returned one.
 */
export function forgedTokenVariants(accessToken: string, idToken?: string): TokenVariant[] {
  const [rawHeader, rawPayload, rawSignature] = accessToken.split('.');
  const header = decodePart(rawHeader);
  const claims = decodePart(rawPayload);
  const poolKey = readPem('cognitoLocal.private.json');
  const publicPem = readPem('cognitoLocal.public.json');
  const now = Math.floor(Date.now() / 1000);
  const signed = (changes: Record<string, unknown>) => signRs256(header, { ...claims, ...changes }, poolKey);
  const bearer = (token: string) => `Bearer ${token}`;

  const otherKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
    type: 'pkcs1',
    format: 'pem',
  }) as string;
  const flipped = `${rawSignature?.[0] === 'A' ? 'B' : 'A'}${rawSignature?.slice(1) ?? ''}`;
  const hsHeader = { ...header, alg: 'HS256' };
  const hsInput = `${encode(hsHeader)}.${rawPayload}`;

  const variants: TokenVariant[] = [
    { name: 'no Authorization header', authorization: undefined },
    { name: 'empty bearer', authorization: 'Bearer ' },
    { name: 'not a JWT', authorization: 'Bearer not-a-jwt' },
    { name: 'three garbage segments', authorization: 'Bearer a.b.c' },
    { name: 'Basic credentials', authorization: `Basic ${b64url('gestor@cuadra.test:Cuadra-Demo-2026')}` },
    { name: 'bad signature', authorization: bearer(`${rawHeader}.${rawPayload}.${flipped}`) },
    {
      name: 'payload tampered to ADMIN',
      authorization: bearer(
        `${rawHeader}.${encode({ ...claims, 'cognito:groups': ['ADMIN'] })}.${rawSignature}`,
      ),
    },
    { name: 'signed by another key', authorization: bearer(signRs256(header, claims, otherKey)) },
    { name: 'alg none', authorization: bearer(`${encode({ ...header, alg: 'none' })}.${rawPayload}.`) },
    {
      name: 'HS256 keyed with the public key',
      authorization: bearer(`${hsInput}.${b64url(createHmac('sha256', publicPem).update(hsInput).digest())}`),
    },
    {
      name: 'expired',
      authorization: bearer(signed({ iat: now - 7200, auth_time: now - 7200, exp: now - 3600 })),
    },
    { name: 'not valid yet', authorization: bearer(signed({ nbf: now + 3600, iat: now + 3600 })) },
    { name: 'another issuer', authorization: bearer(signed({ iss: `${String(claims.iss)}-other` })) },
    { name: 'another app client', authorization: bearer(signed({ client_id: 'another-client-id' })) },
    {
      name: 'ID token (forged with the pool key)',
      authorization: bearer(signed({ token_use: 'id', aud: claims.client_id })),
    },
  ];
  if (idToken) variants.push({ name: 'ID token (from the login)', authorization: bearer(idToken) });
  return variants;
}
