import { binaryResponse, defineCompanyAction } from '@functions/platform/http';
import { isAppError } from '@shared/api/errors';
import { InvoicePath } from '@shared/schemas/invoices';
import type { PdfDeps } from '../store/deps';
import { renderInvoicePdfFor } from '../store/invoice-documents';

/** The invoice as a PDF download; another company's invoice is a 404 like any missing one. */
export const getInvoicePdfRoute = defineCompanyAction({
  params: InvoicePath,
  run: async ({ scope, params, log }, deps: PdfDeps) => {
    try {
      const { bytes, fileName } = await renderInvoicePdfFor(deps, scope.companyId, params.invoiceId);
      return binaryResponse({ contentType: 'application/pdf', body: bytes, filename: fileName });
    } catch (e) {
      if (isAppError(e) && e.code === 'DOC_044' && e.cause)
        log.error('invoice pdf failed', { invoiceId: params.invoiceId, error: (e.cause as Error).message });
      throw e;
    }
  },
});
