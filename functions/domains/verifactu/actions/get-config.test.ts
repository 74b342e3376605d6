import type { VerifactuConfig } from '@shared/schemas/verifactu';
import { describe, expect, it } from 'vitest';
import { configItem } from '../store/config';
import { COMPANY, call, T0, table, useConfigHarness } from '../testing/config-harness';

useConfigHarness();

const config: VerifactuConfig = {
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
};

describe('verifactu.getConfig', () => {
  it('answers null (200) while the company has no configuration', async () => {
    const res = await call('gestor', { routeId: 'verifactu.getConfig' });
    expect(res.status).toBe(200);
    expect(res.envelope).toMatchObject({ success: true, data: null });
  });

  it('answers the stored configuration without keys', async () => {
    table.put(configItem(config));
    const res = await call<VerifactuConfig>('clienteTax', { routeId: 'verifactu.getConfig' });
    expect(res.status).toBe(200);
    expect(res.envelope.data).toEqual(config);
  });

  it('refuses a CLIENTE without VIEW_TAX_DOCUMENTS and a non-member', async () => {
    expect((await call('cliente', { routeId: 'verifactu.getConfig' })).status).toBe(403);
    expect((await call('stranger', { routeId: 'verifactu.getConfig' })).status).toBe(403);
  });
});
