import { defineCompanyAction } from '@functions/platform/http';
import { SII_BOOKS, type SiiStatus } from '@shared/schemas/sii';
import type { SiiDeps } from '../store/deps';
import { entriesOfInvoice } from '../store/queries';
import { entryRow, requireSiiCompany, type SiiEntryRow, SiiInvoicePath } from './sii-scope';

export interface SiiInvoiceStatus {
  invoiceId: string;
  /**
   * The invoice's state in the SII: its FE or FR record's (the `siiStatus` mirrored on the invoice),
   * else the first of its other records; null when it has no record.
   */
  siiStatus: SiiStatus | null;
  /** Every record of the invoice, book by book (FE, FR, BI, OI, RECC). */
  entries: SiiEntryRow[];
}

/**
 * GET /sii/invoices/{invoiceId}: the SII panel of an issued or received invoice: every record it has
 * in any book. An invoice without records answers an empty list (it may not be confirmed yet).
 */
export const getInvoiceStatusRoute = defineCompanyAction({
  params: SiiInvoicePath,
  run: async ({ scope, params }, deps: SiiDeps): Promise<SiiInvoiceStatus> => {
    await requireSiiCompany(deps, scope.companyId);
    const entries = (await entriesOfInvoice(deps, scope.companyId, params.invoiceId)).sort(
      (a, b) =>
        SII_BOOKS.indexOf(a.book) - SII_BOOKS.indexOf(b.book) || a.documentId.localeCompare(b.documentId),
    );
    const main = entries.find((e) => e.book === 'FE' || e.book === 'FR') ?? entries[0];
    return { invoiceId: params.invoiceId, siiStatus: main?.status ?? null, entries: entries.map(entryRow) };
  },
});
