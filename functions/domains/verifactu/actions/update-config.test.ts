import { keys } from '@shared/db/keys';
import type { VerifactuConfig } from '@shared/schemas/verifactu';
import { describe, expect, it } from 'vitest';
import { configItem } from '../store/config';
import {
  COMPANY,
  call,
  setNow,
  storeTestCertificate,
  T0,
  table,
  useConfigHarness,
} from '../testing/config-harness';

useConfigHarness();

const base: VerifactuConfig = {
  companyId: COMPANY,
  mode: 'VERIFACTU',
  environment: 'TEST',
  representative: { name: 'Asesoría Martínez SL', nif: 'B87654321' },
  certificateId: 'c1',
  sealCertificate: false,
  enabled: true,
  lastConnectionTest: null,
  createdAt: T0.toISOString(),
  updatedAt: T0.toISOString(),
};

const storeCertificate = (certificateId: string, validTo = '2028-01-01T00:00:00.000Z') =>
  storeTestCertificate(certificateId, { validTo });

const update = (user: string, body: unknown) =>
  call<VerifactuConfig>(user, { routeId: 'verifactu.updateConfig', body });
const LATER = new Date('2027-03-02T08:00:00.000Z');

describe('verifactu.updateConfig', () => {
  it('changes only the fields sent and moves the company flag with them', async () => {
    await storeTestCertificate('c1', { qualifiedCa: 'AC RAIZ FNMT-RCM' });
    table.put(configItem(base));
    setNow(LATER);

    const res = await update('gestor', { enabled: false });

    expect(res.status).toBe(200);
    expect(res.envelope.data).toEqual({ ...base, enabled: false, updatedAt: LATER.toISOString() });
    expect(table.get(keys.company(COMPANY))).toMatchObject({
      verifactuEnabled: false,
      updatedAt: LATER.toISOString(),
    });

    const back = await update('gestor', { enabled: true, environment: 'PRODUCTION', representative: null });
    expect(back.envelope.data).toMatchObject({
      enabled: true,
      environment: 'PRODUCTION',
      representative: null,
      certificateId: 'c1',
    });
    expect(table.get(keys.company(COMPANY))?.verifactuEnabled).toBe(true);
  });

  it('refuses NO_VERIFACTU mode; switching off turns the flag off', async () => {
    await storeCertificate('c1');
    table.put(configItem(base));
    await update('gestor', { enabled: true });
    expect(table.get(keys.company(COMPANY))?.verifactuEnabled).toBe(true);
    const refused = await update('gestor', { mode: 'NO_VERIFACTU' });
    expect(refused.status).toBe(400);
    expect(refused.envelope.error).toMatchObject({
      field: 'mode',
      details: { reason: 'MODE_NOT_AVAILABLE' },
    });
    expect(table.get(keys.company(COMPANY))?.verifactuEnabled).toBe(true);
    await update('gestor', { enabled: false });
    expect(table.get(keys.company(COMPANY))?.verifactuEnabled).toBe(false);
  });

  it('answers 404 when there is no configuration yet', async () => {
    const res = await update('gestor', { enabled: false });
    expect(res.status).toBe(404);
    expect(res.envelope.error?.message).toBe('VeriFacTu no está configurado para esta empresa.');
  });

  it('refuses to point at a missing or expired certificate, but lets an expired one be switched off', async () => {
    await storeCertificate('c1', '2027-02-01T00:00:00.000Z');
    table.put(configItem(base));
    expect((await update('gestor', { certificateId: 'missing' })).status).toBe(400);
    expect((await update('gestor', { environment: 'PRODUCTION' })).envelope.error?.code).toBe('TAX_025');
    const off = await update('gestor', { enabled: false });
    expect(off.status).toBe(200);
  });

  it('refuses to switch to PRODUCTION with a test-CA certificate while enabled', async () => {
    await storeCertificate('c1');
    table.put(configItem(base));
    const res = await update('gestor', { environment: 'PRODUCTION' });
    expect(res.status).toBe(400);
    expect(res.envelope.error).toMatchObject({
      code: 'TAX_025',
      details: { reason: 'CERTIFICATE_NOT_QUALIFIED' },
    });
    expect(table.get(keys.verifactuConfig(COMPANY))?.environment).toBe('TEST');
  });

  it('refuses a change made on a stale read (optimistic lock)', async () => {
    await storeCertificate('c1');
    table.put(configItem(base));
    // Another writer changes the item between our read and our write.
    const { db } = await import('../testing/config-harness');
    const { GetCommand } = await import('@aws-sdk/lib-dynamodb');
    db.on(GetCommand, { Key: keys.verifactuConfig(COMPANY) }).callsFakeOnce(() => {
      const item = table.get(keys.verifactuConfig(COMPANY))!;
      table.put({ ...item, updatedAt: '2027-03-01T11:00:00.000Z' });
      return { Item: item };
    });
    const res = await update('gestor', { enabled: false });
    expect(res.status).toBe(409);
  });

  it('refuses a CLIENTE even with VIEW_TAX_DOCUMENTS', async () => {
    table.put(configItem(base));
    expect((await update('clienteTax', { enabled: false })).status).toBe(403);
  });
});
