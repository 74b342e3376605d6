/** Request pieces shared by every domain: paging, ids, e-mails. */

import * as z from 'zod';

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
  sort: z.string().max(60).optional(),
  search: z.string().trim().max(100).optional(),
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
