/**
 * The demo tax returns of `npm start` (infra/local/seed-tax-models.ts): every demo company that owes
 * the 303 has the one of the last period closed before today (quarter, or month for the large
 * company in the SII), generated from its books and not filed; what the model stored is what the
 * preview computes now; its rate boxes are the period's issued invoices (read here from the invoice
 * list, not from the aggregates); Panadería La Espiga's is published to its client, who sees it.
 * The income-tax returns of the same period (issue 15) are there too: the autónomos' 130 (income and
 * the customers' withholdings year to date, from the invoice list), the 111, 115 and 123 with the
 * withholdings of the received invoices (from the received list) and the payroll entered by hand;
 * Panadería's overdue 115 has no model.
 */

import type { Page } from '@shared/api/envelope';
import type { Invoice } from '@shared/schemas/invoices';
import type { ReceivedInvoice } from '@shared/schemas/received-invoices';
import type { ModelPreview, PublishedModelView, TaxModelView } from '@shared/schemas/tax-models';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_OVERDUE, demoTaxProfiles } from './seed-tax';
import { DEMO_BOOKS_SERIES, NAVARRO_LOAN_INTEREST_CENTS, ROMERO_RENT_CENTS } from './seed-tax-books';
import { payrollOf } from './seed-tax-models';
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

/** The income-tax returns of the last closed period each demo company has (seed-tax-models.ts). */
const INCOME_TAX_RETURNS: Record<string, { model: '130' | '111' | '115' | '123'; kind: 'Q' | 'M' }[]> = {
  'demo-marta-sanchez': [{ model: '130', kind: 'Q' }],
  'demo-romero-fontaneria': [
    { model: '130', kind: 'Q' },
    { model: '111', kind: 'Q' },
    { model: '115', kind: 'Q' },
  ],
  // Its 115 is the return the demo leaves overdue: no model.
  'demo-panaderia-espiga': [{ model: '111', kind: 'Q' }],
  // A large company: monthly withholdings (art. 108.1 RIRPF).
  'demo-transportes-levante': [{ model: '111', kind: 'M' }],
  'demo-navarro-asesores': [
    { model: '111', kind: 'Q' },
    { model: '123', kind: 'Q' },
  ],
};

/**
 * The blocks of each withholding return the received invoices fill (shared/fiscal/models: recipients,
 * base, withheld) and the kinds of withholding each declares (shared/fiscal/withholdings.ts).
 */
const WITHHOLDING_BLOCKS: Record<
  '111' | '115' | '123',
  { boxes: [string, string, string]; kinds: string[] }
