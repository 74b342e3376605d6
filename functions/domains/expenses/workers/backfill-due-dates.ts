/**
 * Issue 19 ("existing invoices get due dates from the terms in force"): gives `dueDates` to every
 * issued invoice and received invoice stored without them, run by the `received-invoices-overdue`
 * schedule before it marks. Per company (the company directory, gsi2): its invoices and its
 * received invoices in the book without `dueDates` (gsi1 by date, filtered), each written with ONE
 * update conditioned on `dueDates` still being absent, so a run is idempotent and a write of the
 * document in between wins. A document with a due date keeps it as one instalment for its whole
 * total (what was agreed when it was issued); one without takes the terms in force (the
 * customer's or supplier's, else the company's), and a confirmed invoice still owed enters the
 * overdue index at its first due date not covered. Bounded per run (time and writes); a company is
 * marked done (`keys.dueDatesBackfill`) only when nothing of it was left, so the next run continues
 * where this one stopped and a company done is never read again.
 */

import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { queryAll } from '@functions/lib/directory';
import { isConditionalCheckFailed } from '@functions/platform/aws/dynamodb-errors';
import { keys } from '@shared/db/keys';
import { SCHEMA_VERSION, stripKeys } from '@shared/db/records';
import type { IndexName } from '@shared/db/table';
import {
  allocatePayments,
  type DueDate,
  dueDatesOf,
  type PaymentTerms,
  storedTerms,
} from '@shared/fiscal/due-dates';
import type { InvoiceWithPayments } from '@shared/schemas/invoices';
import type { ReceivedInvoice } from '@shared/schemas/received-invoices';
import { receivedDueDates } from '../model/received-due-dates';
import type { ExpensesDeps } from '../store/deps';
import { readCompanyPaymentTerms } from '../store/payment-terms';
import { receivedDueEntry, receivedInvoiceFromItem } from '../store/received-invoices';

type Deps = Pick<ExpensesDeps, 'db' | 'table' | 'now'>;

/** Bumped when the backfill must run again over every company. */
export const DUE_DATES_BACKFILL_VERSION = 1;

export interface BackfillBudget {
  remainingMs: () => number;
  /** Writes left for this run. */
  writes: number;
}

export interface BackfillResult {
  invoices: number;
  receivedInvoices: number;
  companiesDone: number;
  skipped: number;
  failed: number;
}

/** Time kept in hand for the overdue marking that follows and the final log line. */
const SAFETY_MARGIN_MS = 60_000;

const exhausted = (b: BackfillBudget) => b.writes <= 0 || b.remainingMs() < SAFETY_MARGIN_MS;

/**
 * The due dates of an issued invoice stored before issue 19: its `dueDate` as one instalment, else
 * (something to collect) the terms, else none (a credit note, a cancelled invoice: nothing owed).
 */
export function backfilledInvoiceDueDates(inv: InvoiceWithPayments, terms: PaymentTerms): DueDate[] {
  const total = inv.totals.totalCents;
  if (inv.dueDate) return [{ dueDate: inv.dueDate, amountCents: total }];
  if (total <= 0 || inv.status === 'CANCELLED') return [];
  return dueDatesOf(inv.invoiceDate, total, terms);
}

/** Reads (once per run and company) the terms of stored customers and suppliers. */
function termsReader(deps: Deps, companyTerms: PaymentTerms) {
  const cache = new Map<string, PaymentTerms>();
  return async (key: { pk: string; sk: string } | null): Promise<PaymentTerms> => {
    if (!key) return companyTerms;
    const hit = cache.get(key.sk);
    if (hit) return hit;
    const res = await deps.db.send(new GetCommand({ TableName: deps.table, Key: key }));
    const item = res.Item as { paymentTerms?: PaymentTerms; paymentTermsDays?: number } | undefined;
    // A party deleted since: the company's terms.
    const terms = item ? storedTerms(item.paymentTerms, item.paymentTermsDays) : companyTerms;
    cache.set(key.sk, terms);
    return terms;
  };
}

const withoutDueDates = (deps: Deps, gsi1pk: string) =>
  queryAll(deps, {
    TableName: deps.table,
    IndexName: 'gsi1' satisfies IndexName,
    KeyConditionExpression: 'gsi1pk = :pk',
    FilterExpression: 'attribute_not_exists(dueDates)',
    ExpressionAttributeValues: { ':pk': gsi1pk },
  });

/** One conditioned update; false when the document got its due dates (or went away) meanwhile. */
async function fill(
  deps: Deps,
  key: { pk: string; sk: string },
  set: Record<string, unknown>,
): Promise<boolean> {
  const names = Object.keys(set);
  try {
    await deps.db.send(
      new UpdateCommand({
        TableName: deps.table,
        Key: key,
        UpdateExpression: `SET ${names.map((_, i) => `#a${i} = :v${i}`).join(', ')}`,
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(dueDates)',
        ExpressionAttributeNames: Object.fromEntries(names.map((n, i) => [`#a${i}`, n])),
        ExpressionAttributeValues: Object.fromEntries(names.map((n, i) => [`:v${i}`, set[n]])),
      }),
    );
    return true;
  } catch (e) {
    if (isConditionalCheckFailed(e)) return false;
    throw e;
  }
}

