/**
 * What an uploaded logo may be (shared/schemas/company-logo.ts: spec part 3 §5), told by its bytes,
 * and the normalised copy that is stored in its place. The header is checked before anything is
 * decoded, so a decompression bomb is refused for what it claims; what passes is decoded once,
 * within LOGO_MAX_SIDE² pixels, and re-encoded within the images library's normalised side. Pure.
 */

import { createHash } from 'node:crypto';
import { ImageError, type NormalisedImage, normaliseImage } from '@functions/lib/images';
import { AppError, isAppError } from '@shared/api/errors';
import type { CompanyLogo } from '@shared/schemas/companies';
import {
  checkLogoHeader,
  LOGO_MAX_SIDE,
  LOGO_MESSAGES,
  type LogoProblem,
  type LogoProblemReason,
} from '@shared/schemas/company-logo';

const refusal = (problem: LogoProblem, cause?: unknown) =>
  new AppError('CORE_004', problem.message, {
    field: 'contentBase64',
    details: { reason: problem.reason },
    ...(cause ? { cause } : {}),
  });

/** The logo to store, or CORE_004 with the spec's message for the first rule it breaks. */
export function normaliseLogo(bytes: Uint8Array): NormalisedImage {
  if (bytes.length === 0) {
    throw new AppError('CORE_004', 'El archivo está vacío.', {
      field: 'contentBase64',
      details: { reason: 'EMPTY' },
    });
  }
  const checked = checkLogoHeader(bytes);
  if ('problem' in checked) throw refusal(checked.problem);
  try {
    return normaliseImage(bytes, { maxPixels: LOGO_MAX_SIDE * LOGO_MAX_SIDE });
  } catch (e) {
    if (!(e instanceof ImageError)) throw e;
    throw refusal({ reason: 'UNREADABLE', message: LOGO_MESSAGES.UNREADABLE }, e);
  }
}

/** Where a normalised copy is stored: named by its content, so the same image has one key. */
export function normalisedLogoKey(companyId: string, image: NormalisedImage): string {
  const hash = createHash('sha256').update(image.bytes).digest('hex').slice(0, 16);
  return `logos/${companyId}/${hash}.${image.contentType === 'image/png' ? 'png' : 'jpg'}`;
}

/** A logo stored before uploads were normalised, not yet normalised nor rejected by the backfill. */
export const isLegacyLogo = (logo: CompanyLogo | null | undefined): logo is CompanyLogo =>
  !!logo && logo.normalised !== true && !logo.rejected;

/** The rule a refused logo breaks (normaliseLogo's refusal), with the spec's message. */
export function logoProblemOf(e: unknown): LogoProblem | undefined {
  if (!isAppError(e) || e.code !== 'CORE_004') return undefined;
  const reason = e.details?.reason;
  if (reason === 'EMPTY') return { reason: 'UNREADABLE', message: LOGO_MESSAGES.UNREADABLE };
  return typeof reason === 'string' && reason in LOGO_MESSAGES
    ? { reason: reason as LogoProblemReason, message: LOGO_MESSAGES[reason as LogoProblemReason] }
    : undefined;
}
