/**
 * One company's legacy logo (stored before uploads were normalised, so PDFs skip it) taken through
 * the upload's own bounded path (model/logo.ts `normaliseLogo`: the header checked against the
 * rules before any pixel is decoded, then decoded once within them and re-encoded):
 *  - it passes: its normalised copy is stored and the record says `normalised: true, width,
 *    height`, so invoices print it again; the legacy object is removed;
 *  - it breaks a rule (a decompression bomb, a file over 5 MB, unreadable or missing): the record
 *    is marked `rejected` with the rule's Spanish message, so it is neither printed nor served,
 *    the object is removed, and the company's staff are told once to upload a new one.
 * Each write is conditioned on the record still being that legacy logo: a logo uploaded meanwhile
 * wins, and running it again finds nothing to do.
 */

import type { NormalisedImage } from '@functions/lib/images';
import type { Logger } from '@functions/platform/logger';
import type { CompanyLogo } from '@shared/schemas/companies';
import { LOGO_MESSAGES, type LogoProblem, MAX_LOGO_BYTES } from '@shared/schemas/company-logo';
import { logoProblemOf, normalisedLogoKey, normaliseLogo } from '../model/logo';
import { getSettings } from '../store/companies';
import type { CompaniesDeps } from '../store/deps';
import { notifyLogoRejected, replaceLegacyLogo } from '../store/logo-backfill';
import { deleteLogoObject, getLogoObjectWithin, putLogoObject } from '../store/logos';

export type LogoBackfillOutcome = 'normalised' | 'rejected' | 'unchanged';

type Checked = { image: NormalisedImage } | { problem: LogoProblem };

/** The stored legacy bytes against the rules: never loaded over 5 MB, never decoded past the header's claims. */
async function problemOrImage(logo: CompanyLogo): Promise<Checked> {
  const stored = await getLogoObjectWithin(logo.s3Key, MAX_LOGO_BYTES);
  if (!stored) return { problem: { reason: 'UNREADABLE', message: LOGO_MESSAGES.UNREADABLE } };
  if ('tooHeavy' in stored) return { problem: { reason: 'TOO_HEAVY', message: LOGO_MESSAGES.TOO_HEAVY } };
  try {
    return { image: normaliseLogo(stored.bytes) };
  } catch (e) {
    const problem = logoProblemOf(e);
    if (!problem) throw e;
    return { problem };
  }
}

export async function backfillCompanyLogo(
  deps: CompaniesDeps,
  companyId: string,
  logo: CompanyLogo,
  log: Logger,
): Promise<LogoBackfillOutcome> {
  const checked = await problemOrImage(logo);
  const now = deps.now();
  if ('image' in checked) {
    const { image } = checked;
    const s3Key = normalisedLogoKey(companyId, image);
    await putLogoObject(s3Key, image.bytes, image.contentType);
    const next: CompanyLogo = {
      s3Key,
      contentType: image.contentType,
      fileName: logo.fileName,
      uploadedAt: logo.uploadedAt,
      normalised: true,
      width: image.width,
      height: image.height,
    };
    if (!(await replaceLegacyLogo(deps, companyId, logo.s3Key, next, now))) {
      // Replaced meanwhile: the copy is removed unless it is the current logo (same image, same key).
      const current = (await getSettings(deps, companyId)).invoicing.logo;
      if (current?.s3Key !== s3Key && s3Key !== logo.s3Key) await deleteLogoObject(s3Key);
      return 'unchanged';
    }
    if (logo.s3Key !== s3Key) await deleteLogoObject(logo.s3Key);
    return 'normalised';
  }
  const rejected = { ...logo, rejected: { ...checked.problem, at: now.toISOString() } };
  if (!(await replaceLegacyLogo(deps, companyId, logo.s3Key, rejected, now))) return 'unchanged';
  // Told once: only the run whose conditional write marked it gets here.
  await notifyLogoRejected(deps, companyId, rejected, log);
  await deleteLogoObject(logo.s3Key);
  return 'rejected';
}
