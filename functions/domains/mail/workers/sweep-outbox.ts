/**
 * Schedule `outbox-sweep` (every 5 minutes): the safety net behind the stream consumer. Publishes
 * the outbox items still PENDING two minutes after their creation (the stream had its chance),
 * oldest first, stopping before the Lambda timeout; the next run picks up where this one stopped.
 */

import { type ScheduledContext, scheduledHandler, workerErrorFields } from '@functions/platform/workers';
import { isStale, OutboxImage, sweepCutoff } from '../model/outbox';
import { pendingOutboxBefore, publishOutboxItem } from '../store/outbox';

/** Time kept in hand for one more publish (two AWS calls) and the final log line. */
const SAFETY_MARGIN_MS = 5_000;

export interface SweepResult {
  published: number;
  failed: number;
  skipped: number;
}

export async function sweepOutbox({ log, now, remainingMs }: ScheduledContext): Promise<SweepResult> {
  const result: SweepResult = { published: 0, failed: 0, skipped: 0 };
  for await (const page of pendingOutboxBefore(sweepCutoff(now))) {
    for (const raw of page) {
      if (remainingMs() < SAFETY_MARGIN_MS) {
        log.warn('Sweep stopped before the timeout; the next run continues', { ...result });
        return result;
      }
      const parsed = OutboxImage.safeParse(raw);
      // The key condition already keeps fresh items out; the check states the rule where it is read.
      if (!parsed.success || !isStale(parsed.data, now) || parsed.data.status !== 'PENDING') {
        if (!parsed.success) log.error('Outbox item is not publishable', { outboxId: raw.outboxId });
        result.skipped += 1;
        continue;
      }
      const itemLog = log.child({ outboxId: parsed.data.outboxId });
      try {
        if ((await publishOutboxItem(parsed.data, itemLog)) === 'published') result.published += 1;
      } catch (e) {
        // One failing item must not block the rest of the sweep.
        result.failed += 1;
        itemLog.error('Outbox item could not be published', workerErrorFields(e));
      }
    }
  }
  log.info('Outbox sweep finished', { ...result });
  return result;
}

export const handler = scheduledHandler(async (ctx) => {
  const { failed } = await sweepOutbox(ctx);
  // Fail the invocation so the error metric (and its alarm) sees it; the sweep is idempotent.
  if (failed > 0) throw new Error(`${failed} outbox items could not be published`);
});
