/**
 * Generates ONE occurrence of a recurring template: the path shared by the daily schedule and
 * "generar ahora". The draft is built with the invoices' own rules (`buildDraft`), then written in
 * one transaction with the occurrence's claim and the template's advance (store/recurring.ts), so
 * generating an occurrence twice is impossible. Confirmation (CONFIRM modes) is its own
 * transaction afterwards, exactly as a user's confirm — including the VeriFacTu rule: from the date
 * VeriFacTu is mandatory for the company (RD 1007/2023; model/verifactu-readiness.ts) a company that
 * cannot send its records keeps the occurrence as a draft with the reason, never a confirmed
 * invoice whose record would wait. Sending (CONFIRM_AND_SEND) is injected by the caller, so the API
 * Lambda does not carry the PDF renderer.
 */

import { AppError, isAppError } from '@shared/api/errors';
import { termsFromDays } from '@shared/fiscal/due-dates';
import type { InvoiceSeries } from '@shared/schemas/invoice-series';
import type { Invoice } from '@shared/schemas/invoices';
import type {
  GenerationMode,
  GenerationTrigger,
  RecurringGeneration,
  RecurringSettings,
  RecurringTemplate,
} from '@shared/schemas/recurring-invoices';
import { buildDraft } from '../model/build-invoice';
import { termsFor } from '../model/due-dates';
import { nextOccurrence } from '../model/recurrence';
import { invoiceBodyFor, modeOf, ruleOf, seriesOf } from '../model/recurring-template';
import { assertVerifactuReady } from '../model/verifactu-readiness';
import { getCustomer } from '../store/customers';
import type { InvoicesDeps } from '../store/deps';
import { confirmInvoiceWrite } from '../store/invoices';
import { generationWrite, getGeneration, markGeneration, skipOccurrence } from '../store/recurring';
import { readVerifactuReadiness } from '../store/verifactu-readiness';
import { resolveSeries } from './confirm-invoice';

/** Sends a confirmed invoice; resolves to why it was not sent (Spanish), or null when queued. */
export type SendInvoice = (deps: InvoicesDeps, invoice: Invoice) => Promise<string | null>;

export type GenerationOutcome =
  /**
   * The occurrence's invoice was written. `notConfirmed`: a confirming mode whose confirmation was
   * refused (VeriFacTu mandatory and not ready, the series' date order...): the invoice stayed a
   * draft and the generation says why.
   */
  | { kind: 'generated'; generation: RecurringGeneration; invoice: Invoice; notConfirmed?: AppError }
  /** Refused before anything was written: why, and the history entry the schedule records. */
  | { kind: 'failed'; error: AppError; generation: RecurringGeneration }
  /** Another run generated (or is generating) this occurrence: nothing was written. */
  | { kind: 'taken' }
  /** Nothing to generate: the template is inactive or its sequence has ended. */
  | { kind: 'none' };

export interface GenerateOptions {
  trigger: GenerationTrigger;
  /** Required for CONFIRM_AND_SEND to send; without it the invoice stays confirmed, not sent. */
  send?: SendInvoice;
}

const refusal = (reason: string, message: string) =>
  new AppError('CORE_004', message, { field: 'customerId', details: { reason } });

interface Prepared {
  draft: Invoice;
  series: InvoiceSeries | undefined;
  customerName: string;
}

/** Everything that may refuse the occurrence, before anything is written. */
async function prepare(
  deps: InvoicesDeps,
  t: RecurringTemplate,
  occurrenceDate: string,
  settings: RecurringSettings,
  mode: GenerationMode,
): Promise<Prepared> {
  const customer = await getCustomer(deps, t.companyId, t.customerId);
  if (!customer) {
    throw refusal('CUSTOMER_NOT_FOUND', `El cliente de la plantilla «${t.name}» ya no existe.`);
  }
  if (!customer.isActive) {
    throw refusal('CUSTOMER_INACTIVE', `El cliente ${customer.name} está dado de baja.`);
  }
  const built = buildDraft({
    invoiceId: deps.newId(),
    companyId: t.companyId,
    body: invoiceBodyFor(t, occurrenceDate, customer),
    customer,
    now: deps.now().toISOString(),
    // Issue 19: the customer's instalments when the template names no term of its own.
    paymentTerms: termsFor(customer, termsFromDays(customer.paymentTermsDays)),
  });
  const requested = seriesOf(t, settings);
  // A draft only remembers the series; confirming modes need it now, so a bad series refuses early.
  const series = requested || mode !== 'DRAFT' ? await resolveSeries(deps, built, requested) : undefined;
  const draft: Invoice = { ...built, requestedSeriesId: series?.seriesId ?? null, origin: 'RECURRING' };
  return { draft, series, customerName: customer.name };
}

