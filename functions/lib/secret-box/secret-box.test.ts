import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DecryptCommand, GenerateDataKeyCommand, KMSClient } from '@aws-sdk/client-kms';
import { envNames } from '@shared/config/env-names';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  open,
  resetSecretBoxForTests,
  type SealedSecret,
  SecretBoxConfigurationError,
  seal,
} from './secret-box';

const ctx = { companyId: 'co-1', certificateId: 'cert-1' };
const secret = new TextEncoder().encode('{"p12Base64":"MIIK...","password":"secreto"}');

const dir = mkdtempSync(join(tmpdir(), 'secret-box-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const saved = {
  kms: process.env[envNames.certificatesKeyId],
  local: process.env[envNames.certificatesLocalKeyFile],
};
function setEnv(kms: string | undefined, local: string | undefined) {
  if (kms === undefined) delete process.env[envNames.certificatesKeyId];
  else process.env[envNames.certificatesKeyId] = kms;
  if (local === undefined) delete process.env[envNames.certificatesLocalKeyFile];
  else process.env[envNames.certificatesLocalKeyFile] = local;
}
afterAll(() => setEnv(saved.kms, saved.local));

const flip = (b64: string) => {
  const bytes = Buffer.from(b64, 'base64');
  bytes[0] = (bytes[0] ?? 0) ^ 0x01;
  return bytes.toString('base64');
};

describe('secret-box with the local master key', () => {
  const keyFile = join(dir, 'nested', 'folder', 'certificates.key');
  beforeEach(() => {
    resetSecretBoxForTests();
    setEnv(undefined, keyFile);
  });

  it('round-trips and creates the key file with mode 0600', async () => {
    const sealed = await seal(secret, ctx);
    expect(sealed.alg).toBe('AES-256-GCM');
    expect(sealed.keyRef).toBe(`local:${keyFile}`);
    expect(Buffer.from(sealed.ciphertext, 'base64').includes(Buffer.from('secreto'))).toBe(false);
    expect(new Uint8Array(await open(sealed, ctx))).toEqual(secret);
    expect(readFileSync(keyFile)).toHaveLength(32);
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
  });

  it('uses a fresh data key and nonce per secret', async () => {
    const a = await seal(secret, ctx);
    const b = await seal(secret, ctx);
    expect(a.wrappedKey).not.toBe(b.wrappedKey);
    expect(a.ciphertext).not.toBe(b.ciphertext);
  });

  it('refuses another context (in any key order it is the same context)', async () => {
    const sealed = await seal(secret, ctx);
    await expect(open(sealed, { ...ctx, companyId: 'co-2' })).rejects.toThrow();
    await expect(open(sealed, { companyId: 'co-1' })).rejects.toThrow();
    expect(new Uint8Array(await open(sealed, { certificateId: 'cert-1', companyId: 'co-1' }))).toEqual(
      secret,
    );
  });

  it.each(['ciphertext', 'tag', 'iv', 'wrappedKey'] as const)('refuses a tampered %s', async (part) => {
    const sealed = await seal(secret, ctx);
    const tampered: SealedSecret = { ...sealed, [part]: flip(sealed[part]) };
    await expect(open(tampered, ctx)).rejects.toThrow();
  });

  it('cannot open with another master key', async () => {
    const sealed = await seal(secret, ctx);
    resetSecretBoxForTests();
    setEnv(undefined, join(dir, 'other.key'));
    await expect(open(sealed, ctx)).rejects.toThrow();
  });
});

describe('secret-box with KMS', () => {
  const kms = mockClient(KMSClient);
  const KEY = 'arn:aws:kms:eu-west-1:111122223333:key/abc';
  const dataKey = randomBytes(32);
  const blob = Buffer.from('kms-wrapped-blob');

  beforeEach(() => {
    resetSecretBoxForTests();
    setEnv(KEY, join(dir, 'ignored.key'));
    kms.reset();
    kms
      .on(GenerateDataKeyCommand)
      .resolves({ Plaintext: new Uint8Array(dataKey), CiphertextBlob: blob, KeyId: KEY });
    kms.on(DecryptCommand).callsFake((input: { EncryptionContext?: Record<string, string> }) => {
      if (JSON.stringify(input.EncryptionContext) !== JSON.stringify(ctx))
        throw new Error('InvalidCiphertextException');
      return { Plaintext: new Uint8Array(dataKey), KeyId: KEY };
    });
  });
  afterEach(() => kms.reset());

  it('asks KMS for a data key with the encryption context and opens through Decrypt', async () => {
    const sealed = await seal(secret, ctx);
    expect(sealed.keyRef).toBe(`kms:${KEY}`);
    expect(sealed.wrappedKey).toBe(blob.toString('base64'));
    const gen = kms.commandCalls(GenerateDataKeyCommand)[0]!.args[0].input;
    expect(gen).toEqual({ KeyId: KEY, KeySpec: 'AES_256', EncryptionContext: ctx });

    expect(new Uint8Array(await open(sealed, ctx))).toEqual(secret);
    const dec = kms.commandCalls(DecryptCommand)[0]!.args[0].input;
    expect(dec.EncryptionContext).toEqual(ctx);
    expect(Buffer.from(dec.CiphertextBlob!)).toEqual(blob);
  });

  it('fails when KMS refuses the context', async () => {
    const sealed = await seal(secret, ctx);
    await expect(open(sealed, { ...ctx, companyId: 'co-2' })).rejects.toThrow('InvalidCiphertextException');
  });

  it('fails on a tampered ciphertext even with the right data key', async () => {
    const sealed = await seal(secret, ctx);
    await expect(open({ ...sealed, ciphertext: flip(sealed.ciphertext) }, ctx)).rejects.toThrow();
  });
});

describe('secret-box without a master key', () => {
  it('throws a configuration error', async () => {
    resetSecretBoxForTests();
    setEnv(undefined, undefined);
    await expect(seal(secret, ctx)).rejects.toBeInstanceOf(SecretBoxConfigurationError);
  });
});
