/**
 * Schedule `invoices-overdue` (daily, 06:30 Madrid): confirmed invoices still PENDING or PARTIAL
 * with an instalment due before today (Europe/Madrid) that the payments do not cover become
 * OVERDUE. No Scan: one Query on the sparse gsi2 entry that confirmation sets (at the earliest
 * uncovered due date, issue 19) and payment in full, cancellation or this mark remove. Payments
 * settle the due dates oldest first (shared/fiscal/due-dates.ts): an entry whose due instalments
 * are covered moves to the next uncovered one instead. Each update is conditioned, so the run is
 * idempotent and a payment made meanwhile wins.
 */

import { type ScheduledContext, scheduledHandler, workerErrorFields } from '@functions/platform/workers';
import { stripKeys } from '@shared/db/records';
import type { InvoiceWithPayments } from '@shared/schemas/invoices';
import { instalmentsOf } from '../model/due-dates';
import { madridDate } from '../model/payments';
import { makeDeps } from '../store/deps';
import { dueEntriesBefore, markOverdueWrite, moveDueEntryWrite } from '../store/payments';

export interface MarkOverdueResult {
  marked: number;
  /** Issue 19: entries whose due instalments were covered, moved to the next due date. */
  moved: number;
  skipped: number;
  failed: number;
}

type Deps = Parameters<typeof dueEntriesBefore>[0];

/** Time kept in hand for one more update and the final log line. */
const SAFETY_MARGIN_MS = 5_000;

/** Marks (true), moves the entry to its next due date (false) or nothing happened (null: lost a race). */
async function settleEntry(
  deps: Deps,
  item: Record<string, unknown>,
  today: string,
): Promise<boolean | null> {
  const key = { pk: String(item.pk), sk: String(item.sk) };
  const inv = stripKeys(item) as unknown as InvoiceWithPayments;
  // An entry projected without the invoice (keys only): its due date is before today, it is overdue.
  if (!inv.totals) return (await markOverdueWrite(deps, key)) ? true : null;
  const seen = { paidCents: inv.paidCents ?? 0, creditedCents: inv.creditedCents ?? 0 };
  const state = instalmentsOf(inv, today);
  if (state.overdue) return (await markOverdueWrite(deps, key, seen)) ? true : null;
  return (await moveDueEntryWrite(deps, inv, seen, state.nextDueDate)) ? false : null;
}

export async function markOverdue(
  deps: Deps,
  { log, now, remainingMs }: ScheduledContext,
): Promise<MarkOverdueResult> {
  const result: MarkOverdueResult = { marked: 0, moved: 0, skipped: 0, failed: 0 };
  const today = madridDate(now);
  for (const item of await dueEntriesBefore(deps, today)) {
    if (remainingMs() < SAFETY_MARGIN_MS) {
      // What is left stays in the index: the next run (or a manual one) continues.
      log.warn('Overdue marking stopped before the timeout', { ...result });
      return result;
    }
    try {
      const outcome = await settleEntry(deps, item, today);
      if (outcome === true) result.marked += 1;
      else if (outcome === false) result.moved += 1;
      else result.skipped += 1;
    } catch (e) {
      result.failed += 1;
      log.error('Invoice could not be marked overdue', workerErrorFields(e));
    }
  }
  log.info('Overdue marking finished', { ...result });
  return result;
}

export const handler = scheduledHandler(async (ctx) => {
  const { failed } = await markOverdue(makeDeps(), ctx);
  if (failed > 0) throw new Error(`${failed} invoices could not be marked overdue`);
});
