/**
 * The VeriFacTu QR of an invoice as a file to save (`qr-<invoiceNumber>.png|svg`), e.g. to print it
 * on a document made outside Cuadra. Same image and rules as `verifactu.invoiceQr`.
 */

import { binaryResponse, defineCompanyAction } from '@functions/platform/http';
import { QrQuery, VerifactuInvoicePath } from '@shared/schemas/verifactu';
import type { VerifactuDeps } from '../store/deps';
import { invoiceQrSource, qrImage } from './get-invoice-qr';

/** The attachment name: the invoice number with anything but letters, digits, '.', '-' as '-'. */
export const qrFileName = (invoiceNumber: string, ext: 'png' | 'svg'): string =>
  `qr-${invoiceNumber.replace(/[^\w.-]+/g, '-')}.${ext}`;

export const downloadInvoiceQrRoute = defineCompanyAction({
  params: VerifactuInvoicePath,
  query: QrQuery,
  run: async ({ scope, params, query }, deps: VerifactuDeps) => {
    const { record, url } = await invoiceQrSource(deps, scope.companyId, params.invoiceId);
    return binaryResponse({
      ...qrImage(url, query.format, query.size),
      filename: qrFileName(record.invoiceNumber || record.invoiceId, query.format),
    });
  },
});
