import { keys } from '@shared/db/keys';
import type { VerifactuConfig } from '@shared/schemas/verifactu';
import { describe, expect, it } from 'vitest';
import { COMPANY, call, storeTestCertificate, T0, table, useConfigHarness } from '../testing/config-harness';

useConfigHarness();

const storeCertificate = (certificateId: string, validTo = '2028-01-01T00:00:00.000Z') =>
  storeTestCertificate(certificateId, { validTo });

const create = (user: string, body: unknown) =>
  call<VerifactuConfig>(user, { routeId: 'verifactu.createConfig', body });
const company = () => table.get(keys.company(COMPANY))!;

describe('verifactu.createConfig', () => {
  it('creates the configuration (defaults applied) and turns the company flag on in the same transaction', async () => {
    await storeCertificate('c1');
    const res = await create('gestor', { certificateId: 'c1' });

    expect(res.status).toBe(201);
    expect(res.envelope.data).toEqual({
      companyId: COMPANY,
      mode: 'VERIFACTU',
      environment: 'TEST',
      representative: null,
      certificateId: 'c1',
      sealCertificate: false,
      enabled: true,
      lastConnectionTest: null,
      createdAt: T0.toISOString(),
      updatedAt: T0.toISOString(),
    });
    expect(table.get(keys.verifactuConfig(COMPANY))).toMatchObject({
      entity: 'VerifactuConfig',
      v: 1,
      certificateId: 'c1',
    });
    expect(company().verifactuEnabled).toBe(true);
  });

  it('refuses for PRODUCTION a certificate of a test CA (clear message), accepts a qualified one', async () => {
    await storeTestCertificate('test-ca', { qualifiedCa: null });
    const refused = await create('gestor', { certificateId: 'test-ca', environment: 'PRODUCTION' });
    expect(refused.status).toBe(400);
    expect(refused.envelope.error).toMatchObject({
      code: 'TAX_025',
      field: 'certificateId',
      details: { reason: 'CERTIFICATE_NOT_QUALIFIED' },
    });
    expect(refused.envelope.error?.message).toContain('solo se admite en el entorno de pruebas de la AEAT');
    expect(table.get(keys.verifactuConfig(COMPANY))).toBeUndefined();

    await storeTestCertificate('fnmt', { qualifiedCa: 'AC RAIZ FNMT-RCM' });
    const accepted = await create('gestor', { certificateId: 'fnmt', environment: 'PRODUCTION' });
    expect(accepted.status).toBe(201);
  });

  it('accepts a certificate of a test CA for the TEST environment', async () => {
    await storeTestCertificate('test-ca', { qualifiedCa: null });
    expect((await create('gestor', { certificateId: 'test-ca', environment: 'TEST' })).status).toBe(201);
  });

  it('refuses NO VERI*FACTU mode (its records would have to be XAdES-signed) and stores nothing', async () => {
    const res = await create('owner', { mode: 'NO_VERIFACTU' });
    expect(res.status).toBe(400);
    expect(res.envelope.error).toMatchObject({
      code: 'CORE_004',
      field: 'mode',
      details: { reason: 'MODE_NOT_AVAILABLE' },
    });
    expect(table.get(keys.verifactuConfig(COMPANY))).toBeUndefined();
  });

  it('keeps the flag off while switched off (no certificate needed) and stores the representative', async () => {
    const res = await create('owner', {
      enabled: false,
      representative: { name: 'Asesoría Martínez SL', nif: 'b87654321' },
    });
    expect(res.status).toBe(201);
    expect(res.envelope.data?.representative).toEqual({ name: 'Asesoría Martínez SL', nif: 'B87654321' });
    expect(company().verifactuEnabled).toBe(false);
  });

  it('refuses a second configuration (409)', async () => {
    await create('gestor', { enabled: false });
    const res = await create('gestor', { enabled: false });
    expect(res.status).toBe(409);
    expect(res.envelope.error?.message).toBe(
      'VeriFacTu ya está configurado para esta empresa: modifica la configuración existente.',
    );
  });

  it('needs a certificate to send in VERI*FACTU mode', async () => {
    const res = await create('gestor', { mode: 'VERIFACTU', enabled: true });
    expect(res.status).toBe(400);
    expect(res.envelope.error).toMatchObject({ code: 'CORE_004', field: 'certificateId' });
    expect(table.get(keys.verifactuConfig(COMPANY))).toBeUndefined();
  });

  it('refuses an unknown certificate and an expired one', async () => {
    const unknown = await create('gestor', { certificateId: 'nope' });
    expect(unknown.status).toBe(400);
    expect(unknown.envelope.error).toMatchObject({ field: 'certificateId' });

    await storeCertificate('old', '2027-02-01T00:00:00.000Z');
    const expired = await create('gestor', { certificateId: 'old' });
    expect(expired.status).toBe(400);
    expect(expired.envelope.error).toMatchObject({
      code: 'TAX_025',
      field: 'certificateId',
      message: 'El certificado seleccionado caducó el 01/02/2027.',
    });
    expect(company().verifactuEnabled).toBe(false);
  });

  it('refuses unknown fields and a member without write permission', async () => {
    expect((await create('gestor', { enabled: false, extra: 1 })).status).toBe(400);
    expect((await create('member', { enabled: false })).status).toBe(403);
    expect((await create('clienteTax', { enabled: false })).status).toBe(403);
  });

  it('answers 404 when the company item is gone', async () => {
    table.delete(keys.company(COMPANY));
    const res = await create('admin', { enabled: false });
    expect(res.status).toBe(404);
    expect(table.get(keys.verifactuConfig(COMPANY))).toBeUndefined();
  });
});