> = {
  '111': { boxes: ['07', '08', '09'], kinds: ['PROFESSIONAL', 'MODULES', 'AGRICULTURAL'] },
  '115': { boxes: ['01', '02', '03'], kinds: ['RENT'] },
  '123': { boxes: ['02', '05', '08'], kinds: ['CAPITAL'] },
};

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

  describe('the income-tax returns of the same period (issue 15)', () => {
    const returns = demoTaxProfiles.flatMap((d) =>
      INCOME_TAX_RETURNS[d.companyId]!.map((r) => ({ ...d, ...r, due: lastClosed(r.kind) })),
    );
    type Return = (typeof returns)[number];
    const stored = (r: Return) =>
      get<TaxModelView>(
        r.email,
        r.companyId,
        `/api/v1/tax/companies/${r.companyId}/models/${r.model}/${r.due.year}-${r.model}-${r.due.period}`,
      );
    const box = (m: TaxModelView, b: string) => m.boxes[b] ?? 0;

    it('has them generated, not filed nor published, with the figures the preview computes now', async () => {
      expect(Object.keys(INCOME_TAX_RETURNS).sort()).toEqual(demoTaxProfiles.map((d) => d.companyId).sort());
      for (const r of returns) {
        const label = `${r.companyId} ${r.model}`;
        const model = await stored(r);
        expect(model, label).toMatchObject({
          modelType: r.model,
          year: r.due.year,
          period: r.due.period,
          status: 'MODEL_GENERATED',
          submittedAt: null,
          publishedAt: null,
        });
        // The 130 adds the year's earlier quarters, where other tests confirm invoices of their own.
        if (r.model === '130') continue;
        const preview = await get<ModelPreview>(
          r.email,
          r.companyId,
          `/api/v1/tax/companies/${r.companyId}/models/${r.model}/preview`,
          { year: String(r.due.year), period: r.due.period },
        );
        expect(preview.boxes, label).toEqual(model.boxes);
        expect(preview.result, label).toEqual(model.result);
      }
      // Panadería's overdue 115 stays without a model.
      const overdue = demos.find((d) => d.companyId === DEMO_OVERDUE.companyId)!;
      const list = await get<Page<TaxModelView>>(
        overdue.email,
        overdue.companyId,
        `/api/v1/tax/companies/${overdue.companyId}/models`,
        { year: String(overdue.due.year), modelType: DEMO_OVERDUE.model },
      );
      expect(list.content.filter((m) => m.period === overdue.due.period)).toEqual([]);
    });

    it("takes the autónomos' 130 income and their customers' withholdings from the year's invoices", async () => {
      for (const r of returns.filter((x) => x.model === '130')) {
        // The 130 is cumulative from 1 January (art. 110.1.a RIRPF); the demo books' own series.
        const invoices = await get<Page<Invoice>>(r.email, r.companyId, '/api/v1/invoices', {
          from: `${r.due.year}-01-01`,
          to: r.due.to,
          status: 'CONFIRMED',
          size: '100',
        });
        expect(invoices.totalElements, r.companyId).toBeLessThanOrEqual(100);
        const demo = invoices.content.filter((i) => i.series === DEMO_BOOKS_SERIES);
        const model = await stored(r);
        expect(box(model, '01'), `${r.companyId} [01]`).toBe(
          demo.reduce((a, i) => a + i.totals.baseCents, 0),
        );
        expect(box(model, '06'), `${r.companyId} [06]`).toBe(
          demo.reduce((a, i) => a + i.totals.irpfCents, 0),
        );
        expect(box(model, '02'), `${r.companyId} [02]`).toBeGreaterThan(0);
        expect(box(model, '03'), r.companyId).toBe(box(model, '01') - box(model, '02'));
      }
      // Marta's business customers withheld 15 % (art. 101.5.a LIRPF); Javier Romero's none.
      const marta = await stored(returns.find((x) => x.companyId === 'demo-marta-sanchez')!);
      expect(box(marta, '06')).toBeGreaterThan(0);
      const romero = await stored(
        returns.find((x) => x.companyId === 'demo-romero-fontaneria' && x.model === '130')!,
      );
      expect(box(romero, '06')).toBe(0);
    });

    it('declares in the 111, 115 and 123 the withholdings of the received invoices and the payroll', async () => {
      for (const r of returns) {
        if (r.model === '130') continue;
        const label = `${r.companyId} ${r.model}`;
        const received = await get<Page<ReceivedInvoice>>(r.email, r.companyId, '/api/v1/received-invoices', {
          from: r.due.from,
          to: r.due.to,
          size: '100',
        });
        expect(received.totalElements, label).toBeLessThanOrEqual(100);
        const block = WITHHOLDING_BLOCKS[r.model];
        const withheld = received.content.filter(
          (i) => i.irpfRateBp > 0 && block.kinds.includes(i.withholdingKind ?? ''),
        );
        const model = await stored(r);
        const [count, base, tax] = block.boxes;
        expect(box(model, count), `${label} [${count}]`).toBe(
          new Set(withheld.map((i) => JSON.stringify(i.supplier.taxId))).size,
        );
        expect(box(model, base), `${label} [${base}]`).toBe(
          withheld.reduce((a, i) => a + i.totals.baseCents, 0),
        );
        expect(box(model, tax), `${label} [${tax}]`).toBe(
          withheld.reduce((a, i) => a + i.totals.irpfCents, 0),
        );
        // The 111's employment income: the payroll the gestor entered (run elsewhere).
        const payroll = r.model === '111' ? payrollOf(r.companyId, r.due.period) : undefined;
        if (r.model === '111') {
          expect([box(model, '01'), box(model, '02'), box(model, '03')], label).toEqual(
            payroll ? [payroll.recipients, payroll.baseCents, payroll.withholdingCents] : [0, 0, 0],
          );
        }
        const result = { '111': '30', '115': '05', '123': '14' }[r.model];
        expect(box(model, result), `${label} [${result}]`).toBe(
          box(model, tax) + (payroll?.withholdingCents ?? 0),
        );
        expect(model.result.amountCents, label).toBe(box(model, result));
      }
    });

    it("shows Javier Romero's workshop rent in the 115 and Navarro Asesores' partner's interest in the 123", async () => {
      const romero = await stored(
        returns.find((x) => x.companyId === 'demo-romero-fontaneria' && x.model === '115')!,
      );
      // One landlord, three months of 450,00 € with 19 % withheld (art. 101.8 LIRPF): 85,50 € each.
      expect([box(romero, '01'), box(romero, '02'), box(romero, '03')]).toEqual([
        1,
        3 * ROMERO_RENT_CENTS,
        3 * 8_550,
      ]);
      expect(romero.result).toMatchObject({ type: 'I', amountCents: 25_650 });
      const navarro = await stored(
        returns.find((x) => x.companyId === 'demo-navarro-asesores' && x.model === '123')!,
      );
      // One partner, the quarter's 600,00 € of interest with 19 % withheld (art. 101.4 LIRPF).
      expect([box(navarro, '02'), box(navarro, '05'), box(navarro, '08')]).toEqual([
        1,
        NAVARRO_LOAN_INTEREST_CENTS,
        11_400,
      ]);
      expect([box(navarro, '01'), box(navarro, '04'), box(navarro, '07')]).toEqual([0, 0, 0]);
      // Romero's adviser in the 111's economic activities: 3 × 65,00 € at 15 %.
      const adviser = await stored(
        returns.find((x) => x.companyId === 'demo-romero-fontaneria' && x.model === '111')!,
      );
      expect([box(adviser, '07'), box(adviser, '08'), box(adviser, '09')]).toEqual([1, 19_500, 2_925]);
    });
  });
});
