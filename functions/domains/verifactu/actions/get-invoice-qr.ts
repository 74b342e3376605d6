/**
 * The VeriFacTu QR of an invoice as an image (spec part 2 §7; Orden HAC/1177/2024 art. 21): the AEAT
 * validation URL of its latest registro de alta (a subsanación or alta tras rechazo supersedes the
 * earlier ones), level M, as PNG or SVG. 404 when the invoice has no VeriFacTu record.
 */

import { renderQrPng, renderQrSvg } from '@functions/lib/qr';
import { recordsOfInvoice } from '@functions/lib/verifactu-chain';
import { binaryResponse, defineAction } from '@functions/platform/http';
import { AppError } from '@shared/api/errors';
import { qrUrlOfRecord } from '@shared/fiscal/verifactu-record';
import { QrQuery, VerifactuInvoicePath, type VerifactuRecord } from '@shared/schemas/verifactu';
import type * as z from 'zod';
import { assertCanRead } from '../model/permissions';
import type { VerifactuDeps } from '../store/deps';

export interface InvoiceQrSource {
  record: VerifactuRecord;
  url: string;
}

/** The invoice's latest alta and its QR URL; CORE_006 when there is none (draft, SII, unknown id). */
export async function invoiceQrSource(
  deps: VerifactuDeps,
  companyId: string,
  invoiceId: string,
): Promise<InvoiceQrSource> {
  const records = await recordsOfInvoice(deps.db, deps.table, companyId, invoiceId);
  const record = records.filter((r) => r.kind === 'ALTA').at(-1);
  const url = record ? qrUrlOfRecord(record) : null;
  if (!record || !url) throw new AppError('CORE_006', 'La factura no tiene registro VeriFacTu.');
  return { record, url };
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

export const getInvoiceQrRoute = defineAction({
  params: VerifactuInvoicePath,
  query: QrQuery,
  run: async ({ auth, scope, params, query }, deps: VerifactuDeps) => {
    assertCanRead(auth, scope);
    const { url } = await invoiceQrSource(deps, scope!.companyId, params.invoiceId);
    return binaryResponse(qrImage(url, query.format, query.size));
  },
});
