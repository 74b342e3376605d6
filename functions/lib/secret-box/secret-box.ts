/**
 * Envelope encryption of secrets at rest (uploaded certificates and their passwords): every secret
 * gets its own random 256-bit data key, the data key encrypts the secret with AES-256-GCM, and only
 * the data key's wrapped form is stored next to the ciphertext.
 *
 * - In AWS (`CERTIFICATES_KEY_ID` set) KMS makes and wraps the data key (GenerateDataKey / Decrypt);
 *   the encryption context is bound to the wrapped key, so a sealed secret copied to another
 *   company or item cannot be opened there. `@aws-sdk/client-kms` is loaded on first use only.
 * - Locally (`CERTIFICATES_LOCAL_KEY_FILE` set) a 32-byte master key in that file stands in for KMS:
 *   it wraps the data key with AES-256-GCM, the context bound as additional authenticated data.
 *
 * The context is bound to the secret's ciphertext as well (AAD), in both modes.
 */

import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { KMSClient } from '@aws-sdk/client-kms';
import { envNames } from '@shared/config/env-names';

export interface SealedSecret {
  alg: 'AES-256-GCM';
  /** `kms:<key id or ARN>` or `local:<file>`: which master key wrapped the data key. */
  keyRef: string;
  /** base64 of the wrapped data key (a KMS CiphertextBlob, or iv|tag|ciphertext of the local wrap). */
  wrappedKey: string;
  /** base64 of the 12-byte GCM nonce of the secret. */
  iv: string;
  /** base64 of the 16-byte GCM tag of the secret. */
  tag: string;
  /** base64 of the encrypted secret. */
  ciphertext: string;
}

export type EncryptionContext = Record<string, string>;

/** Raised when neither key is configured: a deployment error, never the user's. */
export class SecretBoxConfigurationError extends Error {
  constructor() {
    super(
      'secret-box: no master key configured (set CERTIFICATES_KEY_ID in AWS or CERTIFICATES_LOCAL_KEY_FILE locally)',
    );
    this.name = 'SecretBoxConfigurationError';
  }
}

const KMS_ENV = envNames.certificatesKeyId;
const LOCAL_ENV = envNames.certificatesLocalKeyFile;

/** A stable byte string of the context (sorted keys) to bind as AAD. */
function contextAad(context: EncryptionContext): Buffer {
  const sorted = Object.keys(context)
    .sort()
    .map((k) => [k, context[k]]);
  return Buffer.from(JSON.stringify(sorted), 'utf8');
}

function gcmEncrypt(key: Uint8Array, plaintext: Uint8Array, aad: Buffer) {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(aad);
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return { iv, tag: cipher.getAuthTag(), ciphertext };
}

function gcmDecrypt(key: Uint8Array, iv: Buffer, tag: Buffer, ciphertext: Buffer, aad: Buffer): Buffer {
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAAD(aad);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(ciphertext), decipher.final()]);
}

// --- master key providers --------------------------------------------------------------------------

interface MasterKey {
  keyRef: string;
  /** A fresh data key: its plaintext and its wrapped form. */
  newDataKey(context: EncryptionContext): Promise<{ plaintext: Buffer; wrapped: Buffer }>;
  unwrap(wrapped: Buffer, context: EncryptionContext): Promise<Buffer>;
}

let kmsLoaded: Promise<{ sdk: typeof import('@aws-sdk/client-kms'); client: KMSClient }> | undefined;
const lazyKms = () => {
  kmsLoaded ??= import('@aws-sdk/client-kms').then((sdk) => ({ sdk, client: new sdk.KMSClient({}) }));
  return kmsLoaded;
};

function kmsMasterKey(keyId: string): MasterKey {
  return {
    keyRef: `kms:${keyId}`,
    async newDataKey(context) {
      const { sdk, client } = await lazyKms();
      const out = await client.send(
        new sdk.GenerateDataKeyCommand({ KeyId: keyId, KeySpec: 'AES_256', EncryptionContext: context }),
      );
      if (!out.Plaintext || !out.CiphertextBlob) throw new Error('secret-box: KMS returned no data key');
      return { plaintext: Buffer.from(out.Plaintext), wrapped: Buffer.from(out.CiphertextBlob) };
    },
    async unwrap(wrapped, context) {
      const { sdk, client } = await lazyKms();
      const out = await client.send(
        new sdk.DecryptCommand({ KeyId: keyId, CiphertextBlob: wrapped, EncryptionContext: context }),
      );
      if (!out.Plaintext) throw new Error('secret-box: KMS returned no plaintext');
      return Buffer.from(out.Plaintext);
    },
  };
}

