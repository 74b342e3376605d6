import type { CertificateView, VerifactuConfig } from '@shared/schemas/verifactu';
import { describe, expect, it } from 'vitest';
import { configItem } from '../store/config';
import { COMPANY, call, storeTestCertificate, T0, table, useConfigHarness } from '../testing/config-harness';

useConfigHarness();

describe('certificates.list', () => {
  it('lists newest first with status, days to expiry and the one in use; never the sealed secret', async () => {
    await storeTestCertificate('a', {
      uploadedAt: '2027-01-01T00:00:00.000Z',
      validTo: '2027-03-31T10:00:00.000Z',
    });
    await storeTestCertificate('b', {
      uploadedAt: '2027-02-01T00:00:00.000Z',
      validTo: '2027-02-15T00:00:00.000Z',
    });
    table.put(
      configItem({
        companyId: COMPANY,
        mode: 'VERIFACTU',
        environment: 'TEST',
        representative: null,
        certificateId: 'a',
        sealCertificate: false,
        enabled: true,
        lastConnectionTest: null,
        createdAt: T0.toISOString(),
        updatedAt: T0.toISOString(),
      } satisfies VerifactuConfig),
    );

    const res = await call<CertificateView[]>('clienteTax', { routeId: 'certificates.list' });

    expect(res.status).toBe(200);
    const list = res.envelope.data!;
    expect(list.map((c) => [c.certificateId, c.status, c.daysToExpiry, c.inUse])).toEqual([
      ['b', 'EXPIRED', -15, false],
      ['a', 'VALID', 30, true],
    ]);
    expect(Object.keys(list[0]!).sort()).toEqual(
      [
        'certificateId',
        'companyId',
        'daysToExpiry',
        'fileName',
        'holderNif',
        'inUse',
        'issuer',
        'serialNumber',
        'status',
        'subject',
        'uploadedAt',
        'uploadedBy',
        'validFrom',
        'validTo',
      ].sort(),
    );
    expect(JSON.stringify(res.envelope)).not.toContain('sealed');
  });

  it('answers an empty list, and refuses a CLIENTE without VIEW_TAX_DOCUMENTS', async () => {
    expect((await call('gestor', { routeId: 'certificates.list' })).envelope.data).toEqual([]);
    expect((await call('cliente', { routeId: 'certificates.list' })).status).toBe(403);
  });
});
