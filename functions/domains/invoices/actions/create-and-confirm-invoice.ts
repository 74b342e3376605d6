import type { CompanyScope } from '@functions/platform/company-scope';
import { defineCompanyAction } from '@functions/platform/http';
import { CreateInvoiceBody, type Invoice, InvoiceSeriesQuery } from '@shared/schemas/invoices';
import * as z from 'zod';
import { assertVerifactuReady } from '../model/verifactu-readiness';
import type { InvoicesDeps } from '../store/deps';
import { confirmInvoiceWrite } from '../store/invoices';
import { readVerifactuReadiness } from '../store/verifactu-readiness';
import { resolveSeries } from './confirm-invoice';
import { createInvoice, draftOf } from './create-invoice';

/**
 * Create + confirm as ONE transaction (the confirmed invoice is put directly with its number
 * claim and event), so a refusal or a lost race never leaves a stray draft behind.
 */
export async function createAndConfirmInvoice(
  input: { scope: CompanyScope; body: CreateInvoiceBody; series: string | undefined },
  deps: InvoicesDeps,
): Promise<Invoice> {
  const draft = await draftOf(deps, input.scope.companyId, input.body, { defaults: true });
  assertVerifactuReady(await readVerifactuReadiness(deps, input.scope.companyId), deps.now());
  const series = await resolveSeries(deps, draft, input.series);
  return confirmInvoiceWrite(deps, draft, series, 'create', draft.updatedAt);
}

/** Spec part 2 §7: `?confirm=false` on create-and-confirm leaves a draft (in the chosen series). */
const CreateAndConfirmQuery = InvoiceSeriesQuery.extend({
  confirm: z.enum(['true', 'false'], { message: 'confirm debe ser true o false.' }).optional(),
});

export const createAndConfirmInvoiceRoute = defineCompanyAction({
  query: CreateAndConfirmQuery,
  body: CreateInvoiceBody,
  status: 201,
  run: ({ scope, query, body }, deps: InvoicesDeps) => {
    const input = { scope, body, series: query.series };
    return query.confirm === 'false' ? createInvoice(input, deps) : createAndConfirmInvoice(input, deps);
  },
});
