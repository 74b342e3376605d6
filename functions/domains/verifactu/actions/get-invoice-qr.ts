/**
 * The VeriFacTu QR of an invoice as an image (spec part 2 §7; Orden HAC/1177/2024 art. 21): the AEAT
 * validation URL of its latest registro de alta (a subsanación or alta tras rechazo supersedes the
 * earlier ones), level M, as PNG or SVG. Only when that alta is really sent in VERI*FACTU mode
 * (`qrApplies`, the rule the PDF follows too): 404 otherwise — no record, or a company whose records
 * cannot be sent (VeriFacTu not configured, disabled, no valid certificate).
 */

import { renderQrPng, renderQrSvg } from '@functions/lib/qr';
import { binaryResponse, defineCompanyAction } from '@functions/platform/http';
import { AppError } from '@shared/api/errors';
import { QrQuery, VerifactuInvoicePath, type VerifactuRecord } from '@shared/schemas/verifactu';
import type * as z from 'zod';
import type { VerifactuDeps } from '../store/deps';
import { invoiceVerifactuQr } from '../store/records';

export interface InvoiceQrSource {
  record: VerifactuRecord;
  url: string;
}

export const NO_QR_MESSAGE =
  'La factura no tiene QR VeriFacTu: solo lo lleva la factura cuyo registro se envía a la AEAT en modo VERI*FACTU.';

/**
 * The invoice's latest alta and its QR URL; CORE_006 when the invoice carries no QR (draft, SII,
 * unknown id, or a record that is not sent).
 */
export async function invoiceQrSource(
  deps: VerifactuDeps,
  companyId: string,
  invoiceId: string,
): Promise<InvoiceQrSource> {
  const qr = await invoiceVerifactuQr(deps, companyId, invoiceId, deps.now());
  if (!qr) throw new AppError('CORE_006', NO_QR_MESSAGE);
  return { record: qr.record, url: qr.qrUrl };
}

export type QrFormat = z.infer<typeof QrQuery>['format'];

/** The image bytes and content type of a QR in the requested format. */
export function qrImage(
  url: string,
  format: QrFormat,
  size: number,
): { contentType: string; body: Uint8Array } {
  if (format === 'svg')
    return { contentType: 'image/svg+xml', body: new TextEncoder().encode(renderQrSvg(url, { size })) };
  return { contentType: 'image/png', body: renderQrPng(url, { sizePx: size }) };
}

export const getInvoiceQrRoute = defineCompanyAction({
  params: VerifactuInvoicePath,
  query: QrQuery,
  run: async ({ scope, params, query }, deps: VerifactuDeps) => {
    const { url } = await invoiceQrSource(deps, scope.companyId, params.invoiceId);
    return binaryResponse(qrImage(url, query.format, query.size));
  },
});
