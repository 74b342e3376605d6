/**
 * An invoice as its PDF, read straight from the table: the invoice, the issuer (the snapshot a
 * confirmed invoice carries since confirmation; the company item for a draft, which prints
 * BORRADOR) and the company's invoicing settings. Shared by the download route, the e-mail route
 * and the automatic senders (bulk operations, recurring invoices), which live in other domains.
 * A confirmed invoice whose latest registro de alta (a subsanación or alta tras rechazo supersedes
 * the earlier ones) is really sent in VERI*FACTU mode also gets its QR (URL and legend).
 */

import { type DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { type InvoiceLogo, type InvoiceQr, renderInvoicePdf } from '@functions/lib/pdf';
import { invoiceVerifactuQr } from '@functions/lib/verifactu-sending';
import { lazyS3 } from '@functions/platform/aws/s3-lazy';
import { createLogger } from '@functions/platform/logger';
import { AppError, isAppError } from '@shared/api/errors';
import { bucketEnv } from '@shared/config/env-names';
import { keys } from '@shared/db/keys';
import { type Company, stripKeys } from '@shared/db/records';
import { issuerSnapshotOf } from '@shared/fiscal/invoice-issuer';
import { type CompanySettings, defaultCompanySettings } from '@shared/schemas/companies';
import type { Invoice, InvoiceIssuerSnapshot } from '@shared/schemas/invoices';

export interface InvoiceDocumentDeps {
  db: DynamoDBDocumentClient;
  table: string;
  /** The clock the VeriFacTu QR rule reads (a certificate valid today); the real one by default. */
  now?: () => Date;
}

export interface RenderedInvoicePdf {
  bytes: Uint8Array;
  fileName: string;
  invoice: Invoice;
}

export interface InvoiceDocument {
  invoice: Invoice;
  issuer: InvoiceIssuerSnapshot;
  settings: CompanySettings;
  /** The company's logo when it has one and it can be read. */
  logo?: InvoiceLogo;
  /** The VeriFacTu QR of the invoice's latest registro de alta; absent without one. */
  qr?: InvoiceQr;
}

/**
 * The logo's normalised copy from the documents bucket; an unreadable logo leaves the PDF without
 * one, and so does a logo stored before uploads were normalised (logged: uploading it again fixes it).
 */
async function loadLogo(settings: CompanySettings): Promise<InvoiceLogo | undefined> {
  const logo = settings.invoicing.logo;
  const bucket = process.env[bucketEnv.documents];
  if (!logo || !bucket) return undefined;
  const { normalised, width, height } = logo;
  if (!normalised || !width || !height) {
    createLogger({ component: 'invoice-document' }).warn('logo skipped: stored before normalisation', {
      s3Key: logo.s3Key,
    });
    return undefined;
  }
  try {
    const { sdk, client } = await lazyS3();
    const res = await client.send(new sdk.GetObjectCommand({ Bucket: bucket, Key: logo.s3Key }));
    const bytes = res.Body ? await res.Body.transformToByteArray() : undefined;
    return bytes ? { bytes, contentType: logo.contentType, normalised, width, height } : undefined;
  } catch {
    return undefined;
  }
}

/** The stored invoice under the company's partition (another company's id is a miss). */
export async function getInvoiceItem(
  deps: InvoiceDocumentDeps,
  companyId: string,
  invoiceId: string,
): Promise<Invoice | undefined> {
  const res = await deps.db.send(
    new GetCommand({ TableName: deps.table, Key: keys.invoice(companyId, invoiceId), ConsistentRead: true }),
  );
  return res.Item ? (stripKeys(res.Item) as unknown as Invoice) : undefined;
}

export async function getCompanyItem(
  deps: InvoiceDocumentDeps,
  companyId: string,
): Promise<Company | undefined> {
  const res = await deps.db.send(new GetCommand({ TableName: deps.table, Key: keys.company(companyId) }));
  return res.Item ? (stripKeys(res.Item) as unknown as Company) : undefined;
}

/** The stored settings over the defaults (an older item may lack newer fields). */
export async function getCompanySettings(
  deps: InvoiceDocumentDeps,
  companyId: string,
): Promise<CompanySettings> {
  const res = await deps.db.send(
    new GetCommand({ TableName: deps.table, Key: keys.companySettings(companyId) }),
  );
  const defaults = defaultCompanySettings();
  const stored = (res.Item?.settings ?? {}) as Partial<CompanySettings>;
  return { ...defaults, ...stored, invoicing: { ...defaults.invoicing, ...stored.invoicing } };
}

/**
 * What the invoice's VeriFacTu record prints: the validation URL and the VERI*FACTU legend, only
 * when its latest alta is really sent in VERI*FACTU mode (Orden HAC/1177/2024 arts. 20–21; the rule
 * is `qrApplies` in shared/fiscal/verifactu-sending.ts): a company without VeriFacTu configured,
 * or whose records cannot be sent, gets the plain frame. Drafts and invoices of SII companies
 * (outside RD 1007/2023) have no record, nor need a read.
 */
export async function invoiceQrOf(
  deps: InvoiceDocumentDeps,
  companyId: string,
  invoice: Pick<Invoice, 'invoiceId' | 'status' | 'siiStatus'>,
): Promise<InvoiceQr | undefined> {
  if (invoice.status === 'DRAFT' || invoice.siiStatus != null) return undefined;
  const qr = await invoiceVerifactuQr(deps, companyId, invoice.invoiceId, deps.now?.() ?? new Date());
  return qr ? { qrUrl: qr.qrUrl, legend: qr.legend } : undefined;
}

/** The file name of an invoice's PDF: its number, or borrador-<id> for a draft (safe characters only). */
export const invoicePdfFileName = (invoice: Pick<Invoice, 'invoiceNumber' | 'invoiceId'>): string =>
  `${(invoice.invoiceNumber ?? `borrador-${invoice.invoiceId}`).replace(/[^\w.-]+/g, '-')}.pdf`;

/** Everything the renderer needs; CORE_006 when the invoice is missing, DOC_044 without an issuer. */
export async function loadInvoiceDocument(
  deps: InvoiceDocumentDeps,
  companyId: string,
  invoiceId: string,
): Promise<InvoiceDocument> {
  const invoice = await getInvoiceItem(deps, companyId, invoiceId);
  if (!invoice) throw new AppError('CORE_006', 'La factura no existe.');
  return documentOf(deps, companyId, invoice);
}

/** The issuer and settings of an invoice already read (DOC_044 without an issuer). */
export async function documentOf(
  deps: InvoiceDocumentDeps,
  companyId: string,
  invoice: Invoice,
): Promise<InvoiceDocument> {
  const snapshot = invoice.status !== 'DRAFT' ? invoice.issuer : null;
  const [company, settings, qr] = await Promise.all([
    snapshot ? Promise.resolve(undefined) : getCompanyItem(deps, companyId),
    getCompanySettings(deps, companyId),
    invoiceQrOf(deps, companyId, invoice),
  ]);
  const issuer = snapshot ?? (company ? issuerSnapshotOf(company) : undefined);
  if (!issuer) throw new AppError('DOC_044', 'No se encuentran los datos del emisor de la factura.');
  const logo = await loadLogo(settings);
  return { invoice, issuer, settings, ...(logo ? { logo } : {}), ...(qr ? { qr } : {}) };
}

/** The invoice's PDF bytes and file name; a rendering failure is DOC_044 (the cause is thrown away). */
export async function renderInvoicePdfFor(
  deps: InvoiceDocumentDeps,
  companyId: string,
  invoiceId: string,
): Promise<RenderedInvoicePdf> {
  const { invoice, issuer, settings, logo, qr } = await loadInvoiceDocument(deps, companyId, invoiceId);
  let bytes: Uint8Array;
  try {
    bytes = await renderInvoicePdf(invoice, issuer, settings, logo, qr);
  } catch (e) {
    if (isAppError(e)) throw e;
    throw new AppError('DOC_044', undefined, { cause: e });
  }
  return { bytes, fileName: invoicePdfFileName(invoice), invoice };
}
