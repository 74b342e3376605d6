/**
 * What every SII action shares: the company must be in the SII, the path parameters, and the
 * projections the API answers (an entry without its record and history in lists).
 */

import type { Logger } from '@functions/platform/logger';
import { AppError } from '@shared/api/errors';
import { SII_BOOKS, type SiiEntry } from '@shared/schemas/sii';
import * as z from 'zod';
import { getSiiCompany, type SiiCompanyInfo } from '../store/config';
import type { SiiDeps } from '../store/deps';

export const NOT_IN_SII =
  'La empresa no está dada de alta en el SII. Actívalo en su configuración fiscal para enviar sus libros registro a la AEAT.';

/** The company, refused with 400 CORE_004 when it is not in the SII (404 when it does not exist). */
export async function requireSiiCompany(
  deps: Pick<SiiDeps, 'db' | 'table'>,
  companyId: string,
): Promise<SiiCompanyInfo> {
  const company = await getSiiCompany(deps, companyId);
  if (!company) throw new AppError('CORE_006', 'La empresa no existe.');
  if (!company.siiEnabled)
    throw new AppError('CORE_004', NOT_IN_SII, { details: { reason: 'SII_NOT_ENABLED' } });
  return company;
}

const Ref = z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, { message: 'Identificador no válido.' });

/** `{book}/{documentId}`: an invoice id, then `~` and the payment id or line for RECC and BI. */
export const SiiEntryPath = z.object({
  book: z.enum(SII_BOOKS),
  documentId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,100}(~[A-Za-z0-9_-]{1,100})?$/, { message: 'Identificador no válido.' }),
});
export const SiiBookPath = z.object({ book: z.enum(SII_BOOKS) });
export const SiiInvoicePath = z.object({ invoiceId: Ref });
/** Submission ids sort by time: `<time>-<random>` (letters, digits, `-`, `_`, `.`, `:`). */
export const SiiSubmissionPath = z.object({
  submissionId: z.string().regex(/^[A-Za-z0-9_.:-]{1,120}$/, { message: 'Identificador no válido.' }),
});
export const SiiYearPath = z.object({ year: z.coerce.number().int().min(2017).max(2100) });

/** An entry as lists show it: everything but the record's content and the history. */
export type SiiEntryRow = Omit<SiiEntry, 'record' | 'history'>;

export function entryRow(e: SiiEntry): SiiEntryRow {
  const { record: _record, history: _history, ...row } = e as SiiEntry & { sourceOrder?: string };
  delete (row as { sourceOrder?: string }).sourceOrder;
  return row;
}

/** The API's view of a full entry (the stored one may carry bookkeeping fields of its writers). */
export function entryView(e: SiiEntry): SiiEntry {
  const { sourceOrder: _order, ...entry } = e as SiiEntry & { sourceOrder?: string };
  return entry;
}

export const invalidPeriod = (message: string, field: string) =>
  new AppError('TAX_027', message, { field, details: { reason: 'INVALID_PERIOD' } });

/**
 * The deps with the request's logger, for the store calls that log (the AEAT exchanges). The
 * property descriptors are copied, so the lazy ones (queue URL, bucket name: read from the
 * environment when first used) stay lazy.
 */
export function withLog<D extends object>(deps: D, log: Logger): D & { log: Logger } {
  return Object.defineProperties(
    {},
    { ...Object.getOwnPropertyDescriptors(deps), log: { value: log, enumerable: true } },
  ) as D & { log: Logger };
}
