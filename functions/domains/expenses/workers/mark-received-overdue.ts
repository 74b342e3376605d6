/**
 * Schedule `received-invoices-overdue` (daily, 06:35 Madrid; issue 19). First the backfill of due
 * dates for the invoices and received invoices stored without them (workers/backfill-due-dates.ts,
 * bounded). Then received invoices in the book still PENDING or PARTIAL with a due date before
 * today (Europe/Madrid) that their payments (oldest first) do not cover become OVERDUE. No Scan:
 * one Query on the sparse gsi2 entry every write of the invoice keeps at its earliest uncovered due
 * date (store/received-invoices.ts `receivedDueEntry`); an entry whose due instalments are covered
 * moves to the next one instead. Every update is conditioned on the version read, so the run is
 * idempotent and a payment or correction made meanwhile wins (it restates the status itself).
 */

import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { queryAll } from '@functions/lib/directory';
import { isConditionalCheckFailed } from '@functions/platform/aws/dynamodb-errors';
import { type ScheduledContext, scheduledHandler, workerErrorFields } from '@functions/platform/workers';
import { keys } from '@shared/db/keys';
import type { IndexName } from '@shared/db/table';
import type { ReceivedInvoice } from '@shared/schemas/received-invoices';
import { madridDay, receivedInstalments } from '../model/received-due-dates';
import { type ExpensesDeps, makeDeps } from '../store/deps';
import { receivedInvoiceFromItem } from '../store/received-invoices';
import { type BackfillResult, backfillDueDates } from './backfill-due-dates';

type Deps = Pick<ExpensesDeps, 'db' | 'table' | 'now'>;

export interface MarkReceivedOverdueResult {
  backfill: BackfillResult;
  marked: number;
  moved: number;
  skipped: number;
  failed: number;
}

/** Time kept in hand for one more update and the final log line. */
const SAFETY_MARGIN_MS = 5_000;
/** Documents the backfill may write in one run (the rest waits for the next run). */
export const BACKFILL_WRITES_PER_RUN = 5_000;

async function conditionedUpdate(
  deps: Deps,
  r: ReceivedInvoice,
  update: string,
  values: Record<string, unknown>,
) {
  try {
    await deps.db.send(
      new UpdateCommand({
        TableName: deps.table,
        Key: keys.receivedInvoice(r.companyId, r.receivedInvoiceId),
        UpdateExpression: update,
        ConditionExpression: 'version = :v AND paymentStatus IN (:pending, :partial)',
        ExpressionAttributeValues: {
          ':v': r.version,
          ':pending': 'PENDING',
          ':partial': 'PARTIAL',
          ...values,
        },
      }),
    );
    return true;
  } catch (e) {
    if (isConditionalCheckFailed(e)) return false;
    throw e;
  }
}

/** Marks (true), moves the entry to its next due date (false), or nothing (null: lost a race). */
async function settleEntry(
  deps: Deps,
  item: Record<string, unknown>,
  today: string,
): Promise<boolean | null> {
  const r = receivedInvoiceFromItem(item);
  const state = receivedInstalments(r, r.paidCents ?? 0, today);
  if (state.overdue) {
    const ok = await conditionedUpdate(deps, r, 'SET paymentStatus = :overdue REMOVE gsi2pk, gsi2sk', {
      ':overdue': 'OVERDUE',
    });
    return ok ? true : null;
  }
  const next = state.nextDueDate
    ? keys.receivedInvoiceDue(state.nextDueDate, r.companyId, r.receivedInvoiceId)
    : null;
  const ok = next
    ? await conditionedUpdate(deps, r, 'SET gsi2pk = :g2pk, gsi2sk = :g2sk', {
        ':g2pk': next.gsi2pk,
        ':g2sk': next.gsi2sk,
      })
    : await conditionedUpdate(deps, r, 'REMOVE gsi2pk, gsi2sk', {});
  return ok ? false : null;
}

export async function markReceivedOverdue(
  deps: Deps,
  { log, now, remainingMs }: ScheduledContext,
): Promise<MarkReceivedOverdueResult> {
  const backfill = await backfillDueDates(
    deps,
    { remainingMs, writes: BACKFILL_WRITES_PER_RUN },
    (companyId, e) => log.error('Due dates could not be backfilled', { companyId, ...workerErrorFields(e) }),
  );
  const result: MarkReceivedOverdueResult = { backfill, marked: 0, moved: 0, skipped: 0, failed: 0 };
  const today = madridDay(now.toISOString());
  const due = await queryAll(deps, {
    TableName: deps.table,
    IndexName: 'gsi2' satisfies IndexName,
    KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk < :today',
    ExpressionAttributeValues: { ':pk': keys.receivedInvoiceDuePartition().gsi2pk, ':today': today },
  });
  for (const item of due) {
    if (remainingMs() < SAFETY_MARGIN_MS) {
      // What is left stays in the index: the next run continues.
      log.warn('Received overdue marking stopped before the timeout', { ...result });
      return result;
    }
    try {
      const outcome = await settleEntry(deps, item, today);
      if (outcome === true) result.marked += 1;
      else if (outcome === false) result.moved += 1;
      else result.skipped += 1;
    } catch (e) {
      result.failed += 1;
      log.error('Received invoice could not be marked overdue', workerErrorFields(e));
    }
  }
  log.info('Received overdue marking finished', { ...result });
  return result;
}

export const handler = scheduledHandler(async (ctx) => {
  const { failed, backfill } = await markReceivedOverdue(makeDeps(), ctx);
  if (failed + backfill.failed > 0) {
    throw new Error(
      `${failed} received invoices could not be marked overdue, ${backfill.failed} companies not backfilled`,
    );
  }
});
