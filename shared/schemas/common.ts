/** Request pieces shared by every domain: paging, ids, e-mails. */

import * as z from 'zod';
import { safeText } from './text';

export const MAX_PAGE_SIZE = 100;

/** Paged list query (spec part 1 §3): page from 0, size 20 by default and at most 100. */
export const PageQuery = z.object({
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_PAGE_SIZE, { message: `El tamaño de página no puede superar ${MAX_PAGE_SIZE}.` })
    .default(20),
  sort: safeText().max(60).optional(),
  search: safeText().max(100).optional(),
});
export type PageQuery = z.infer<typeof PageQuery>;

/** Parses `field,asc|desc` against the fields a list allows. */
export function parseSort<F extends string>(
  sort: string | undefined,
  allowed: readonly F[],
  fallback: { field: F; dir: 'asc' | 'desc' },
): { field: F; dir: 'asc' | 'desc' } {
  if (!sort) return fallback;
  const [field, dir = 'asc'] = sort.split(',').map((s) => s.trim());
  if (!allowed.includes(field as F) || (dir !== 'asc' && dir !== 'desc')) return fallback;
  return { field: field as F, dir };
}

const MAIL_ADDRESS = /^[^\s@<>(),;:"[\]\\]+@[^\s@<>(),;:"[\]\\]+\.[^\s@<>(),;:"[\]\\]+$/;

/**
 * A plain address (no display name), at most 254 characters, that a mail header can carry as is:
 * what the automatic senders check a stored customer address with before mailing it.
 */
export const isValidEmail = (s: string): boolean => s.length <= 254 && MAIL_ADDRESS.test(s);

export const Email = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email({ message: 'El email no es válido.' }));

export const Id = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, { message: 'Identificador no válido.' });

/** Dates in data are ISO strings. */
export const IsoDate = z.iso.date();
