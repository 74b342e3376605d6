import { defineCompanyAction } from '@functions/platform/http';
import { BulkSubmitBody } from '@shared/schemas/verifactu';
import type { VerifactuDeps } from '../store/deps';
import { type SubmitResult, submitInvoices } from './submit-invoice';

/**
 * POST /verifactu/submissions/bulk-submit {invoiceIds} (up to 500): the submit of each invoice, with
 * one result per invoice and one wake-up of the company's sender.
 */
export const bulkSubmitRoute = defineCompanyAction({
  body: BulkSubmitBody,
  run: async ({ scope, body, log }, deps: VerifactuDeps): Promise<{ results: SubmitResult[] }> => {
    return { results: await submitInvoices(deps, scope.companyId, body.invoiceIds, log) };
  },
});
