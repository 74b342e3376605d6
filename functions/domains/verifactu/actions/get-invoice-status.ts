import { defineCompanyAction } from '@functions/platform/http';
import { qrLegendOf, qrUrlOfRecord } from '@shared/fiscal/verifactu-record';
import { qrApplies } from '@shared/fiscal/verifactu-sending';
import {
  type InvoiceVerifactuStatus,
  VerifactuInvoicePath,
  type VerifactuRecord,
  type VerifactuSubmission,
} from '@shared/schemas/verifactu';
import { submissionView } from '../model/submission-views';
import type { VerifactuDeps } from '../store/deps';
import { getSubmission, recordsOfInvoice } from '../store/records';
import { sendingStateFor } from '../store/sending';
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
 * state of its latest record, every record's submission (a QUEUED one with the reason it waits when
 * the company cannot send), and the QR URL + legend of its latest alta only when that alta is
 * really sent in VERI*FACTU mode (`qrApplies`, Orden HAC/1177/2024 arts. 20–21).
 */
export const getInvoiceStatusRoute = defineCompanyAction({
  params: VerifactuInvoicePath,
  run: async ({ scope, params }, deps: VerifactuDeps): Promise<InvoiceVerifactuStatus> => {
    const companyId = scope.companyId;
    const notApplicable: InvoiceVerifactuStatus = {
      invoiceId: params.invoiceId,
      applies: false,
      submissionStatus: null,
      records: [],
      qrUrl: null,
      legend: null,
      pendingReason: null,
    };
    if (await readCompanySiiEnabled(deps, companyId)) return notApplicable;
    const { records, submissions } = await invoiceRecords(deps, companyId, params.invoiceId);
    const latest = records.at(-1);
    if (!latest) return notApplicable;
    const alta = records.filter((r) => r.kind === 'ALTA').at(-1);
    const sending = await sendingStateFor(deps, companyId, submissions);
    const views = submissions.map((s) => submissionView(s, sending));
    const latestView = views.find((s) => s.seq === latest.seq);
    const altaSubmission = alta ? (submissions.find((s) => s.seq === alta.seq) ?? null) : null;
    const withQr = alta ? qrApplies({ record: alta, submission: altaSubmission, sending }) : false;
    return {
      invoiceId: params.invoiceId,
      applies: true,
      submissionStatus: latestView?.status ?? null,
      records: views,
      qrUrl: alta && withQr ? qrUrlOfRecord(alta) : null,
      legend: alta && withQr ? qrLegendOf(alta.mode) : null,
      pendingReason: latestView?.pendingReason ?? null,
    };
  },
});