const localKeys = new Map<string, Buffer>();

/** The local master key, created (32 random bytes, mode 0600) on first use. */
function readOrCreateLocalKey(file: string): Buffer {
  const cached = localKeys.get(file);
  if (cached) return cached;
  if (!existsSync(file)) {
    mkdirSync(dirname(file), { recursive: true });
    try {
      // `wx`: two processes starting together do not overwrite each other's key.
      writeFileSync(file, randomBytes(32), { mode: 0o600, flag: 'wx' });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    chmodSync(file, 0o600);
  }
  const key = readFileSync(file);
  if (key.length !== 32) throw new Error(`secret-box: the local master key in ${file} must be 32 bytes`);
  localKeys.set(file, key);
  return key;
}

function localMasterKey(file: string): MasterKey {
  const wrapAad = (context: EncryptionContext) =>
    Buffer.concat([Buffer.from('cuadra-datakey|'), contextAad(context)]);
  return {
    keyRef: `local:${file}`,
    async newDataKey(context) {
      const plaintext = randomBytes(32);
      const { iv, tag, ciphertext } = gcmEncrypt(readOrCreateLocalKey(file), plaintext, wrapAad(context));
      return { plaintext, wrapped: Buffer.concat([iv, tag, ciphertext]) };
    },
    async unwrap(wrapped, context) {
      if (wrapped.length !== 12 + 16 + 32) throw new Error('secret-box: malformed wrapped key');
      return gcmDecrypt(
        readOrCreateLocalKey(file),
        wrapped.subarray(0, 12),
        wrapped.subarray(12, 28),
        wrapped.subarray(28),
        wrapAad(context),
      );
    },
  };
}

function masterKey(): MasterKey {
  const keyId = process.env[KMS_ENV];
  if (keyId) return kmsMasterKey(keyId);
  const file = process.env[LOCAL_ENV];
  if (file) return localMasterKey(file);
  throw new SecretBoxConfigurationError();
}

/** The master key a sealed secret names, when it still exists in this environment. */
function masterKeyFor(keyRef: string): MasterKey {
  if (keyRef.startsWith('kms:')) return kmsMasterKey(keyRef.slice(4));
  if (keyRef.startsWith('local:')) {
    // Locally the file named by the environment wins (the .local folder may have moved).
    return localMasterKey(process.env[LOCAL_ENV] ?? keyRef.slice(6));
  }
  throw new Error('secret-box: unknown key reference');
}

// --- API ---------------------------------------------------------------------------------------------

export async function seal(plaintext: Uint8Array, context: EncryptionContext): Promise<SealedSecret> {
  const master = masterKey();
  const dataKey = await master.newDataKey(context);
  try {
    const { iv, tag, ciphertext } = gcmEncrypt(dataKey.plaintext, plaintext, contextAad(context));
    return {
      alg: 'AES-256-GCM',
      keyRef: master.keyRef,
      wrappedKey: dataKey.wrapped.toString('base64'),
      iv: iv.toString('base64'),
      tag: tag.toString('base64'),
      ciphertext: ciphertext.toString('base64'),
    };
  } finally {
    dataKey.plaintext.fill(0);
  }
}

/** The plaintext of a sealed secret; throws when the context differs or anything was tampered with. */
export async function open(sealed: SealedSecret, context: EncryptionContext): Promise<Buffer> {
  if (sealed.alg !== 'AES-256-GCM') throw new Error('secret-box: unsupported algorithm');
  const master = masterKeyFor(sealed.keyRef);
  const dataKey = await master.unwrap(Buffer.from(sealed.wrappedKey, 'base64'), context);
  try {
    return gcmDecrypt(
      dataKey,
      Buffer.from(sealed.iv, 'base64'),
      Buffer.from(sealed.tag, 'base64'),
      Buffer.from(sealed.ciphertext, 'base64'),
      contextAad(context),
    );
  } finally {
    dataKey.fill(0);
  }
}

/** Tests only: forget cached local keys and the KMS client. */
export function resetSecretBoxForTests(): void {
  localKeys.clear();
  kmsLoaded = undefined;
}
