/**
 * The key that matches an AEAT answer line (RespuestaLinea, a ConsultaLR record) to the record sent:
 * the issuer (NIF, or country + id of IDOtro), the invoice number and the ISO issue date. For the BI
 * book an invoice may carry several goods, each its own record: pass IdentificacionBien as well.
 */

import type { SiiInvoiceId } from '@shared/schemas/sii';

export type SiiInvoiceKey = Pick<SiiInvoiceId, 'issuerNif' | 'issuerOtherId' | 'number' | 'issueDate'>;

export const lineKey = (invoiceId: SiiInvoiceKey, goodIdentification?: string | null): string => {
  const other = invoiceId.issuerOtherId;
  const issuer = invoiceId.issuerNif ?? (other ? `${other.countryCode}${other.id}` : '');
  const key = `${issuer}|${invoiceId.number}|${invoiceId.issueDate}`;
  return goodIdentification === undefined || goodIdentification === null
    ? key
    : `${key}|${goodIdentification}`;
};
