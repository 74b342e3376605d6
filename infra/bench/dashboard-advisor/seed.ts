/**
 * The advisor dashboard bench's data (issue 20), written straight into the table with the items the
 * owning domains write (functions/domains/dashboard/store/advisor-fixtures.ts): one gestor with a
 * GESTOR membership in each of C companies; per company two CLIENTE members, a tax profile, the
 * obligations of last year and this year (303/111/115 quarterly, 390/190/180 annual: already due ones
 * filed, one overdue in every fifth company, the rest PENDING with the open index), a year of issued
 * invoices (INVOICES_PER_MONTH a month up to today: their running aggregates as the confirmations ADD
 * them, the stored items of the current month), documents spread over the year (some waiting for
 * review), VeriFacTu counters; every tenth company in the SII with open SII records (some rejected).
 */

import { BatchWriteCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { addDays } from '@functions/domains/dashboard/model/advisor-period';
import {
  documentItem,
  issuedInvoice,
  obligation,
  obligationItem,
  siiEntryItem,
  taxProfileItem,
  verifactuStatsItem,
} from '@functions/domains/dashboard/store/advisor-fixtures';
import type { DashboardDeps } from '@functions/domains/dashboard/store/deps';
import { aggregateDeltas, deltaUpdateItem } from '@functions/lib/tax-aggregates';
import { storedInvoiceItem } from '@functions/platform/testing/stored-invoices';
import { type Company, companyItem } from '@shared/db/records';
import type { TaxObligation } from '@shared/fiscal/fiscal-alerts';
import { issuedContribution } from '@shared/fiscal/tax-aggregates';
import { pool } from '../lib/measure';
import { benchGestorProfileItem, benchMembershipItem } from '../lib/seed';

const INVOICES_PER_MONTH = 8;
const DOCUMENTS_PER_MONTH = 3;
const SEED_CONCURRENCY = 8;

export interface SeedCounts {
  items: number;
  invoices: number;
  documents: number;
  obligations: number;
}

export const companyIdOf = (i: number) => `bench-adv-${String(i + 1).padStart(4, '0')}`;

async function putAll(
  db: DashboardDeps['db'],
  table: string,
  items: Record<string, unknown>[],
): Promise<void> {
  for (let i = 0; i < items.length; i += 25) {
    let pending: { PutRequest: { Item: Record<string, unknown> } }[] | undefined = items
      .slice(i, i + 25)
      .map((Item) => ({ PutRequest: { Item } }));
    while (pending && pending.length > 0) {
      const res = await db.send(new BatchWriteCommand({ RequestItems: { [table]: pending } }));
      pending = res.UnprocessedItems?.[table] as typeof pending;
    }
  }
}

/** The obligations of a year: 303/111/115 each quarter (due the 20th after it; 4T on 30 January), 390/190/180. */
function yearObligations(companyId: string, year: number, today: string, overdue: boolean): TaxObligation[] {
  const out: TaxObligation[] = [];
  const dueOf = (q: number) =>
    q === 4 ? `${year + 1}-01-30` : `${year}-${String(q * 3 + 1).padStart(2, '0')}-20`;
  for (const model of ['303', '111', '115'] as const)
    for (let q = 1; q <= 4; q++)
      out.push(
        obligation(companyId, {
          modelType: model,
          period: `${q}T`,
          year,
          dueDate: dueOf(q),
          status: 'PENDING',
        }),
      );
  for (const model of ['390', '190', '180'] as const)
    out.push(
      obligation(companyId, {
        modelType: model,
        period: '0A',
        year,
        dueDate: `${year + 1}-01-30`,
        status: 'PENDING',
      }),
    );
  let keptOverdue = false;
  return out.map((o) => {
    if (o.dueDate >= today) return o;
    if (overdue && !keptOverdue && o.modelType === '115') {
      keptOverdue = true;
      return o;
    }
    return { ...o, status: 'SUBMITTED', submittedAt: `${addDays(o.dueDate, -2)}T09:00:00.000Z` };
  });
}

/** Seeds one gestor (`opts.user`) with `opts.companies` companies as described at the top. */
export async function seedAdvisorBench(opts: {
  db: DashboardDeps['db'];
  table: string;
  user: string;
  userEmail: string;
  companies: number;
  today: string;
}): Promise<SeedCounts> {
  const { db, table, user: USER, userEmail: USER_EMAIL, companies: C, today } = opts;
  const at = new Date().toISOString();
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  const counts = { items: 0, invoices: 0, documents: 0, obligations: 0 };
  await putAll(db, table, [benchGestorProfileItem(USER, USER_EMAIL, at)]);
  await pool(C, SEED_CONCURRENCY, async (i) => {
    const companyId = companyIdOf(i);
    const sii = i % 10 === 0;
    const company: Company = {
      companyId,
      name: `Cliente Asesoría ${String(i + 1).padStart(4, '0')} SL`,
      nif: `B${String(5_000_000 + i).padStart(7, '0')}0`,
      companyType: 'SL',
      isActive: true,
      siiEnabled: sii,
      verifactuEnabled: !sii,
      address: {
        street: 'Calle de Colón 12',
        postalCode: '46004',
        city: 'Valencia',
        province: 'Valencia',
        country: 'ES',
      },
      fiscal: { vatRegime: 'GENERAL', directTax: 'IMPUESTO_SOCIEDADES', largeCompany: false, redeme: false },
      createdAt: at,
      updatedAt: at,
      createdBy: USER,
    };
    const member = (userId: string, companyRole: 'GESTOR' | 'CLIENTE') =>
      benchMembershipItem({
        companyId,
        userId,
        companyRole,
        email: `${userId}@cuadra.test`,
        firstName: userId,
        lastName: 'Pruebas',
        at,
      });
    const obligations = [
      ...yearObligations(companyId, year - 1, today, false),
      ...yearObligations(companyId, year, today, i % 5 === 0),
    ];
    const invoices = [];
    for (let m = 1; m <= month; m++)
      for (let k = 0; k < INVOICES_PER_MONTH; k++) {
        const day = Math.min(1 + k * 3, 28);
        const date = `${year}-${String(m).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
        if (date > today) continue;
        invoices.push(
          issuedInvoice(companyId, `${m}-${k}`, date, 10_000 + ((i * 7 + m * 13 + k * 31) % 90) * 1_000),
        );
      }
    const documents = [];
    for (let m = 1; m <= month; m++)
      for (let k = 0; k < DOCUMENTS_PER_MONTH; k++) {
        const createdMs = Date.parse(
          `${year}-${String(m).padStart(2, '0')}-${String(2 + k * 6).padStart(2, '0')}T10:00:00Z`,
        );
        if (createdMs > Date.now()) continue;
        documents.push(
          documentItem({
            companyId,
            createdMs,
            suffix: `d${k}`,
            fileName: `factura-proveedor-${m}-${k}.pdf`,
            reviewPending: m === month && k === 0,
          }),
        );
      }
    const items: Record<string, unknown>[] = [
      companyItem(company),
      member(USER, 'GESTOR'),
      member(`${companyId}-cliente-1`, 'CLIENTE'),
      member(`${companyId}-cliente-2`, 'CLIENTE'),
      taxProfileItem(companyId),
      ...obligations.map(obligationItem),
      // Stored invoice items of the current month only (the dashboard reads older ones only through the
      // aggregates); the aggregates hold the whole year.
      ...invoices.filter((inv) => inv.invoiceDate.slice(0, 7) === today.slice(0, 7)).map(storedInvoiceItem),
      ...documents,
      verifactuStatsItem(companyId, { status_VERIFIED: invoices.length, status_ERROR: i % 7 === 0 ? 1 : 0 }),
      ...(sii
        ? [0, 1, 2].map((n) =>
            siiEntryItem({
              companyId,
              documentId: `${companyId}-sii-${n}`,
              status: n === 0 ? 'REJECTED' : 'QUEUED',
              deadline: addDays(today, 2 + n),
            }),
          )
        : []),
    ];
    await putAll(db, table, items);
    // The running aggregates as the confirmations leave them (merged by item, applied by ADD).
    const updates = aggregateDeltas(companyId, ...invoices.map((inv) => issuedContribution(inv, 1))).map(
      (d) => deltaUpdateItem(table, d),
    );
    for (let k = 0; k < updates.length; k += 100)
      await db.send(new TransactWriteCommand({ TransactItems: updates.slice(k, k + 100) }));
    counts.items += items.length + updates.length;
    counts.invoices += invoices.length;
    counts.documents += documents.length;
    counts.obligations += obligations.length;
  });
  return counts;
}
