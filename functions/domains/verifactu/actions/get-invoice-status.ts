import { getSubmission, recordsOfInvoice } from '@functions/lib/verifactu-chain';
import { defineAction } from '@functions/platform/http';
import { qrLegendOf, qrUrlOfRecord } from '@shared/fiscal/verifactu-record';
import {
  type InvoiceVerifactuStatus,
  VerifactuInvoicePath,
  type VerifactuRecord,
  type VerifactuSubmission,
} from '@shared/schemas/verifactu';
import { assertCanRead } from '../model/permissions';
import type { VerifactuDeps } from '../store/deps';
import { readCompanySiiEnabled } from '../store/submission-queries';

export interface InvoiceRecords {
  /** The invoice's records in chain order (alta, corrections, anulación). */
  records: VerifactuRecord[];
  /** Their submissions, same order (a record always has one; a missing one is skipped). */
  submissions: VerifactuSubmission[];
}

/** The records of an invoice and their submission states: one gsi1 Query + one GetItem per record. */
export async function invoiceRecords(
  deps: VerifactuDeps,
  companyId: string,
  invoiceId: string,
): Promise<InvoiceRecords> {
  const records = await recordsOfInvoice(deps.db, deps.table, companyId, invoiceId);
  const submissions = await Promise.all(
    records.map((r) => getSubmission(deps.db, deps.table, companyId, r.seq)),
  );
  return { records, submissions: submissions.filter((s): s is VerifactuSubmission => s !== null) };
}

/**
 * GET /verifactu/invoices/{invoiceId}/status: whether VeriFacTu applies to the invoice (not for a
 * company in the SII, nor for an invoice without records: a draft, or one confirmed before), the
 * state of its latest record, every record's submission, and the QR URL + legend of its latest alta.
 */
export const getInvoiceStatusRoute = defineAction({
  params: VerifactuInvoicePath,
  run: async ({ auth, scope, params }, deps: VerifactuDeps): Promise<InvoiceVerifactuStatus> => {
    assertCanRead(auth, scope);
    const companyId = scope!.companyId;
    const notApplicable: InvoiceVerifactuStatus = {
      invoiceId: params.invoiceId,
      applies: false,
      submissionStatus: null,
      records: [],
      qrUrl: null,
      legend: null,
    };
    if (await readCompanySiiEnabled(deps, companyId)) return notApplicable;
    const { records, submissions } = await invoiceRecords(deps, companyId, params.invoiceId);
    const latest = records.at(-1);
    if (!latest) return notApplicable;
    const alta = records.filter((r) => r.kind === 'ALTA').at(-1);
    return {
      invoiceId: params.invoiceId,
      applies: true,
      submissionStatus: submissions.find((s) => s.seq === latest.seq)?.status ?? null,
      records: submissions,
      qrUrl: alta ? qrUrlOfRecord(alta) : null,
      legend: alta ? qrLegendOf(alta.mode) : null,
    };
  },
});
