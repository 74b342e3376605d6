/**
 * Schedule `invoices-overdue` (daily, 06:30 Madrid): confirmed invoices still PENDING or PARTIAL
 * whose due date is before today (Europe/Madrid) become OVERDUE. No Scan: one Query on the sparse
 * gsi2 entry that confirmation sets and payment in full, cancellation or this mark remove. Each
 * update is conditioned, so the run is idempotent and a payment made meanwhile wins.
 */

import { type ScheduledContext, scheduledHandler, workerErrorFields } from '@functions/platform/workers';
import { madridDate } from '../model/payments';
import { makeDeps } from '../store/deps';
import { dueBefore, markOverdueWrite } from '../store/payments';

export interface MarkOverdueResult {
  marked: number;
  skipped: number;
  failed: number;
}

type Deps = Parameters<typeof dueBefore>[0];

/** Time kept in hand for one more update and the final log line. */
const SAFETY_MARGIN_MS = 5_000;

export async function markOverdue(
  deps: Deps,
  { log, now, remainingMs }: ScheduledContext,
): Promise<MarkOverdueResult> {
  const result: MarkOverdueResult = { marked: 0, skipped: 0, failed: 0 };
  for (const key of await dueBefore(deps, madridDate(now))) {
    if (remainingMs() < SAFETY_MARGIN_MS) {
      // What is left stays in the index: the next run (or a manual one) continues.
      log.warn('Overdue marking stopped before the timeout', { ...result });
      return result;
    }
    try {
      if (await markOverdueWrite(deps, key)) result.marked += 1;
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
