/**
 * The demo VeriFacTu of `npm start` (infra/local/seed-verifactu.ts): Panadería La Espiga SL is
 * configured in VERI*FACTU mode with a test certificate, every confirmed demo invoice has its
 * registro de alta in one unbroken chain, and the records reach the local AEAT simulator; a demo
 * company without configuration is warned.
 */

import { apiClient } from '@infra/local/testing/api';
import type { Page } from '@shared/api/envelope';
import type { InvoiceWithPayments } from '@shared/schemas/invoices';
import type { ChainVerification, VerifactuDashboard } from '@shared/schemas/verifactu';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_INVOICING_COMPANY } from './seed-invoicing';

const cloud = inject('localCloud');
const api = apiClient(cloud.url);

describe('demo VeriFacTu (npm start)', () => {
  let token: string;
  const get = async <T>(path: string, companyId = DEMO_INVOICING_COMPANY, query?: Record<string, string>) => {
    const res = await api.request<T>('GET', path, { token, companyId, query });
    if (!res.body.success) throw new Error(JSON.stringify(res.body.error));
    return res.body.data;
  };

  beforeAll(async () => {
    token = await api.login('gestor@cuadra.test');
  });

  it('chains a registro de alta for every confirmed demo invoice and sends them', async () => {
    const dashboard = await get<VerifactuDashboard>(`/api/v1/verifactu/dashboard/${DEMO_INVOICING_COMPANY}`);
    expect(dashboard.configured).toBe(true);
    expect(dashboard.config).toMatchObject({ mode: 'VERIFACTU', environment: 'TEST' });
    expect(dashboard.warnings.map((w) => w.message)).not.toContain('VeriFacTu no configurado');

    const invoices = await get<Page<InvoiceWithPayments>>('/api/v1/invoices', DEMO_INVOICING_COMPANY, {
      size: '100',
    });
    const confirmed = invoices.content.filter((i) => i.status !== 'DRAFT');
    expect(confirmed.length).toBeGreaterThan(3);
    const chain = await get<ChainVerification>('/api/v1/verifactu/chain/verification');
    expect(chain.breaks).toEqual([]);
    expect(chain.records).toBeGreaterThanOrEqual(confirmed.length);

    // The first record leaves at once (later ones wait for the AEAT's TiempoEsperaEnvio).
    const deadline = Date.now() + 30_000;
    let verified = 0;
    while (Date.now() < deadline) {
      const d = await get<VerifactuDashboard>(`/api/v1/verifactu/dashboard/${DEMO_INVOICING_COMPANY}`);
      verified = d.counts.VERIFIED;
      if (verified > 0) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    expect(verified).toBeGreaterThan(0);
  });

  it('warns a demo company that has no VeriFacTu configuration', async () => {
    // Marta Sánchez's: no test confirms there (the harness configures the companies tests confirm on).
    const other = 'demo-marta-sanchez';
    const owner = await api.login('autonomo@cuadra.test');
    const res = await api.request<VerifactuDashboard>('GET', `/api/v1/verifactu/dashboard/${other}`, {
      token: owner,
      companyId: other,
    });
    if (!res.body.success) throw new Error(JSON.stringify(res.body.error));
    const d = res.body.data;
    expect(d.configured).toBe(false);
    expect(d.sending).toMatchObject({ ready: false, reason: { code: 'NOT_CONFIGURED' } });
    // The reason and the date it becomes mandatory (an autónomo: 1 July 2027) come with the warning.
    expect(d.warnings).toContainEqual({
      level: 'medium',
      message: 'VeriFacTu no configurado',
      detail: expect.stringMatching(/VeriFacTu no configurado: .*desde el 1 de julio de 2027/i),
    });
  });
});
