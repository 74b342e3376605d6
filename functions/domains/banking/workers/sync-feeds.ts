/**
 * The `banking-sync` schedule (every 6 hours, infra/manifest.ts): walks gsi1 `PSD2CONSENT` (every
 * connection of every company by consent expiry) and, for each LINKED one, syncs its balances and
 * booked movements (store/psd2.ts `syncConnection`) or marks it EXPIRED when its consent ended.
 * Unattended access is limited by the banks (PSD2 RTS art. 36(5)(b): four times a day), so a
 * connection synced successfully less than 6 hours ago (minus the schedule's drift) is skipped.
 * One connection's failure (429, expired consent, provider down) is recorded on it and its audit,
 * and the run goes on; it stops cleanly before the Lambda's timeout (the next run continues).
 */

import type { Logger } from '@functions/platform/logger';
import { scheduledHandler } from '@functions/platform/workers';
import { isAppError } from '@shared/api/errors';
import { PSD2_MIN_SYNC_INTERVAL_HOURS } from '@shared/schemas/psd2';
import { type BankingDeps, makeDeps } from '../store/deps';
import { listConsentsByExpiry, syncConnection } from '../store/psd2';

const SAFETY_MS = 30_000;
/** The schedule's rate may fire a few minutes early: still due. */
const DRIFT_MS = 10 * 60_000;

export interface SyncRunResult {
  synced: number;
  skipped: number;
  failed: number;
  expired: number;
}

export async function syncAllFeeds(
  deps: BankingDeps,
  ctx: { log: Logger; remainingMs: () => number },
): Promise<SyncRunResult> {
  const result: SyncRunResult = { synced: 0, skipped: 0, failed: 0, expired: 0 };
  const now = deps.now().getTime();
  const minGap = PSD2_MIN_SYNC_INTERVAL_HOURS * 3_600_000 - DRIFT_MS;
  for (const connection of await listConsentsByExpiry(deps)) {
    if (connection.status !== 'LINKED') continue;
    if (ctx.remainingMs() < SAFETY_MS) break;
    const last = connection.lastSuccessfulSyncAt ? Date.parse(connection.lastSuccessfulSyncAt) : null;
    if (last !== null && now - last < minGap && Date.parse(connection.consentExpiresAt) > now) {
      result.skipped += 1;
      continue;
    }
    try {
      await syncConnection(deps, connection, { trigger: 'SCHEDULE', actor: null });
      result.synced += 1;
    } catch (e) {
      if (!isAppError(e)) throw e;
      if (e.code === 'BANK_CONSENT_EXPIRED') result.expired += 1;
      else result.failed += 1;
      ctx.log.warn('Bank feed sync failed', {
        companyId: connection.companyId,
        connectionId: connection.connectionId,
        code: e.code,
      });
    }
  }
  return result;
}

export const handler = scheduledHandler(async (ctx) => {
  const result = await syncAllFeeds(makeDeps(), ctx);
  ctx.log.info('Bank feeds synced', { ...result });
});
