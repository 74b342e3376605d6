/**
 * Schedule `verifactu-sweep` (every minute): the safety net of the sender. A trigger can be lost
 * (a stream record that failed for good), a sender can stop on the AEAT's waiting time
 * (TiempoEsperaEnvio) or after an ambiguous outcome; records then wait in the sparse global pending
 * index (gsi2). One Query over it (paged) gives the companies; each one that may send now gets one
 * trigger (deduplication id = company + minute, so overlapping runs do not pile up). Skipped: a
 * company whose sender says "not before T" with T in the future, or that holds a live lease (its
 * sender is draining), and one whose configuration is absent, disabled or NO VERI*FACTU.
 */

import { once } from '@functions/platform/aws/env';
import { sqs } from '@functions/platform/aws/sqs';
import { type ScheduledContext, scheduledHandler, workerErrorFields } from '@functions/platform/workers';
import { makeDeps, type VerifactuDeps } from '../store/deps';
import { type QueueDeps, sendTrigger, verifactuQueueUrl } from '../store/queue';
import { getConfig, getSender, sendsToAeat } from '../store/sender';
import { pendingCompanies } from '../store/submissions';

export interface SweepResult {
  companies: number;
  triggered: number;
  skipped: number;
  errors: number;
}

type Ctx = Pick<ScheduledContext, 'log' | 'now' | 'remainingMs'>;

const minuteOf = (d: Date) => d.toISOString().slice(0, 16).replace(/[-:T]/g, '');

export async function sweepPending(deps: VerifactuDeps & QueueDeps, ctx: Ctx): Promise<SweepResult> {
  const result: SweepResult = { companies: 0, triggered: 0, skipped: 0, errors: 0 };
  const companies = await pendingCompanies(deps);
  result.companies = companies.length;
  const now = ctx.now.getTime();
  for (const companyId of companies) {
    if (ctx.remainingMs() < 3_000) break;
    try {
      const [config, sender] = await Promise.all([getConfig(deps, companyId), getSender(deps, companyId)]);
      const waiting = sender?.nextAllowedAt && Date.parse(sender.nextAllowedAt) > now;
      const leased = sender?.leaseUntil && Date.parse(sender.leaseUntil) > now;
      if (!sendsToAeat(config) || waiting || leased) {
        result.skipped += 1;
        continue;
      }
      await sendTrigger(deps, companyId, `sweep-${companyId}-${minuteOf(ctx.now)}`);
      result.triggered += 1;
    } catch (e) {
      result.errors += 1;
      ctx.log.error('VeriFacTu sweep could not trigger a company', { companyId, ...workerErrorFields(e) });
    }
  }
  ctx.log.info('VeriFacTu sweep finished', { ...result });
  return result;
}

const deps = once(() => ({ ...makeDeps(), sqs: sqs(), queueUrl: verifactuQueueUrl() }));

export const handler = scheduledHandler(async (ctx) => {
  const { errors } = await sweepPending(deps(), ctx);
  if (errors > 0) throw new Error(`${errors} companies could not be triggered`);
});
