import { isAppError } from '@shared/api/errors';
import { describe, expect, it } from 'vitest';
import { FAKE_ROOT_NAME, fakeQualifiedHierarchy, selfSignedP12 } from '../testing/certificate-chains';
import { makeTestP12, TEST_CA_NAME } from '../testing/certificates';
import { assertCertificateForEnvironment, type CertificateFacts, parseP12 } from './certificates';
import { QUALIFIED_CAS } from './qualified-cas';

const NOW = new Date('2027-03-01T10:00:00Z');
const NIF = '12345678Z';
const PASSWORD = 'secreto';

function refusal(fn: () => unknown) {
  try {
    fn();
  } catch (e) {
    if (isAppError(e)) return { code: e.code, field: e.field, message: e.message, reason: e.details?.reason };
    throw e;
  }
  return null;
}

async function uploadRefusal(fn: () => Promise<unknown>) {
  try {
    await fn();
  } catch (e) {
    if (isAppError(e)) return { code: e.code, field: e.field, message: e.message, reason: e.details?.reason };
    throw e;
  }
  return null;
}

/** What the configuration check decides for facts parsed from a file. */
const decide = (facts: CertificateFacts, environment: 'TEST' | 'PRODUCTION') =>
  refusal(() => assertCertificateForEnvironment(facts, environment))?.reason ?? 'ACCEPTED';

describe('certificate chain to a recognised qualified CA', () => {
  const hierarchy = fakeQualifiedHierarchy();
  const trustList = [...QUALIFIED_CAS, hierarchy.trustedRoot];

  it('accepts for PRODUCTION a certificate whose .p12 chains to a listed root through its intermediate', async () => {
    const p12 = hierarchy.personalP12({ nif: NIF, password: PASSWORD });
    const facts = await parseP12(p12, PASSWORD, NOW, trustList);
    expect(facts).toMatchObject({ holderNif: NIF, qualifiedCa: FAKE_ROOT_NAME, digitalSignature: true });
    expect(decide(facts, 'PRODUCTION')).toBe('ACCEPTED');
    expect(decide(facts, 'TEST')).toBe('ACCEPTED');
  });

  it('accepts the same chain when the .p12 also brings the root', async () => {
    const p12 = hierarchy.personalP12({ nif: NIF, password: PASSWORD, withRoot: true });
    expect((await parseP12(p12, PASSWORD, NOW, trustList)).qualifiedCa).toBe(FAKE_ROOT_NAME);
  });

  it('does not trust the chain when its root is not in the list (the shipped list has no test roots)', async () => {
    const p12 = hierarchy.personalP12({ nif: NIF, password: PASSWORD, withRoot: true });
    const facts = await parseP12(p12, PASSWORD, NOW);
    expect(facts.qualifiedCa).toBeNull();
    expect(decide(facts, 'PRODUCTION')).toBe('CERTIFICATE_NOT_QUALIFIED');
  });

  it('does not trust a .p12 without the intermediate that links it to the listed root', async () => {
    const p12 = hierarchy.personalP12({ nif: NIF, password: PASSWORD, withIntermediate: false });
    expect((await parseP12(p12, PASSWORD, NOW, trustList)).qualifiedCa).toBeNull();
  });

  it('does not trust the chain outside its validity', async () => {
    const p12 = hierarchy.personalP12({ nif: NIF, password: PASSWORD });
    // The generated hierarchy is valid 2024-2034; the leaf check refuses it first after 2034.
    await expect(parseP12(p12, PASSWORD, new Date('2035-01-01T00:00:00Z'), trustList)).rejects.toMatchObject({
      details: { reason: 'EXPIRED' },
    });
  });

  it('refuses a self-signed certificate for PRODUCTION with a clear message and accepts it for TEST', async () => {
    const { p12, asRoot } = selfSignedP12({ nif: NIF, password: PASSWORD });
    // Even with its own key in the list: the leaf is never its own anchor.
    const facts = await parseP12(p12, PASSWORD, NOW, [...trustList, asRoot]);
    expect(facts.qualifiedCa).toBeNull();
    expect(refusal(() => assertCertificateForEnvironment(facts, 'PRODUCTION'))).toEqual({
      code: 'TAX_025',
      field: 'certificateId',
      reason: 'CERTIFICATE_NOT_QUALIFIED',
      message:
        'El certificado seleccionado no procede de una autoridad de certificación cualificada española (FNMT-RCM, ACCV, Camerfirma, Izenpe, Firmaprofesional…): un certificado autofirmado o de pruebas solo se admite en el entorno de pruebas de la AEAT.',
    });
    expect(decide(facts, 'TEST')).toBe('ACCEPTED');
  });

  it("refuses the local test CA ('AC Cuadra Pruebas') for PRODUCTION and accepts it for TEST", async () => {
    const p12 = makeTestP12({ nif: NIF, name: 'X', password: PASSWORD, validFrom: new Date('2026-01-01') });
    const facts = await parseP12(p12, PASSWORD, NOW);
    expect(facts).toMatchObject({ issuer: TEST_CA_NAME, qualifiedCa: null, digitalSignature: true });
    expect(decide(facts, 'PRODUCTION')).toBe('CERTIFICATE_NOT_QUALIFIED');
    expect(decide(facts, 'TEST')).toBe('ACCEPTED');
  });

  it('refuses at upload a certificate whose key usage excludes digital signatures, whatever the chain', async () => {
    const p12 = hierarchy.personalP12({ nif: NIF, password: PASSWORD, keyUsage: { keyEncipherment: true } });
    expect(await uploadRefusal(() => parseP12(p12, PASSWORD, NOW, trustList))).toEqual({
      code: 'CORE_004',
      field: 'file',
      reason: 'NO_DIGITAL_SIGNATURE',
      message:
        'El certificado no permite la firma digital (uso de clave «digitalSignature»), necesaria para identificarse ante la AEAT.',
    });
  });

  it('refuses for PRODUCTION a qualified chain without any key usage, accepts it for TEST', async () => {
    const p12 = hierarchy.personalP12({ nif: NIF, password: PASSWORD, keyUsage: null });
    const facts = await parseP12(p12, PASSWORD, NOW, trustList);
    expect(facts).toMatchObject({ qualifiedCa: FAKE_ROOT_NAME, digitalSignature: null });
    expect(decide(facts, 'PRODUCTION')).toBe('CERTIFICATE_NO_DIGITAL_SIGNATURE');
    expect(decide(facts, 'TEST')).toBe('ACCEPTED');
  });

  it('refuses for PRODUCTION a certificate stored before the chain was recorded', () => {
    expect(refusal(() => assertCertificateForEnvironment({}, 'PRODUCTION'))?.reason).toBe(
      'CERTIFICATE_NOT_QUALIFIED',
    );
  });
});
