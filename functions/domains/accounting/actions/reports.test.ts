import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { renderStatementPdf } from '@functions/lib/pdf';
import { readXlsx, XLSX_CONTENT_TYPE } from '@functions/lib/spreadsheets';
import type { AuthContext } from '@functions/platform/auth-context';
import type { BinaryResponse } from '@functions/platform/http';
import type { Logger } from '@functions/platform/logger';
import { testDocumentClient, useEnv } from '@functions/platform/testing/env';
import { fakeTable } from '@functions/platform/testing/fake-table';
import { keys } from '@shared/db/keys';
import type { BalanceSheet, JournalEntry } from '@shared/schemas/accounting';
import { StatementPdfRequest } from '@shared/schemas/statement-pdf';
import { beforeEach, describe, expect, it } from 'vitest';
import type * as z from 'zod';
import type { AccountingDeps } from '../store/deps';
import type { SettingsItem } from '../store/items';
import { entriesBetween } from '../store/queries';
import { seedBooks } from '../testing/reports-seed';
import { accountStatsRoute } from './account-stats';
import { balanceDatesRoute } from './balance-dates';
import { balanceSheetRoute } from './balance-sheet';
import { categoriesRoute } from './categories';
import { clientSummaryRoute } from './client-summary';
import { closePeriodRoute } from './close-period';
import { closeYearRoute } from './close-year';
import { exportBalanceSheetRoute } from './export-balance-sheet';
import { exportEntriesRoute } from './export-entries';
import { exportIncomeStatementRoute } from './export-income-statement';
import { financialReportRoute } from './financial-report';
import { fiscalYearRoute } from './fiscal-year';
import { getAccountRoute } from './get-account';
import { getEntryRoute } from './get-entry';
import { incomeStatementRoute } from './income-statement';
import { ledgerRoute } from './ledger';
import { listAccountsRoute } from './list-accounts';
import { listEntriesRoute } from './list-entries';
import { reopenPeriodRoute } from './reopen-period';
import { reopenYearRoute } from './reopen-year';
import { trialBalanceRoute } from './trial-balance';
import { validateBalanceRoute } from './validate-balance';

const TABLE = 'cuadra-accounting-actions-test';
const CO = 'co-acc';
useEnv({ TABLE_NAME: TABLE, AWS_REGION: 'eu-west-1', LOG_LEVEL: 'silent' });
const table = fakeTable(DynamoDBDocumentClient as unknown as DynamoDBDocumentClient);
const invoked: unknown[] = [];
const deps: AccountingDeps = {
  db: testDocumentClient(),
  table: TABLE,
  sqs: { send: async () => ({}) } as unknown as AccountingDeps['sqs'],
  queueUrl: 'https://sqs.local/accounting',
  // The renderer the pdf domain's statement-pdf invocation runs, on the validated payload.
  invoke: async <T>(payload: unknown) => {
    invoked.push(payload);
    const bytes = await renderStatementPdf(StatementPdfRequest.parse(payload));
    return { pdfBase64: Buffer.from(bytes).toString('base64') } as T;
  },
  now: () => new Date('2027-02-10T10:00:00.000Z'),
  newId: () => 'id',
};

const silent: Logger = { debug() {}, info() {}, warn() {}, error() {}, child: () => silent };
const admin: AuthContext = {
  userId: 'admin',
  username: 'admin',
  groups: ['ADMIN'],
  role: 'ADMIN',
  isAdmin: true,
};
const client: AuthContext = {
  userId: 'u9',
  username: 'u9',
  groups: ['CLIENTE'],
  role: 'CLIENTE',
  isAdmin: false,
};

interface AnyRoute {
  run: (input: never, deps: AccountingDeps) => Promise<unknown>;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
}

/** Runs a route as the pipeline would: its schemas parse the raw parts, then `run`. */
function call<T>(
  route: AnyRoute,
  parts: { params?: object; query?: object; body?: object } = {},
  auth = admin,
) {
  return (route.run as (input: unknown, deps: AccountingDeps) => Promise<unknown>)(
    {
      params: route.params ? route.params.parse(parts.params ?? {}) : undefined,
      query: route.query ? route.query.parse(parts.query ?? {}) : undefined,
      body: route.body ? route.body.parse(parts.body ?? {}) : undefined,
      requestId: 'r1',
      log: silent,
      headers: {},
      auth,
      scope: { companyId: CO, membership: undefined },
    },
    deps,
  ) as Promise<T>;
}

beforeEach(() => {
  table.reset();
  invoked.length = 0;
  seedBooks(table, CO);
});

const ROUTES: [string, AnyRoute, { params?: object; query?: object; body?: object }][] = [
  ['categories', categoriesRoute, {}],
  ['listAccounts', listAccountsRoute, {}],
  ['accountStats', accountStatsRoute, {}],
  ['getAccount', getAccountRoute, { params: { accountId: '572' } }],
  ['listEntries', listEntriesRoute, {}],
  ['getEntry', getEntryRoute, { params: { entryId: 'e1' } }],
  ['fiscalYear', fiscalYearRoute, { params: { year: '2025' } }],
  ['closePeriod', closePeriodRoute, { params: { period: '2025-01' } }],
  ['reopenPeriod', reopenPeriodRoute, { params: { period: '2025-01' } }],
  ['closeYear', closeYearRoute, { params: { year: '2025' } }],
  ['reopenYear', reopenYearRoute, { params: { year: '2025' } }],
  ['balanceSheet', balanceSheetRoute, {}],
  ['incomeStatement', incomeStatementRoute, {}],
  ['trialBalance', trialBalanceRoute, {}],
  ['ledger', ledgerRoute, { params: { accountId: '572' } }],
  ['balanceDates', balanceDatesRoute, {}],
  ['validateBalance', validateBalanceRoute, {}],
  ['financialReport', financialReportRoute, {}],
  ['exportEntries', exportEntriesRoute, {}],
  ['exportBalanceSheet', exportBalanceSheetRoute, {}],
  ['exportIncomeStatement', exportIncomeStatementRoute, {}],
  ['clientSummary', clientSummaryRoute, {}],
];

