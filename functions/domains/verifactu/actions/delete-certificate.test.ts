import { keys } from '@shared/db/keys';
import type { VerifactuConfig } from '@shared/schemas/verifactu';
import { describe, expect, it } from 'vitest';
import { configItem } from '../store/config';
import { COMPANY, call, storeTestCertificate, T0, table, useConfigHarness } from '../testing/config-harness';

useConfigHarness();

const config = (over: Partial<VerifactuConfig> = {}) =>
  configItem({
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
    ...over,
  });

const remove = (user: string, certificateId: string) =>
  call(user, { routeId: 'certificates.delete', params: { certificateId } });

describe('certificates.delete', () => {
  it('deletes a certificate the configuration does not use', async () => {
    await storeTestCertificate('c1');
    await storeTestCertificate('c2');
    table.put(config());
    const res = await remove('gestor', 'c2');
    expect(res.status).toBe(200);
    expect(res.envelope.data).toEqual({ certificateId: 'c2', deleted: true });
    expect(table.get(keys.verifactuCertificate(COMPANY, 'c2'))).toBeUndefined();
    expect(table.get(keys.verifactuCertificate(COMPANY, 'c1'))).toBeDefined();
  });

  it('refuses (409) while the enabled configuration uses it', async () => {
    await storeTestCertificate('c1');
    table.put(config());
    const res = await remove('gestor', 'c1');
    expect(res.status).toBe(409);
    expect(res.envelope.error).toMatchObject({ code: 'DOC_046', details: { reason: 'CERTIFICATE_IN_USE' } });
    expect(table.get(keys.verifactuCertificate(COMPANY, 'c1'))).toBeDefined();
  });

  it('refuses (409) when the configuration is switched on to it between the read and the delete', async () => {
    await storeTestCertificate('c1');
    await storeTestCertificate('c2');
    table.put(config({ certificateId: 'c2' }));
    const { db } = await import('../testing/config-harness');
    const { GetCommand } = await import('@aws-sdk/lib-dynamodb');
    db.on(GetCommand, { Key: keys.verifactuConfig(COMPANY) }).callsFakeOnce(() => {
      const before = table.get(keys.verifactuConfig(COMPANY))!;
      table.put({ ...before, certificateId: 'c1' });
      return { Item: before };
    });
    expect((await remove('gestor', 'c1')).status).toBe(409);
    expect(table.get(keys.verifactuCertificate(COMPANY, 'c1'))).toBeDefined();
  });

  it('deletes the certificate of a disabled configuration and clears the reference', async () => {
    await storeTestCertificate('c1');
    table.put(config({ enabled: false }));
    expect((await remove('owner', 'c1')).status).toBe(200);
    expect(table.get(keys.verifactuConfig(COMPANY))?.certificateId).toBeNull();
  });

  it('answers 404 for an unknown certificate and 403 for a CLIENTE', async () => {
    expect((await remove('gestor', 'nope')).status).toBe(404);
    await storeTestCertificate('c1');
    expect((await remove('clienteTax', 'c1')).status).toBe(403);
  });
});