/** What an issued invoice without due dates is updated with. */
export function invoiceFill(inv: InvoiceWithPayments, terms: PaymentTerms): Record<string, unknown> {
  const dueDates = backfilledInvoiceDueDates(inv, terms);
  const set: Record<string, unknown> = { dueDates };
  if (!inv.dueDate && dueDates[0]) {
    set.dueDate = dueDates[0].dueDate;
    // Only a confirmed invoice still owed and not yet in the index enters it (an invoice with a
    // due date is already there when owed).
    const owed =
      inv.status === 'CONFIRMED' &&
      !inv.substitutedBy &&
      (inv.paymentStatus === 'PENDING' || inv.paymentStatus === 'PARTIAL');
    const next = allocatePayments(
      dueDates,
      (inv.paidCents ?? 0) + (inv.creditedCents ?? 0),
      '0000-00-00',
    ).nextDueDate;
    if (owed && next) Object.assign(set, keys.invoiceDue(next, inv.companyId, inv.invoiceId));
  }
  return set;
}

/** What a received invoice without due dates is updated with. */
export function receivedFill(r: ReceivedInvoice, terms: PaymentTerms): Record<string, unknown> {
  const dueDates =
    receivedDueDates({ issueDate: r.issueDate, dueDate: r.dueDate }, r.totals.totalCents, terms) ?? [];
  const set: Record<string, unknown> = { dueDates, ...receivedDueEntry({ ...r, dueDates }) };
  if (!r.dueDate && dueDates[0]) set.dueDate = dueDates[0].dueDate;
  return set;
}

async function backfillCompany(
  deps: Deps,
  companyId: string,
  budget: BackfillBudget,
  result: BackfillResult,
): Promise<boolean> {
  const termsOf = termsReader(deps, await readCompanyPaymentTerms(deps, companyId));
  const write = async (
    key: { pk: string; sk: string },
    set: Record<string, unknown>,
    kind: 'invoices' | 'receivedInvoices',
  ) => {
    budget.writes -= 1;
    if (await fill(deps, key, set)) result[kind] += 1;
    else result.skipped += 1;
  };
  for (const item of await withoutDueDates(deps, keys.invoiceByDatePartition(companyId).gsi1pk)) {
    if (exhausted(budget)) return false;
    const inv = stripKeys(item) as unknown as InvoiceWithPayments;
    const customerId = inv.customer?.customerId;
    const terms = await termsOf(customerId ? keys.customer(companyId, customerId) : null);
    await write({ pk: String(item.pk), sk: String(item.sk) }, invoiceFill(inv, terms), 'invoices');
  }
  for (const item of await withoutDueDates(deps, keys.receivedInvoiceByDatePartition(companyId).gsi1pk)) {
    if (exhausted(budget)) return false;
    const r = receivedInvoiceFromItem(item);
    const supplierId = r.supplier.supplierId;
    const terms = await termsOf(supplierId ? keys.supplier(companyId, supplierId) : null);
    await write({ pk: String(item.pk), sk: String(item.sk) }, receivedFill(r, terms), 'receivedInvoices');
  }
  return true;
}

/** The backfill over every company not marked done, within the budget. */
export async function backfillDueDates(
  deps: Deps,
  budget: BackfillBudget,
  onError: (companyId: string, e: unknown) => void,
): Promise<BackfillResult> {
  const result: BackfillResult = {
    invoices: 0,
    receivedInvoices: 0,
    companiesDone: 0,
    skipped: 0,
    failed: 0,
  };
  const companies = await queryAll(deps, {
    TableName: deps.table,
    IndexName: 'gsi2' satisfies IndexName,
    KeyConditionExpression: 'gsi2pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.companyDirectory().gsi2pk },
  });
  for (const c of companies) {
    if (exhausted(budget)) break;
    const companyId = String(c.companyId);
    const marker = await deps.db.send(
      new GetCommand({ TableName: deps.table, Key: keys.dueDatesBackfill(companyId) }),
    );
    if (Number(marker.Item?.version ?? 0) >= DUE_DATES_BACKFILL_VERSION) continue;
    try {
      const writtenBefore = result.invoices + result.receivedInvoices;
      const finished = await backfillCompany(deps, companyId, budget, result);
      // The treasury's open items were projected from these documents without their due dates (the
      // writes above raise no events): forgetting its projection's progress makes the next
      // `treasury-daily` rebuild the company's open items from the documents as they are now.
      if (result.invoices + result.receivedInvoices > writtenBefore) {
        await deps.db.send(
          new DeleteCommand({ TableName: deps.table, Key: keys.treasuryProjectionBackfill(companyId) }),
        );
      }
      if (!finished) break;
      await deps.db.send(
        new PutCommand({
          TableName: deps.table,
          Item: {
            ...keys.dueDatesBackfill(companyId),
            entity: 'DueDatesBackfill',
            v: SCHEMA_VERSION,
            version: DUE_DATES_BACKFILL_VERSION,
            at: deps.now().toISOString(),
          },
        }),
      );
      result.companiesDone += 1;
    } catch (e) {
      result.failed += 1;
      onError(companyId, e);
    }
  }
  return result;
}
