/**
 * The demo VAT books of `npm start` (infra/local/seed-tax-books.ts): every demo company has issued
 * invoices in the last quarter closed before today and a 303 with figures for its last closed
 * period; the books follow each company's profile (the autónoma's IRPF on invoices to businesses,
 * the haulier's intra-EU N2 services and E5 delivery to customers with a NIF-IVA, professionals with
 * IRPF withheld, the plumber's workshop rent with RENT 19 % every month, the adviser firm's partner's
 * loan interest with CAPITAL B.03 19 % every quarter); this year's quarters differ, one company's last
 * closed quarter stands out in the gestor's cockpit; the running aggregates the start's recompute
 * checked agree with the books to the cent under the current key grammar; running the seed again
 * writes nothing.
 */

import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { recomputeCompanyFromTable } from '@functions/domains/invoices/workers/recompute-aggregates';
import type { Page } from '@shared/api/envelope';
import { keys } from '@shared/db/keys';
import { AGGREGATE_GRAMMAR_VERSION } from '@shared/fiscal/aggregate-keys';
import type { Invoice } from '@shared/schemas/invoices';
import type { ReceivedInvoice } from '@shared/schemas/received-invoices';
import type { CockpitView, ModelPreview } from '@shared/schemas/tax-models';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { localClientConfig } from './aws';
import { demoTaxProfiles } from './seed-tax';
import {
  DEMO_BOOKS_SERIES,
  demoTaxBooks,
  NAVARRO_LOAN_INTEREST_CENTS,
  ROMERO_RENT_CENTS,
  seedDemoTaxBooks,
} from './seed-tax-books';
import { apiClient } from './testing/api';

const cloud = inject('localCloud');
const api = apiClient(cloud.url);
const db = DynamoDBDocumentClient.from(
  new DynamoDBClient(localClientConfig(cloud.env.AWS_ENDPOINT_URL_DYNAMODB!)),
);
const tableDeps = { db, table: cloud.env.TABLE_NAME! };
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(new Date());

const pad = (n: number) => String(n).padStart(2, '0');
const lastDay = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

/** The large company in the SII files the 303 monthly (seed-tax.ts); the others quarterly. */
const MONTHLY = new Set(['demo-transportes-levante']);

function quarterRange(year: number, quarter: number) {
  const first = quarter * 3 - 2;
  return {
    year,
    quarter,
    period: `${quarter}T`,
    from: `${year}-${pad(first)}-01`,
    to: `${year}-${pad(first + 2)}-${pad(lastDay(year, first + 2))}`,
  };
}
function lastClosedQuarter() {
  const y = Number(today.slice(0, 4));
  const q = Math.ceil(Number(today.slice(5, 7)) / 3) - 1;
  return q === 0 ? quarterRange(y - 1, 4) : quarterRange(y, q);
}
function lastClosedMonth() {
  const y = Number(today.slice(0, 4));
  const m = Number(today.slice(5, 7));
  const [year, month] = m === 1 ? [y - 1, 12] : [y, m - 1];
  return {
    year,
    period: pad(month),
    from: `${year}-${pad(month)}-01`,
    to: `${year}-${pad(month)}-${pad(lastDay(year, month))}`,
  };
}

