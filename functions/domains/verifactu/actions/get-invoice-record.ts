import { buildRegFactuDocument, type Party } from '@functions/lib/verifactu-xml';
import { binaryResponse, defineCompanyAction } from '@functions/platform/http';
import { AppError } from '@shared/api/errors';
import { isAlta } from '@shared/fiscal/verifactu-record';
import { RecordQuery, VerifactuInvoicePath, type VerifactuRecord } from '@shared/schemas/verifactu';
import type { VerifactuDeps } from '../store/deps';
import { readVerifactuConfig } from '../store/records';
import { invoiceRecords } from './get-invoice-status';

export const XML_CONTENT_TYPE = 'application/xml; charset=utf-8';

/**
 * The ObligadoEmision of a record: the issuer as its alta recorded it (an anulación carries only the
 * NIF, so the name comes from the invoice's latest alta).
 */
export function obligadoOf(record: VerifactuRecord, records: VerifactuRecord[]): Party {
  const f = record.fields;
  if (isAlta(f)) return { name: f.NombreRazonEmisor, nif: f.IDFactura.IDEmisorFactura };
  const alta = records.filter((r) => r.kind === 'ALTA').at(-1);
  const name = alta && isAlta(alta.fields) ? alta.fields.NombreRazonEmisor : '';
  return { name, nif: f.IDFactura.IDEmisorFacturaAnulada };
}

const fileSafe = (s: string) => s.replace(/[^\w.-]/g, '_');

/**
 * GET /verifactu/invoices/{invoiceId}/record?format=xml|json: the invoice's latest record, as the
 * complete RegFactuSistemaFacturacion message that is sent for it (Cabecera with the issuer and the
 * configured representative, plus that one RegistroFactura) — a file `verifactu-<number>.xml` — or
 * as the stored JSON record.
 */
export const getInvoiceRecordRoute = defineCompanyAction({
  params: VerifactuInvoicePath,
  query: RecordQuery,
  run: async ({ scope, params, query }, deps: VerifactuDeps) => {
    const companyId = scope.companyId;
    const { records } = await invoiceRecords(deps, companyId, params.invoiceId);
    const latest = records.at(-1);
    if (!latest) throw new AppError('CORE_006', 'La factura no tiene registro VeriFacTu.');
    if (query.format === 'json') return latest;
    const config = await readVerifactuConfig(deps.db, deps.table, companyId);
    const xml = buildRegFactuDocument({
      cabecera: { obligado: obligadoOf(latest, records), representante: config?.representative ?? null },
      records: [latest.fields],
    });
    return binaryResponse({
      contentType: XML_CONTENT_TYPE,
      body: new TextEncoder().encode(xml),
      filename: `verifactu-${fileSafe(latest.invoiceNumber || params.invoiceId)}.xml`,
    });
  },
});
