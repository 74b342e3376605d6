import { assertClientPermission } from '@functions/platform/company-scope';
import { binaryResponse, defineAction } from '@functions/platform/http';
import { AppError, isAppError } from '@shared/api/errors';
import { InvoicePath } from '@shared/schemas/invoices';
import { renderInvoicePdf } from '../model/render-invoice-pdf';
import type { PdfDeps } from '../store/deps';
import { getInvoice } from '../store/invoices';
import { getIssuer, getIssuerSettings } from '../store/issuer';

/** The invoice as a PDF download; another company's invoice is a 404 like any missing one. */
export const getInvoicePdfRoute = defineAction({
  params: InvoicePath,
  run: async ({ auth, scope, params, log }, deps: PdfDeps) => {
    // A CLIENTE reads invoices only with VIEW_INVOICES (spec part 1 §6).
    assertClientPermission(auth, scope, 'VIEW_INVOICES');
    const companyId = scope!.companyId;
    const invoice = await getInvoice(deps, companyId, params.invoiceId);
    if (!invoice) throw new AppError('CORE_006', 'La factura no existe.');
    const [company, settings] = await Promise.all([
      getIssuer(deps, companyId),
      getIssuerSettings(deps, companyId),
    ]);
    if (!company) throw new AppError('DOC_044', 'No se encuentran los datos del emisor de la factura.');
    let body: Uint8Array;
    try {
      body = await renderInvoicePdf(invoice, company, settings);
    } catch (e) {
      if (isAppError(e)) throw e;
      log.error('invoice pdf failed', { invoiceId: invoice.invoiceId, error: (e as Error).message });
      throw new AppError('DOC_044');
    }
    return binaryResponse({
      contentType: 'application/pdf',
      body,
      filename: `${invoice.invoiceNumber ?? `borrador-${invoice.invoiceId}`}.pdf`,
    });
  },
});