describe('demo VAT books (npm start)', () => {
  const tokens = new Map<string, string>();
  beforeAll(async () => {
    for (const email of new Set(demoTaxProfiles.map((d) => d.email)))
      tokens.set(email, await api.login(email));
  });
  const emailOf = (companyId: string) => demoTaxProfiles.find((d) => d.companyId === companyId)!.email;
  const get = async <T>(companyId: string, path: string, query?: Record<string, string>) => {
    const res = await api.request<T>('GET', path, {
      token: tokens.get(emailOf(companyId))!,
      companyId,
      query,
    });
    if (!res.body.success) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body.error)}`);
    return res.body.data;
  };
  const issued = (companyId: string, from: string, to: string) =>
    get<Page<Invoice>>(companyId, '/api/v1/invoices', { from, to, status: 'CONFIRMED', size: '100' });
  const received = (companyId: string, from: string, to: string) =>
    get<Page<ReceivedInvoice>>(companyId, '/api/v1/received-invoices', { from, to, size: '100' });
  const mine = (p: Page<Invoice>) => p.content.filter((i) => i.series === DEMO_BOOKS_SERIES);

  it('gives every demo company invoices in the last closed quarter and a 303 with figures', async () => {
    const q = lastClosedQuarter();
    for (const d of demoTaxProfiles) {
      const page = await issued(d.companyId, q.from, q.to);
      expect(page.totalElements, d.companyId).toBeGreaterThan(0);
      const period = MONTHLY.has(d.companyId) ? lastClosedMonth() : q;
      const preview = await get<ModelPreview>(
        d.companyId,
        `/api/v1/tax/companies/${d.companyId}/models/303/preview`,
        {
          year: String(period.year),
          period: period.period,
        },
      );
      expect(Math.max(preview.boxes['27'] ?? 0, preview.boxes['45'] ?? 0), d.companyId).toBeGreaterThan(0);
    }
  });

  it('writes 8 to 15 issued invoices and some received ones in every closed quarter of that year', async () => {
    const last = lastClosedQuarter();
    for (const book of demoTaxBooks) {
      const totals: number[] = [];
      for (let quarter = 1; quarter <= last.quarter; quarter++) {
        const q = quarterRange(last.year, quarter);
        const ours = mine(await issued(book.companyId, q.from, q.to));
        expect(ours.length, `${book.companyId} ${q.period}`).toBeGreaterThanOrEqual(8);
        expect(ours.length, `${book.companyId} ${q.period}`).toBeLessThanOrEqual(15);
        expect(
          (await received(book.companyId, q.from, q.to)).totalElements,
          `${book.companyId} ${q.period}`,
        ).toBeGreaterThan(0);
        totals.push(ours.reduce((a, i) => a + i.totals.baseCents, 0));
      }
      // The quarters differ: the cockpit's comparisons have something to compare.
      expect(new Set(totals).size, book.companyId).toBe(totals.length);
    }
  });

  it("follows each company's profile", async () => {
    const year = String(lastClosedQuarter().year);
    const all = async (companyId: string) => mine(await issued(companyId, `${year}-01-01`, `${year}-12-31`));

    // The autónoma professional withholds 15 % IRPF on invoices to businesses, never to a person.
    const marta = await all('demo-marta-sanchez');
    const toBusiness = marta.filter(
      (i) => typeof i.customer?.taxId === 'string' && /^[A-W]/.test(i.customer.taxId),
    );
    expect(toBusiness.length).toBeGreaterThan(0);
    for (const i of toBusiness) expect(i.irpfRateBp, i.invoiceNumber ?? '').toBe(1500);
    expect(marta.some((i) => i.irpfRateBp === 0 && i.totals.irpfCents === 0)).toBe(true);

    // The haulier's services to EU businesses are not subject (N2), to customers with a NIF-IVA; one E5 delivery.
    const levante = await all('demo-transportes-levante');
    const n2 = levante.filter((i) => i.breakdown.some((g) => g.operation === 'N2'));
    expect(n2.length).toBeGreaterThan(0);
    for (const i of n2) {
      expect(i.customer?.taxId).toMatchObject({ type: 'NIF_IVA' });
      expect(i.customer?.country).not.toBe('ES');
      expect(i.totals.vatCents).toBe(0);
    }
    expect(levante.filter((i) => i.breakdown.some((g) => g.operation === 'E5'))).toHaveLength(1);

    // An intra-EU acquisition for the haulier; professionals with IRPF withheld where the profile pays them.
    const from = `${year}-01-01`;
    const to = `${year}-12-31`;
    const levanteReceived = await received('demo-transportes-levante', from, to);
    expect(levanteReceived.content.some((r) => r.lines.some((l) => l.kind === 'INTRA_EU_GOODS'))).toBe(true);
    for (const companyId of ['demo-romero-fontaneria', 'demo-navarro-asesores']) {
      const page = await received(companyId, from, to);
      expect(
        page.content.some((r) => r.irpfRateBp === 1500 && r.totals.irpfCents > 0),
        companyId,
      ).toBe(true);
    }
  });

  it("books Javier Romero's workshop rent every month and Navarro Asesores' partner's interest every quarter", async () => {
    const last = lastClosedMonth();
    const from = `${last.year}-01-01`;
    const to = last.to;

    // The rent of urban premises from a private landlord: 21 % VAT and 19 % withheld (art. 101.8 LIRPF).
    const rents = (await received('demo-romero-fontaneria', from, to)).content.filter(
      (r) => r.withholdingKind === 'RENT',
    );
    expect(rents.map((r) => r.issueDate.slice(0, 7)).sort()).toEqual(
      Array.from({ length: Number(last.period) }, (_, i) => `${last.year}-${pad(i + 1)}`),
    );
    for (const r of rents) {
      expect(r, r.supplierInvoiceNumber).toMatchObject({ withholdingKey: '-', irpfRateBp: 1900 });
      expect(r.supplier.taxId, r.supplierInvoiceNumber).toMatch(/^\d{8}[A-Z]$/);
      expect(r.totals, r.supplierInvoiceNumber).toMatchObject({
        baseCents: ROMERO_RENT_CENTS,
        vatCents: 9_450,
        irpfCents: 8_550,
      });
    }

    // A partner's loan: interest not subject to VAT, 19 % withheld, 193 key B.03 (art. 101.4 LIRPF).
    const interest = (await received('demo-navarro-asesores', from, to)).content.filter(
      (r) => r.withholdingKind === 'CAPITAL',
    );
    expect(interest.map((r) => r.issueDate).sort()).toEqual(
      Array.from(
        { length: Math.floor(Number(last.period) / 3) },
        (_, i) => `${last.year}-${pad(i * 3 + 3)}-30`,
      ),
    );
    for (const r of interest) {
      expect(r, r.supplierInvoiceNumber).toMatchObject({ withholdingKey: 'B03', irpfRateBp: 1900 });
      expect(r.totals, r.supplierInvoiceNumber).toMatchObject({
        baseCents: NAVARRO_LOAN_INTEREST_CENTS,
        vatCents: 0,
        irpfCents: 11_400,
      });
    }
  });

  it('leaves the running aggregates agreeing with the books to the cent, in the current key grammar', async () => {
    for (const book of demoTaxBooks) {
      // The start's recompute (infra/local/cloud.ts) recorded the grammar the company's items follow.
      const check = (
        await db.send(
          new GetCommand({ TableName: tableDeps.table, Key: keys.taxAggregateCheck(book.companyId) }),
        )
      ).Item;
      expect(check, book.companyId).toMatchObject({
        entity: 'AggregateCheck',
        grammarVersion: AGGREGATE_GRAMMAR_VERSION,
      });
      // Recomputed now from the books: other tests write on some demo companies meanwhile, so a
      // difference is read again once their writes have settled.
      let r = await recomputeCompanyFromTable(tableDeps, book.companyId);
      for (let i = 0; i < 5 && r.result !== 'OK'; i++) {
        await new Promise((res) => setTimeout(res, 500));
        r = await recomputeCompanyFromTable(tableDeps, book.companyId);
      }
      expect(r.differences, book.companyId).toEqual([]);
      expect(r.receivedInvoices, book.companyId).toBeGreaterThan(0);
    }
  });

  it("shows Javier Romero's last closed quarter off-trend in the gestor's cockpit", async () => {
    const q = lastClosedQuarter();
    const cockpit = await get<CockpitView>('demo-romero-fontaneria', '/api/v1/tax/cockpit', {
      year: String(q.year),
      period: q.period,
    });
    const row = cockpit.rows.find((r) => r.companyId === 'demo-romero-fontaneria')!;
    expect(row.result?.amountCents).toBeGreaterThan(0);
    expect(row.anomalies.map((a) => a.code)).toEqual(
      expect.arrayContaining(['CHANGE_VS_PREVIOUS_PERIOD', 'CHANGE_VS_LAST_YEAR']),
    );
    // The gestor's other clients with books are there with their own figures.
    const levante = cockpit.rows.find((r) => r.companyId === 'demo-transportes-levante');
    expect(levante).toBeDefined();
  });

  it('writes nothing when it runs again (a restart never duplicates)', async () => {
    const count = async (companyId: string) =>
      (await get<Page<Invoice>>(companyId, '/api/v1/invoices', { size: '1' })).totalElements +
      (await get<Page<ReceivedInvoice>>(companyId, '/api/v1/received-invoices', { size: '1' })).totalElements;
    const before = await Promise.all(demoTaxBooks.map((b) => count(b.companyId)));
    await seedDemoTaxBooks(cloud);
    const after = await Promise.all(demoTaxBooks.map((b) => count(b.companyId)));
    expect(after).toEqual(before);
  });
});
