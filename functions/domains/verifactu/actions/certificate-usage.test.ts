import type { CertificateUsage } from '@shared/schemas/verifactu';
import { describe, expect, it } from 'vitest';
import { recordCertificateUse } from '../store/certificates';
import {
  COMPANY,
  call,
  deps,
  setNow,
  storeTestCertificate,
  useConfigHarness,
} from '../testing/config-harness';

useConfigHarness();

describe('certificates.usage', () => {
  it('lists the uses newest first, up to the limit, only of that certificate', async () => {
    await storeTestCertificate('c1');
    await storeTestCertificate('c2');
    const uses = [
      ['2027-03-01T09:00:00.000Z', 'TEST_CONNECTION', false, 'Tiempo agotado'],
      ['2027-03-01T09:05:00.000Z', 'TEST_CONNECTION', true, 'Conexión correcta'],
      ['2027-03-01T10:00:00.000Z', 'SUBMISSION', true, null],
    ] as const;
    for (const [at, operation, ok, detail] of uses) {
      setNow(new Date(at));
      await recordCertificateUse(deps, COMPANY, 'c1', { operation, ok, detail });
    }
    await recordCertificateUse(deps, COMPANY, 'c2', { operation: 'QUERY', ok: true });

    const res = await call<CertificateUsage[]>('gestor', {
      routeId: 'certificates.usage',
      params: { certificateId: 'c1' },
      query: { limit: '2' },
    });
    expect(res.status).toBe(200);
    expect(res.envelope.data).toEqual([
      { at: '2027-03-01T10:00:00.000Z', operation: 'SUBMISSION', ok: true, detail: null },
      { at: '2027-03-01T09:05:00.000Z', operation: 'TEST_CONNECTION', ok: true, detail: 'Conexión correcta' },
    ]);
    const all = await call<CertificateUsage[]>('clienteTax', {
      routeId: 'certificates.usage',
      params: { certificateId: 'c1' },
    });
    expect(all.envelope.data).toHaveLength(3);
  });

  it('answers 404 for an unknown certificate and 400 for a bad limit', async () => {
    expect(
      (await call('gestor', { routeId: 'certificates.usage', params: { certificateId: 'x' } })).status,
    ).toBe(404);
    await storeTestCertificate('c1');
    const bad = await call('gestor', {
      routeId: 'certificates.usage',
      params: { certificateId: 'c1' },
      query: { limit: '0' },
    });
    expect(bad.status).toBe(400);
  });
});
