import { keys } from '@shared/db/keys';
import type { CertificateView } from '@shared/schemas/verifactu';
import { describe, expect, it } from 'vitest';
import { loadSigningCertificate } from '../store/certificates';
import { makeTestP12 } from '../testing/certificates';
import {
  COMPANY,
  call,
  deps,
  multipart,
  PASSWORD,
  T0,
  table,
  useConfigHarness,
} from '../testing/config-harness';

useConfigHarness();

const p12 = makeTestP12({ nif: 'B12345674', name: 'PANADERIA LA ESPIGA SL', password: PASSWORD });

const upload = (user: string, file: Buffer, password: string, fileName = 'espiga.p12') =>
  call<CertificateView>(user, {
    routeId: 'certificates.upload',
    ...multipart([
      { name: 'file', value: file, fileName, contentType: 'application/x-pkcs12' },
      { name: 'password', value: password },
    ]),
  });

describe('certificates.upload', () => {
  it('stores a .p12 sent as multipart/form-data and answers its public view (201)', async () => {
    const res = await upload('gestor', p12, PASSWORD);

    expect(res.status).toBe(201);
    expect(res.envelope.data).toMatchObject({
      certificateId: 'id1',
      companyId: COMPANY,
      fileName: 'espiga.p12',
      subject: 'PANADERIA LA ESPIGA SL - B12345674',
      holderNif: 'B12345674',
      status: 'VALID',
      inUse: false,
      uploadedAt: T0.toISOString(),
      uploadedBy: 'gestor',
    });
    const item = table.get(keys.verifactuCertificate(COMPANY, 'id1'))!;
    // A test-CA certificate: recorded as not from a qualified CA (usable for TEST only), key may sign.
    expect(item).toMatchObject({
      entity: 'VerifactuCertificate',
      v: 1,
      qualifiedCa: null,
      digitalSignature: true,
    });
    expect(item.sealed).toMatchObject({ alg: 'AES-256-GCM' });
    // What is stored opens back to the same file and password, for this company only.
    const signing = await loadSigningCertificate(deps, COMPANY, 'id1');
    expect(signing?.pfx.equals(p12)).toBe(true);
    expect(signing?.passphrase).toBe(PASSWORD);
  });

  it('accepts the same shape as JSON', async () => {
    const res = await call<CertificateView>('owner', {
      routeId: 'certificates.upload',
      body: { file: { fileName: 'x.pfx', contentBase64: p12.toString('base64') }, password: PASSWORD },
    });
    expect(res.status).toBe(201);
    expect(res.envelope.data?.fileName).toBe('x.pfx');
  });

  it('refuses a wrong password on the password field, storing nothing', async () => {
    const res = await upload('gestor', p12, 'otra');
    expect(res.status).toBe(400);
    expect(res.envelope.error).toMatchObject({
      code: 'CORE_004',
      field: 'password',
      message: 'La contraseña del certificado no es correcta.',
    });
    expect(table.all().filter((i) => i.entity === 'VerifactuCertificate')).toHaveLength(0);
  });

  it('tells a non-PKCS#12 by its content, whatever the file name', async () => {
    const res = await upload(
      'gestor',
      Buffer.from('-----BEGIN CERTIFICATE-----\nMIIB\n'),
      PASSWORD,
      'fake.p12',
    );
    expect(res.status).toBe(400);
    expect(res.envelope.error).toMatchObject({
      field: 'file',
      message: 'El archivo no es un certificado .p12/.pfx válido.',
    });
  });

  it('refuses an expired certificate with its date', async () => {
    const old = makeTestP12({
      nif: 'B12345674',
      name: 'X',
      password: PASSWORD,
      validFrom: new Date('2024-01-01T00:00:00Z'),
      validTo: new Date('2027-01-31T12:00:00Z'),
    });
    const res = await upload('gestor', old, PASSWORD);
    expect(res.status).toBe(400);
    expect(res.envelope.error?.message).toBe('El certificado ha caducado el 31/01/2027.');
  });

  it('refuses a missing password with the schema message', async () => {
    const res = await call('gestor', {
      routeId: 'certificates.upload',
      ...multipart([{ name: 'file', value: p12, fileName: 'a.p12' }]),
    });
    expect(res.status).toBe(400);
    expect(res.envelope.error?.field).toBe('password');
  });

  it.each(['member', 'cliente', 'clienteTax'])('refuses %s (403)', async (user) => {
    const res = await upload(user, p12, PASSWORD);
    expect(res.status).toBe(403);
    expect(table.all().filter((i) => i.entity === 'VerifactuCertificate')).toHaveLength(0);
  });
});
