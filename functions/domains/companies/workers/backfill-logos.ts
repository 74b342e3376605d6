/**
 * Schedule `company-logos-backfill` (nightly, 04:30 Madrid): finds again, from the stored records,
 * the invoice logos uploaded before uploads were normalised (no `normalised` mark, no `rejected`
 * one), which PDFs skip, and takes each through the upload's bounded path
 * (actions/backfill-company-logo.ts): normalised and printed again, or rejected with the reason and
 * the staff told once. Reads: the company directory (gsi2, the ADMIN company list; no Scan) and one
 * GetItem of settings per company. Idempotent: a second run finds no legacy logo and writes nothing.
 * A run that nears the Lambda timeout stops; the next run goes on (what is done is not legacy).
 */

import { type ScheduledContext, scheduledHandler, workerErrorFields } from '@functions/platform/workers';
import { backfillCompanyLogo } from '../actions/backfill-company-logo';
import { isLegacyLogo } from '../model/logo';
import { getSettings, listAllCompanies } from '../store/companies';
import { type CompaniesDeps, makeDeps } from '../store/deps';

export interface LogoBackfillResult {
  checked: number;
  normalised: number;
  rejected: number;
  /** Logos replaced by an upload while they were being processed (left as they are). */
  unchanged: number;
  failed: number;
  /** Companies left for the next run (the time ran out). */
  skipped: number;
}

/** Time kept in hand for one more logo (a bounded decode) and the final log line. */
const SAFETY_MARGIN_MS = 5_000;

export async function backfillLogos(
  deps: CompaniesDeps,
  { log, remainingMs }: Pick<ScheduledContext, 'log' | 'remainingMs'>,
): Promise<LogoBackfillResult> {
  const out: LogoBackfillResult = {
    checked: 0,
    normalised: 0,
    rejected: 0,
    unchanged: 0,
    failed: 0,
    skipped: 0,
  };
  const companies = await listAllCompanies(deps);
  for (const [i, { companyId }] of companies.entries()) {
    if (remainingMs() < SAFETY_MARGIN_MS) {
      out.skipped = companies.length - i;
      log.warn('Logo backfill stopped before the timeout', { ...out });
      break;
    }
    try {
      out.checked += 1;
      const logo = (await getSettings(deps, companyId)).invoicing.logo;
      if (!isLegacyLogo(logo)) continue;
      const outcome = await backfillCompanyLogo(deps, companyId, logo, log);
      out[outcome] += 1;
      log.info('Legacy logo processed', { companyId, outcome });
    } catch (e) {
      out.failed += 1;
      log.error('Legacy logo could not be processed', { companyId, ...workerErrorFields(e) });
    }
  }
  log.info('Logo backfill finished', { ...out });
  return out;
}

export const handler = scheduledHandler(async (ctx) => {
  const { failed } = await backfillLogos(makeDeps(), ctx);
  if (failed > 0) throw new Error(`${failed} legacy logos could not be processed`);
});
