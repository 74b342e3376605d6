import { isAppError } from '@shared/api/errors';
import forge from 'node-forge';
import { describe, expect, it } from 'vitest';
import { makeTestCertificatePem, makeTestP12, TEST_CA_NAME } from '../testing/certificates';
import { certificateStatus, nifFromSerialNumber, parseP12, spanishDate } from './certificates';

const NOW = new Date('2027-03-01T10:00:00Z');
const valid = { validFrom: new Date('2026-01-01T00:00:00Z'), validTo: new Date('2028-01-01T00:00:00Z') };

async function refusal(fn: () => Promise<unknown>) {
  try {
    await fn();
  } catch (e) {
    if (isAppError(e)) return { code: e.code, field: e.field, message: e.message, reason: e.details?.reason };
    throw e;
  }
  throw new Error('expected a refusal');
}

describe('parseP12', () => {
  it('returns the end-entity facts (accents decoded, NIF without IDCES-)', async () => {
    const p12 = makeTestP12({
      nif: '12345678Z',
      name: 'ROMERO GIL JAVIER ÑÁ',
      password: 'secreto',
      ...valid,
    });
    const facts = await parseP12(p12, 'secreto', NOW);
    expect(facts).toMatchObject({
      subject: 'ROMERO GIL JAVIER ÑÁ - 12345678Z',
      holderNif: '12345678Z',
      issuer: TEST_CA_NAME,
      validFrom: '2026-01-01T00:00:00.000Z',
      validTo: '2028-01-01T00:00:00.000Z',
    });
    expect(facts.serialNumber).toMatch(/^[0-9A-F]+$/);
  });

  it('reads AES-encrypted files too', async () => {
    const p12 = makeTestP12({
      nif: 'B12345674',
      name: 'PANADERIA',
      password: 'p',
      algorithm: 'aes256',
      ...valid,
    });
    expect((await parseP12(p12, 'p', NOW)).holderNif).toBe('B12345674');
  });

  it('refuses a wrong password on the password field', async () => {
    const p12 = makeTestP12({ nif: '12345678Z', name: 'X', password: 'right', ...valid });
    expect(await refusal(() => parseP12(p12, 'wrong', NOW))).toEqual({
      code: 'CORE_004',
      field: 'password',
      message: 'La contraseña del certificado no es correcta.',
      reason: 'WRONG_PASSWORD',
    });
  });

  it.each([
    [
      'a PEM certificate renamed .p12',
      Buffer.from(makeTestCertificatePem({ nif: '12345678Z', name: 'X' }).certPem),
    ],
    [
      'a DER certificate (a SEQUENCE but not a PFX)',
      Buffer.from(
        forge.asn1
          .toDer(
            forge.pki.certificateToAsn1(
              forge.pki.certificateFromPem(makeTestCertificatePem({ nif: '12345678Z', name: 'X' }).certPem),
            ),
          )
          .getBytes(),
        'binary',
      ),
    ],
    ['a PDF', Buffer.from('%PDF-1.7\n...')],
    ['garbage starting like a SEQUENCE', Buffer.from([0x30, 0x82, 0xff, 0xff, 0x01])],
    ['empty', Buffer.alloc(0)],
  ])('refuses %s by its content', async (_label, bytes) => {
    expect(await refusal(() => parseP12(bytes, 'x', NOW))).toMatchObject({
      code: 'CORE_004',
      field: 'file',
      message: 'El archivo no es un certificado .p12/.pfx válido.',
    });
  });

  it('refuses files over 50 KB', async () => {
    const big = Buffer.alloc(50 * 1024 + 1, 0x30);
    expect(await refusal(() => parseP12(big, 'x', NOW))).toMatchObject({
      field: 'file',
      reason: 'TOO_LARGE',
    });
  });

  it('refuses an expired certificate with the date', async () => {
    const p12 = makeTestP12({
      nif: '12345678Z',
      name: 'X',
      password: 'p',
      validFrom: new Date('2024-01-01T00:00:00Z'),
      validTo: new Date('2027-02-14T12:00:00Z'),
    });
    expect(await refusal(() => parseP12(p12, 'p', NOW))).toMatchObject({
      code: 'CORE_004',
      field: 'file',
      message: 'El certificado ha caducado el 14/02/2027.',
      reason: 'EXPIRED',
    });
  });

  it('refuses a certificate that is not valid yet', async () => {
    const p12 = makeTestP12({
      nif: '12345678Z',
      name: 'X',
      password: 'p',
      validFrom: new Date('2027-04-01T08:00:00Z'),
      validTo: new Date('2029-01-01T00:00:00Z'),
    });
    expect(await refusal(() => parseP12(p12, 'p', NOW))).toMatchObject({
      field: 'file',
      reason: 'NOT_YET_VALID',
    });
  });

  it('refuses a PKCS#12 without the private key', async () => {
    const { certPem } = makeTestCertificatePem({ nif: '12345678Z', name: 'X', ...valid });
    const asn1 = forge.pkcs12.toPkcs12Asn1(null, [forge.pki.certificateFromPem(certPem)], 'p', {
      algorithm: '3des',
    });
    const bytes = Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary');
    expect(await refusal(() => parseP12(bytes, 'p', NOW))).toMatchObject({
      field: 'file',
      reason: 'NO_PRIVATE_KEY',
    });
  });

  it('refuses a PKCS#12 without integrity MAC (Node TLS would not load it)', async () => {
    const { certPem, keyPem } = makeTestCertificatePem({ nif: '12345678Z', name: 'X', ...valid });
    const asn1 = forge.pkcs12.toPkcs12Asn1(
      forge.pki.privateKeyFromPem(keyPem),
      [forge.pki.certificateFromPem(certPem)],
      'p',
      { algorithm: '3des', useMac: false },
    );
    const bytes = Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary');
    expect(await refusal(() => parseP12(bytes, 'p', NOW))).toMatchObject({
      field: 'file',
      reason: 'UNSUPPORTED_ENCRYPTION',
    });
  });

  it('never puts the password in an error', async () => {
    const p12 = makeTestP12({ nif: '12345678Z', name: 'X', password: 'right-pass', ...valid });
    const r = await refusal(() => parseP12(p12, 'Sup3r-Secret-Guess', NOW));
    expect(JSON.stringify(r)).not.toContain('Sup3r-Secret-Guess');
  });
});

describe('certificate helpers', () => {
  it('derives status and days to expiry', () => {
    const facts = { validFrom: '2026-01-01T00:00:00.000Z', validTo: '2027-03-31T10:00:00.000Z' };
    expect(certificateStatus(facts, NOW)).toEqual({ status: 'VALID', daysToExpiry: 30 });
    expect(certificateStatus(facts, new Date('2027-04-02T10:00:00Z'))).toEqual({
      status: 'EXPIRED',
      daysToExpiry: -2,
    });
    expect(certificateStatus(facts, new Date('2025-12-31T00:00:00Z')).status).toBe('NOT_YET_VALID');
  });

  it('reads the NIF of a subject serialNumber', () => {
    expect(nifFromSerialNumber('IDCES-12345678Z')).toBe('12345678Z');
    expect(nifFromSerialNumber('VATES-B12345674')).toBe('B12345674');
    expect(nifFromSerialNumber('12345678z')).toBe('12345678Z');
    expect(nifFromSerialNumber('PASDE-123')).toBeNull();
    expect(nifFromSerialNumber(null)).toBeNull();
  });

  it('formats dates in Madrid time', () => {
    expect(spanishDate(new Date('2027-12-31T23:30:00Z'))).toBe('01/01/2028');
  });
});
