/**
 * The safety net of the inbound bucket (issue 17 design, "Sweep"): raw mails stored under `inbound/`
 * since `since` that were never taken in (a lost or failed S3 event) are taken in now, through the
 * same idempotent code as the event. Called by the documents-sweep schedule (D1's worker).
 */

import { createLogger, type Logger } from '@functions/platform/logger';
import { workerErrorFields } from '@functions/platform/workers';
import type { DocumentsDeps } from './deps';
import { type InboxDeps, inboxDeps } from './inbox-deps';
import { inboundObjectTaken } from './inbox-emails';
import { takeInRawMail } from './inbox-intake';

/** At most this many raw mails per run (the next run goes on). */
const MAX_PER_RUN = 200;

export function sweepInboundMail(
  deps: DocumentsDeps,
  since: Date,
  log: Logger = createLogger({ worker: 'documents-sweep' }),
): Promise<{ seen: number; takenIn: number; failed: number }> {
  return sweepInbound(inboxDeps(deps), since, log);
}

export async function sweepInbound(
  deps: InboxDeps,
  since: Date,
  log: Logger,
): Promise<{ seen: number; takenIn: number; failed: number }> {
  const rawKeys = await deps.raw.listSince('inbound/', since, 5_000);
  let takenIn = 0;
  let failed = 0;
  for (const rawKey of rawKeys) {
    if (takenIn + failed >= MAX_PER_RUN) break;
    if (await inboundObjectTaken(deps, rawKey)) continue;
    try {
      const bytes = await deps.raw.get(rawKey);
      if (!bytes) continue;
      await takeInRawMail(deps, { rawKey, bytes, origin: 'EMAIL', log: log.child({ rawKey }) });
      takenIn += 1;
    } catch (e) {
      failed += 1;
      log.error('Sweep could not take an inbound mail in', { rawKey, ...workerErrorFields(e) });
    }
  }
  return { seen: rawKeys.length, takenIn, failed };
}
