/**
 * Demo accounting for `npm start` (issue 18). The books keep themselves: every confirmed invoice,
 * received invoice and payment of the demo companies is posted by the `accounting` queue's consumer
 * (and the backfill the chart's initialisation queues finds what was stored before). Here the
 * demo gestor (Professional plan) only does what a person does by hand, through the REST API:
 *  - Panadería La Espiga SL: the PYMES chart, the constitution entry (share capital paid into the
 *    bank, locked as a gestor locks what was checked) and a bank fee;
 *  - Transportes Levante Norte SA: the normal PGC chart (asked for an SA) and its capital.
 * Navarro Asesores SL (the Starter gestoría) gets nothing: its accounting shows 'Funcionalidad Premium'.
 * Idempotent: a company that already has manual entries is left alone.
 */

import { madridDate } from '@shared/fiscal/sii-deadlines';
import type { InitializeChartResult, JournalEntry } from '@shared/schemas/accounting';
import { DEMO_INVOICING_COMPANY } from './seed-invoicing';
import { DEMO_SII_COMPANY } from './seed-sii';
import { apiClient } from './testing/api';
import type { LocalCloudInfo } from './types';

const GESTOR = 'gestor@cuadra.test';

interface DemoBooks {
  companyId: string;
  chartType: 'PYMES' | 'NORMAL';
  capitalCents: number;
  bankFeeCents: number | null;
}

const DEMO_BOOKS: DemoBooks[] = [
  { companyId: DEMO_INVOICING_COMPANY, chartType: 'PYMES', capitalCents: 300_000, bankFeeCents: 1_250 },
  { companyId: DEMO_SII_COMPANY, chartType: 'NORMAL', capitalCents: 6_000_000, bankFeeCents: null },
];

export async function seedDemoAccounting(info: Pick<LocalCloudInfo, 'url'>): Promise<void> {
  const api = apiClient(info.url);
  const gestor = await api.login(GESTOR);
  const year = Number(madridDate(new Date()).slice(0, 4));
  for (const books of DEMO_BOOKS) {
    const call = async <T>(method: string, path: string, body?: unknown, query?: Record<string, string>) => {
      const res = await api.request<T>(method, path, {
        token: gestor,
        companyId: books.companyId,
        body,
        query,
      });
      if (!res.body.success)
        throw new Error(
          `demo accounting: ${method} ${path} -> ${res.status} ${JSON.stringify(res.body.error)}`,
        );
      return res.body.data;
    };
    // Initialising writes the whole PGC chart in one request (~700 items): on a machine loaded far
    // beyond CI's (DynamoDB Local sharing two cores with benches) it has run past the API's 29 s and
    // answered 500. The call is idempotent (a second one writes what is missing and changes nothing
    // else), so the seed asks again, as a person pressing the button again would.
    for (let attempt = 1; ; attempt++) {
      try {
        await call<InitializeChartResult>('POST', '/api/v1/accounting/chart/initialize', {
          chartType: books.chartType,
        });
        break;
      } catch (e) {
        if (attempt >= 3 || !/-> 5\d\d /.test(String(e))) throw e;
        console.warn(`[local] demo accounting: chart initialise answered ${String(e)}; again (${attempt}/3)`);
        await new Promise((r) => setTimeout(r, 2_000 * attempt));
      }
    }
    const manual = await call<{ totalElements: number }>('GET', '/api/v1/accounting/entries', undefined, {
      source: 'MANUAL',
      size: '1',
    });
    if (manual.totalElements > 0) continue;
    const constitution = await call<JournalEntry>('POST', '/api/v1/accounting/entries', {
      entryDate: `${year}-01-02`,
      description: 'Desembolso del capital social',
      lines: [
        { accountCode: '572', debitCents: books.capitalCents, description: 'Ingreso en cuenta corriente' },
        { accountCode: '100', creditCents: books.capitalCents, description: 'Capital social suscrito' },
      ],
    });
    await call('POST', `/api/v1/accounting/entries/${constitution.entryId}/lock`);
    if (books.bankFeeCents !== null)
      await call('POST', '/api/v1/accounting/entries', {
        entryDate: `${year}-01-31`,
        description: 'Comisión de mantenimiento de la cuenta',
        lines: [
          { accountCode: '626', debitCents: books.bankFeeCents, description: 'Comisión bancaria' },
          { accountCode: '572', creditCents: books.bankFeeCents, description: 'Cargo en cuenta' },
        ],
      });
  }
}
