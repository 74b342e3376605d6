/**
 * Who sees which document, and the documents list's filters, order and pages (spec part 2 §7
 * "Document service"; part 3 client portal: a client sees only what it uploaded). Pure.
 */

import type { AuthContext } from '@functions/platform/auth-context';
import type { CompanyScope } from '@functions/platform/company-scope';
import { AppError } from '@shared/api/errors';
import type { DocumentDetails, DocumentListQuery } from '@shared/schemas/documents';

/** A CLIENTE member (spec part 1 §6): its own uploads only, never a confidential document. */
export const isClientCaller = (scope: CompanyScope): boolean => scope.membership?.companyRole === 'CLIENTE';

export function visibleTo(
  doc: Pick<DocumentDetails, 'uploadedBy' | 'isConfidential'>,
  auth: Pick<AuthContext, 'userId'>,
  scope: CompanyScope,
): boolean {
  if (!isClientCaller(scope)) return true;
  return doc.uploadedBy === auth.userId && !doc.isConfidential;
}

/** 404 for what the caller may not see (never says it exists). */
export function assertVisible<D extends Pick<DocumentDetails, 'uploadedBy' | 'isConfidential'>>(
  doc: D,
  auth: Pick<AuthContext, 'userId'>,
  scope: CompanyScope,
): D {
  if (!visibleTo(doc, auth, scope))
    throw new AppError('CORE_006', 'El documento no existe.', { field: 'documentId' });
  return doc;
}

export interface Page<T> {
  content: T[];
  page: number;
  size: number;
  totalElements: number;
  totalPages: number;
}

export function pageOf<T>(rows: T[], page: number, size: number): Page<T> {
  return {
    content: rows.slice(page * size, page * size + size),
    page,
    size,
    totalElements: rows.length,
    totalPages: Math.ceil(rows.length / size),
  };
}

const folded = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** Without separators ('B-46.000.001' -> 'B46000001', 'F 2026/001' -> 'F2026001'), upper case. */
const compact = (s: string) =>
  folded(s)
    .toUpperCase()
    .replace(/[\s.\-/_]/g, '');

/** A tax id typed with the `ES` VAT prefix ('ES B46000001') as stored (extraction rules: no prefix). */
const storedTaxId = (s: string) => compact(s).replace(/^ES(?=[0-9A-Z]\d{7}[0-9A-Z]$)/, '');

type Searchable = Pick<DocumentDetails, 'fileName' | 'extraction' | 'description'>;

/**
 * The list's `search` (spec part 2 §7 "Document service"): the file name, the description, and the
 * reading's supplier name, supplier NIF and invoice number, case and accent insensitive; a NIF or an
 * invoice number also matches typed with spaces, dots, dashes or slashes (and a NIF with `ES`).
 */
export function matchesSearch(d: Searchable, search: string): boolean {
  const q = folded(search.trim());
  if (!q) return true;
  const texts = [d.fileName, d.description, d.extraction?.supplierName, d.extraction?.invoiceNumber];
  if (texts.some((v) => typeof v === 'string' && folded(v).includes(q))) return true;
  const nif = d.extraction?.supplierNif;
  const number = d.extraction?.invoiceNumber;
  const qCompact = compact(search);
  if (!qCompact) return false;
  return (
    (typeof nif === 'string' && compact(nif).includes(storedTaxId(search))) ||
    (typeof number === 'string' && compact(number).includes(qCompact))
  );
}

/** The list's filters (dates are the creation day, UTC ISO prefix compare) and its order. */
export function filterAndSort<D extends DocumentDetails | Omit<DocumentDetails, 'notes'>>(
  docs: D[],
  q: Omit<DocumentListQuery, 'page' | 'size'>,
): D[] {
  const rows = docs.filter(
    (d) =>
      (!q.status || d.status === q.status) &&
      (!q.documentType || d.documentType === q.documentType) &&
      (!q.origin || d.origin === q.origin) &&
      (!q.from || d.createdAt.slice(0, 10) >= q.from) &&
      (!q.to || d.createdAt.slice(0, 10) <= q.to) &&
      (!q.search || matchesSearch(d, q.search)),
  );
  const dir = q.sortDir === 'asc' ? 1 : -1;
  const key = (d: D) =>
    q.sortBy === 'fileName' ? folded(d.fileName) : q.sortBy === 'status' ? d.status : d.createdAt;
  return rows.sort(
    (a, b) => dir * (key(a).localeCompare(key(b)) || a.documentId.localeCompare(b.documentId)),
  );
}
