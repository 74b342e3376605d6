/** Reading the ids of SII entries and where their documents are shown. */
import { SII_BOOKS, SII_URGENT_DAYS, type SiiBook, type SiiSourceType } from '@shared/schemas/sii';
import { paths } from '@web/lib/paths';

/** `FE:inv-1` → `{ book: 'FE', documentId: 'inv-1' }` (siiEntryId); null when it is not one. */
export function parseEntryId(entryId: string): { book: SiiBook; documentId: string } | null {
  const at = entryId.indexOf(':');
  if (at < 0) return null;
  const book = entryId.slice(0, at) as SiiBook;
  const documentId = entryId.slice(at + 1);
  return SII_BOOKS.includes(book) && documentId ? { book, documentId } : null;
}

/** The invoice a document id belongs to (`<invoiceId>~<payment or line>`, siiDocumentId). */
export const invoiceIdOf = (documentId: string): string => documentId.split('~')[0] ?? documentId;

/**
 * Whether a record comes from a received invoice: its source says so when the answer carries it;
 * otherwise the book does (FR and BI are the received side; FE, OI and RECC are read as issued).
 */
export function isReceivedSide(book: SiiBook, sourceType?: SiiSourceType | null): boolean {
  if (sourceType) return sourceType === 'RECEIVED_INVOICE' || sourceType === 'RECEIVED_PAYMENT';
  return book === 'FR' || book === 'BI';
}

/**
 * The page of the invoice behind a record, naming its company (`?company=`) so a new tab opens
 * it under the right company: the issued invoice, or the received one.
 */
export function siiDocumentPath(
  book: SiiBook,
  invoiceId: string,
  companyId: string | null,
  sourceType?: SiiSourceType | null,
): string {
  return isReceivedSide(book, sourceType)
    ? paths.app.invoicing.receivedInvoice(invoiceId, companyId)
    : paths.app.invoicing.invoice(invoiceId, companyId);
}

/** Spec part 3 §9: urgent when the days until the deadline are 1 or fewer. */
export const isUrgentDeadline = (days: number): boolean => days <= SII_URGENT_DAYS;

/** '3 días', '1 día', 'Hoy', 'Vencido hace 2 días'. */
export function daysLeftText(days: number): string {
  if (days < 0) return `Vencido hace ${-days} ${days === -1 ? 'día' : 'días'}`;
  if (days === 0) return 'Hoy';
  return `${days} ${days === 1 ? 'día' : 'días'}`;
}