describe('accounting report actions', () => {
  it.each(ROUTES)(
    '%s needs the accounting plan first (403 ACC_PLAN_REQUIRED, nothing written)',
    async (_, route, parts) => {
      const writes = table.writes.length;
      await expect(call(route, parts, client)).rejects.toMatchObject({ code: 'ACC_PLAN_REQUIRED' });
      expect(table.writes.length).toBe(writes);
    },
  );

  it.each(ROUTES)('%s answers for a company with the plan', async (_, route, parts) => {
    await expect(call(route, parts)).resolves.toBeDefined();
  });

  it('answers 404 before the chart is initialised', async () => {
    table.reset();
    await expect(call(balanceSheetRoute)).rejects.toMatchObject({ code: 'CORE_006' });
  });

  it('lists entries newest first, filtered by account, and finds one entry', async () => {
    const page = await call<{ content: JournalEntry[]; totalElements: number }>(listEntriesRoute, {
      query: { accountId: '43000001' },
    });
    expect(page.content.map((e) => e.entryId)).toEqual(['e5', 'e4', 'e2']);
    const manual = await call<{ content: JournalEntry[] }>(listEntriesRoute, {
      query: { fromDate: '2026-01-01', search: 'Cuenta 621' },
    });
    expect(manual.content.map((e) => e.entryId)).toEqual(['e6']);
    // Unfiltered (keys first, then the page's entries): the same order and total as the full read.
    const all = await call<{ content: JournalEntry[]; totalElements: number }>(listEntriesRoute, {
      query: { source: 'MANUAL' },
    });
    const first = await call<{ content: JournalEntry[]; totalElements: number }>(listEntriesRoute, {
      query: { size: 2 },
    });
    const second = await call<{ content: JournalEntry[]; totalElements: number }>(listEntriesRoute, {
      query: { size: 2, page: 1 },
    });
    const everything = await entriesBetween(deps, CO, {}, { newestFirst: true });
    expect(first.totalElements).toBe(everything.length);
    expect([...first.content, ...second.content].map((e) => e.entryId)).toEqual(
      everything.slice(0, 4).map((e) => e.entryId),
    );
    expect(first.content[0]!.lines.length).toBeGreaterThan(0);
    expect(all.content.every((e) => e.source === 'MANUAL')).toBe(true);
    await expect(call(getEntryRoute, { params: { entryId: 'zz' } })).rejects.toMatchObject({
      code: 'CORE_006',
    });
  });

  it('answers the balance sheet at the month end it used', async () => {
    const bs = await call<BalanceSheet>(balanceSheetRoute, { query: { balanceDate: '2026-02-03' } });
    expect(bs.balanceDate).toBe('2026-02-28');
    expect(bs.isBalanced).toBe(true);
    expect(bs.layout).toBe('ABREVIADO');
  });

  it('closes and reopens a year through the routes', async () => {
    const closed = await call<{ regularizationEntryId: string }>(closeYearRoute, {
      params: { year: '2025' },
    });
    expect(closed.regularizationEntryId).toBe('REG-2025');
    expect((table.get(keys.accountingSettings(CO)) as unknown as SettingsItem).closedYears).toEqual([2025]);
    const fy = await call<{ yearClosed: boolean }>(reopenYearRoute, { params: { year: '2025' } });
    expect(fy.yearClosed).toBe(false);
  });

  it('exports the journal as Excel, one row per line and the totals', async () => {
    const file = await call<BinaryResponse>(exportEntriesRoute, {
      body: { fromDate: '2025-01-01', toDate: '2025-12-31' },
    });
    expect(file.contentType).toBe(XLSX_CONTENT_TYPE);
    expect(file.filename).toBe('libro-diario-2025-01-01-2025-12-31-20270210.xlsx');
    const sheet = readXlsx(file.body);
    expect(sheet.rows).toHaveLength(1 + 10 + 1);
    expect(sheet.rows[0]?.[0]).toBe('Nº asiento');
  });

  it('exports the balance sheet and the P&L as PDF through statement-pdf', async () => {
    const pdf = await call<BinaryResponse>(exportBalanceSheetRoute, {
      body: { format: 'PDF', balanceDate: '2025-12-31', layout: 'PYMES' },
    });
    expect(pdf.contentType).toBe('application/pdf');
    expect(new TextDecoder().decode(pdf.body.slice(0, 5))).toBe('%PDF-');
    expect(invoked[0]).toMatchObject({
      title: 'Balance de situación (modelo PYMES)',
      subtitle: 'A 31/12/2025',
    });
    const pyg = await call<BinaryResponse>(exportIncomeStatementRoute, {
      body: { format: 'PDF', fromDate: '2025-01-01', toDate: '2025-12-31' },
    });
    expect(pyg.filename).toBe('perdidas-y-ganancias-2025-01-01-2025-12-31-20270210.pdf');
    const rows = (invoked[1] as { rows: string[][] }).rows;
    expect(rows.find((r) => r[0] === 'D')?.[2]).toBe('700,00');
  });
});
