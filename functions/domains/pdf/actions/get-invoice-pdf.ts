import { renderInvoicePdfFor } from '@functions/lib/invoice-document';
import { assertClientPermission } from '@functions/platform/company-scope';
import { binaryResponse, defineAction } from '@functions/platform/http';
import { isAppError } from '@shared/api/errors';
import { InvoicePath } from '@shared/schemas/invoices';
import type { PdfDeps } from '../store/deps';

/** The invoice as a PDF download; another company's invoice is a 404 like any missing one. */
export const getInvoicePdfRoute = defineAction({
  params: InvoicePath,
  run: async ({ auth, scope, params, log }, deps: PdfDeps) => {
    // A CLIENTE reads invoices only with VIEW_INVOICES (spec part 1 §6).
    assertClientPermission(auth, scope, 'VIEW_INVOICES');
    try {
      const { bytes, fileName } = await renderInvoicePdfFor(deps, scope!.companyId, params.invoiceId);
      return binaryResponse({ contentType: 'application/pdf', body: bytes, filename: fileName });
    } catch (e) {
      if (isAppError(e) && e.code === 'DOC_044' && e.cause)
        log.error('invoice pdf failed', { invoiceId: params.invoiceId, error: (e.cause as Error).message });
      throw e;
    }
  },
});
