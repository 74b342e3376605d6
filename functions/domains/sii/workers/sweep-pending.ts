/**
 * Schedule `sii-sweep` (every minute): the safety net of the SII sender. A wake-up can be lost (a
 * registration that failed after its write), a sender stops on its time budget or after an
 * unknown outcome it must ask about later; entries then wait QUEUED or SENT. One Query over the
 * sparse global index of open entries (gsi2 `SII#OPEN`, projected to company and status) gives the
 * companies; each gets one wake-up (deduplication id = company + minute, so overlapping runs do not
 * pile up). A company whose sender holds a live lease is skipped: it is draining.
 */

import { once } from '@functions/platform/aws/env';
import { type ScheduledContext, scheduledHandler, workerErrorFields } from '@functions/platform/workers';
import { makeDeps, type SiiDeps } from '../store/deps';
import { getSenderState } from '../store/lease';
import { companiesWithPending } from '../store/submissions';
import { wakeSender } from '../store/trigger';

export interface SweepResult {
  companies: number;
  woken: number;
  skipped: number;
  errors: number;
}

type Ctx = Pick<ScheduledContext, 'log' | 'now' | 'remainingMs'>;

const minuteOf = (d: Date) => d.toISOString().slice(0, 16).replace(/[-:T]/g, '');

export async function sweepPending(
  deps: Pick<SiiDeps, 'db' | 'table' | 'sqs' | 'sendQueueUrl'>,
  ctx: Ctx,
): Promise<SweepResult> {
  const result: SweepResult = { companies: 0, woken: 0, skipped: 0, errors: 0 };
  const companies = await companiesWithPending(deps);
  result.companies = companies.length;
  const now = ctx.now.getTime();
  for (const companyId of companies) {
    if (ctx.remainingMs() < 3_000) break;
    try {
      const sender = await getSenderState(deps, companyId);
      if (sender?.leaseUntil && Date.parse(sender.leaseUntil) > now) {
        result.skipped += 1;
        continue;
      }
      await wakeSender(deps, companyId, `sweep-${companyId}-${minuteOf(ctx.now)}`);
      result.woken += 1;
    } catch (e) {
      result.errors += 1;
      ctx.log.error('SII sweep could not wake a company', { companyId, ...workerErrorFields(e) });
    }
  }
  ctx.log.info('SII sweep finished', { ...result });
  return result;
}

const deps = once(makeDeps);

export const handler = scheduledHandler(async (ctx) => {
  const { errors } = await sweepPending(deps(), ctx);
  if (errors > 0) throw new Error(`${errors} companies could not be woken`);
});