const generationOf = (
  t: RecurringTemplate,
  occurrenceDate: string,
  mode: GenerationMode,
  trigger: GenerationTrigger,
  at: string,
): RecurringGeneration => ({
  companyId: t.companyId,
  templateId: t.templateId,
  templateName: t.name,
  occurrenceDate,
  status: 'DRAFT',
  trigger,
  mode,
  invoiceId: null,
  invoiceNumber: null,
  totalCents: null,
  customerName: t.customerName,
  reason: null,
  attempts: 1,
  generatedAt: at,
});

/** Confirms (and sends) a generated draft; a refusal leaves the draft for the user, with the reason. */
async function finish(
  deps: InvoicesDeps,
  draft: Invoice,
  series: InvoiceSeries,
  generation: RecurringGeneration,
  options: GenerateOptions,
): Promise<{ generation: RecurringGeneration; invoice: Invoice; notConfirmed?: AppError }> {
  let invoice: Invoice;
  try {
    // The same rule as every other confirmation (confirmWithLinks, create-and-confirm, import).
    assertVerifactuReady(await readVerifactuReadiness(deps, draft.companyId), deps.now());
    invoice = await confirmInvoiceWrite(deps, draft, series, 'update', deps.now().toISOString());
  } catch (e) {
    if (!isAppError(e)) throw e;
    const reason = `Se ha creado el borrador, pero no se ha podido confirmar: ${e.message}`;
    await markGeneration(deps, generation, { status: 'DRAFT', reason });
    return { generation: { ...generation, reason }, invoice: draft, notConfirmed: e };
  }
  let next: RecurringGeneration = {
    ...generation,
    status: 'CONFIRMED',
    invoiceNumber: invoice.invoiceNumber,
  };
  if (generation.mode === 'CONFIRM_AND_SEND') {
    const notSent = options.send
      ? await options
          .send(deps, invoice)
          .catch((e: unknown) =>
            isAppError(e) ? e.message : 'No se ha podido enviar la factura por e-mail.',
          )
      : 'La generación manual no envía la factura: envíala desde su ficha.';
    next = notSent ? { ...next, reason: notSent } : { ...next, status: 'SENT' };
  }
  await markGeneration(deps, next, next);
  return { generation: next, invoice };
}

/**
 * Generates the template's `nextRunDate` occurrence. Refusals (customer gone, series inactive,
 * data the invoice rules refuse) come back as `failed` with nothing written.
 */
export async function generateOccurrence(
  deps: InvoicesDeps,
  template: RecurringTemplate,
  settings: RecurringSettings,
  options: GenerateOptions,
): Promise<GenerationOutcome> {
  const occurrenceDate = template.nextRunDate;
  if (!occurrenceDate || !template.isActive) return { kind: 'none' };
  const advance = { occurrenceDate, nextRunDate: nextOccurrence(ruleOf(template), occurrenceDate) };
  const existing = await getGeneration(deps, template.companyId, template.templateId, occurrenceDate);
  if (existing && existing.status !== 'FAILED') {
    // The occurrence already has its invoice: only move the template on (nothing is created).
    await skipOccurrence(deps, template, advance);
    return { kind: 'taken' };
  }
  const mode = modeOf(template, settings);
  const at = deps.now().toISOString();
  const base = generationOf(template, occurrenceDate, mode, options.trigger, at);
  let prepared: Prepared;
  try {
    prepared = await prepare(deps, template, occurrenceDate, settings, mode);
  } catch (e) {
    if (!isAppError(e)) throw e;
    const attempts = (existing?.attempts ?? 0) + 1;
    return {
      kind: 'failed',
      error: e,
      generation: { ...base, status: 'FAILED', reason: e.message, attempts },
    };
  }
  const { draft, series, customerName } = prepared;
  const generation: RecurringGeneration = {
    ...base,
    customerName,
    invoiceId: draft.invoiceId,
    totalCents: draft.totals.totalCents,
    attempts: (existing?.attempts ?? 0) + 1,
  };
  if (!(await generationWrite(deps, template, advance, draft, generation))) return { kind: 'taken' };
  if (mode === 'DRAFT' || !series) return { kind: 'generated', generation, invoice: draft };
  return { kind: 'generated', ...(await finish(deps, draft, series, generation, options)) };
}
