/**
 * The demo VAT returns of `npm start` (infra/local/seed-tax-models.ts): every demo company that owes
 * the 303 has the one of the last period closed before today (quarter, or month for the large
 * company in the SII), generated from its books and not filed; what the model stored is what the
 * preview computes now; its rate boxes are the period's issued invoices (read here from the invoice
 * list, not from the aggregates); Panadería La Espiga's is published to its client, who sees it.
 */

import type { Page } from '@shared/api/envelope';
import type { Invoice } from '@shared/schemas/invoices';
import type { ModelPreview, PublishedModelView, TaxModelView } from '@shared/schemas/tax-models';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { demoTaxProfiles } from './seed-tax';
import { apiClient } from './testing/api';

const cloud = inject('localCloud');
const api = apiClient(cloud.url);
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(new Date());

/** How often each demo company files the 303 (demo-tax.int.test.ts: the large company is monthly). */
const FILES_303: Record<string, 'Q' | 'M'> = {
  'demo-marta-sanchez': 'Q',
  'demo-romero-fontaneria': 'Q',
  'demo-panaderia-espiga': 'Q',
  'demo-transportes-levante': 'M',
  'demo-navarro-asesores': 'Q',
};
const CLIENT = { email: 'cliente@cuadra.test', companyId: 'demo-panaderia-espiga' };

const pad = (n: number) => String(n).padStart(2, '0');
const lastDay = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

/** The period that ended last before today, with its first and last day. */
function lastClosed(kind: 'Q' | 'M') {
  const y = Number(today.slice(0, 4));
  const m = Number(today.slice(5, 7));
  if (kind === 'M') {
    const [year, month] = m === 1 ? [y - 1, 12] : [y, m - 1];
    return {
      year,
      period: pad(month),
      from: `${year}-${pad(month)}-01`,
      to: `${year}-${pad(month)}-${pad(lastDay(year, month))}`,
    };
  }
  const q = Math.ceil(m / 3) - 1;
  const [year, quarter] = q === 0 ? [y - 1, 4] : [y, q];
  const first = quarter * 3 - 2;
  return {
    year,
    period: `${quarter}T`,
    from: `${year}-${pad(first)}-01`,
    to: `${year}-${pad(first + 2)}-${pad(lastDay(year, first + 2))}`,
  };
}

/** Modelo 303 base and quota boxes of the S1 rates (both designs, tax-models.md §2.2). */
const RATE_BOXES: Record<number, [string, string]> = {
  400: ['01', '03'],
  1000: ['04', '06'],
  2100: ['07', '09'],
};

describe('demo VAT returns (npm start)', () => {
  const tokens = new Map<string, string>();
  beforeAll(async () => {
    for (const email of new Set([...demoTaxProfiles.map((d) => d.email), CLIENT.email]))
      tokens.set(email, await api.login(email));
  });
  const get = async <T>(email: string, companyId: string, path: string, query?: Record<string, string>) => {
    const res = await api.request<T>('GET', path, { token: tokens.get(email)!, companyId, query });
    if (!res.body.success) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body.error)}`);
    return res.body.data;
  };
  const demos = demoTaxProfiles.map((d) => ({ ...d, due: lastClosed(FILES_303[d.companyId]!) }));
  const modelOf = (d: (typeof demos)[number]) =>
    get<TaxModelView>(
      d.email,
      d.companyId,
      `/api/v1/tax/companies/${d.companyId}/models/303/${d.due.year}-303-${d.due.period}`,
    );

  it('has, for every demo company, the 303 of the last closed period, generated and not filed', async () => {
    expect(Object.keys(FILES_303).sort()).toEqual(demoTaxProfiles.map((d) => d.companyId).sort());
    for (const d of demos) {
      const list = await get<Page<TaxModelView>>(
        d.email,
        d.companyId,
        `/api/v1/tax/companies/${d.companyId}/models`,
        { year: String(d.due.year), modelType: '303' },
      );
      const mine = list.content.find((m) => m.period === d.due.period);
      expect(mine, d.companyId).toMatchObject({
        modelType: '303',
        year: d.due.year,
        period: d.due.period,
        status: 'MODEL_GENERATED',
        submittedAt: null,
        submissionId: null,
      });
      // Nothing of the demo is filed through the models.
      expect(
        list.content.filter((m) => m.status === 'SUBMITTED'),
        d.companyId,
      ).toEqual([]);
    }
  });

  it('shows in the preview the same boxes and result the generated model stored', async () => {
    for (const d of demos) {
      const model = await modelOf(d);
      const preview = await get<ModelPreview>(
        d.email,
        d.companyId,
        `/api/v1/tax/companies/${d.companyId}/models/303/preview`,
        { year: String(d.due.year), period: d.due.period },
      );
      expect(preview.design, d.companyId).toBe(model.design);
      expect(preview.boxes, d.companyId).toEqual(model.boxes);
      expect(preview.result, d.companyId).toEqual(model.result);
      expect(Object.keys(model.boxes).length, d.companyId).toBeGreaterThan(0);
    }
  });

  it("takes the rate boxes from the period's issued invoices", async () => {
    let withInvoices = 0;
    for (const d of demos) {
      const invoices = await get<Page<Invoice>>(d.email, d.companyId, '/api/v1/invoices', {
        from: d.due.from,
        to: d.due.to,
        status: 'CONFIRMED',
        size: '100',
      });
      expect(invoices.totalElements, d.companyId).toBeLessThanOrEqual(100);
      // A rectificativa could land in the modification boxes: the demo has none in a closed period.
      expect(
        invoices.content.filter((i) => i.invoiceType.startsWith('R')),
        d.companyId,
      ).toEqual([]);
      const expected: Record<string, number> = {};
      for (const inv of invoices.content)
        for (const g of inv.breakdown) {
          if (g.operation !== 'S1') continue;
          const [base, quota] = RATE_BOXES[g.vatRateBp]!;
          expected[base] = (expected[base] ?? 0) + g.baseCents;
          expected[quota] = (expected[quota] ?? 0) + g.vatCents;
        }
      const model = await modelOf(d);
      for (const [base, quota] of Object.values(RATE_BOXES)) {
        expect(model.boxes[base] ?? 0, `${d.companyId} [${base}]`).toBe(expected[base] ?? 0);
        expect(model.boxes[quota] ?? 0, `${d.companyId} [${quota}]`).toBe(expected[quota] ?? 0);
      }
      if (invoices.content.length > 0) withInvoices++;
      else expect(model.result.amountCents, d.companyId).toBe(0);
    }
    // The demo invoices (infra/local/seed-invoicing.ts) are dated in 2026: September's is in 3T.
    const panaderia = demos.find((d) => d.companyId === 'demo-panaderia-espiga')!;
    if (panaderia.due.year === 2026 && panaderia.due.period === '3T') {
      expect(withInvoices).toBeGreaterThan(0);
      const model = await modelOf(panaderia);
      expect(model.boxes['01']).toBeGreaterThan(0);
      expect(model.boxes['04']).toBeGreaterThan(0);
    }
  });

  it("publishes Panadería's return to its client, who finds it among her tax documents", async () => {
    const d = demos.find((x) => x.companyId === CLIENT.companyId)!;
    const model = await modelOf(d);
    expect(model.publishedAt).not.toBeNull();
    const published = await get<Page<PublishedModelView>>(
      CLIENT.email,
      CLIENT.companyId,
      `/api/v1/tax/companies/${CLIENT.companyId}/published-models`,
    );
    expect(published.content.map((m) => m.modelId)).toContain(model.modelId);
    expect(published.content.find((m) => m.modelId === model.modelId)).toMatchObject({
      modelType: '303',
      period: d.due.period,
      result: model.result,
      status: 'MODEL_GENERATED',
    });
    // The other demo companies have no client user: nothing of theirs is published.
    for (const other of demos.filter((x) => x.companyId !== CLIENT.companyId))
      expect((await modelOf(other)).publishedAt, other.companyId).toBeNull();
  });
});
