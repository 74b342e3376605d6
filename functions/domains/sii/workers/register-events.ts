/**
 * Consumer of the `sii` queue (infra/manifest.ts): the invoice events (INVOICE_CONFIRMED,
 * INVOICE_CANCELLED, PAYMENT_RECORDED, PAYMENT_DELETED) and received-invoice events
 * (RECEIVED_REGISTERED, RECEIVED_UPDATED, RECEIVED_DELETED, RECEIVED_PAYMENT_RECORDED,
 * RECEIVED_PAYMENT_DELETED) of SII companies, published by the `invoice-events` stream consumer with
 * their `eventId`. Every company's events exist for the accounting (issue 18); the publisher sends
 * here only those marked `reportsSii` (or, stored before the mark, with an SII state), and an event
 * marked `reportsSii: false` that arrives all the same is acknowledged and ignored (defence in depth:
 * an issued payment outside the criterio de caja, or a received invoice without an SII state, never
 * becomes an SII record). Each becomes the SII entries of its books (model/event-sources.ts,
 * model/entry-rules.ts) in ONE transaction with its applied-event marker and the source's
 * `siiStatus` (store/entries.ts), then wakes the company's sender.
 *
 * Exactly once per event: a redelivered event finds its marker and changes nothing (nor wakes
 * anyone). The queue is standard, so events arrive in any order: entry-rules.ts orders them. If
 * the wake-up is lost after the transaction (the sender's queue refused it), the `sii-sweep`
 * schedule wakes the sender within the minute: every QUEUED entry is in its index.
 *
 * A record that cannot be built from its document (TAX_023: no VAT breakdown, a supplier without
 * a tax id…) is logged and the message acknowledged: retrying would fail the same way; correcting
 * the document sends a new event, and the daily backfill tries again.
 */

import { once } from '@functions/platform/aws/env';
import { parseJsonBody, sqsHandler, type WorkerContext } from '@functions/platform/workers';
import { AppError } from '@shared/api/errors';
import type { IssuedInvoiceSource } from '@shared/fiscal/sii-record';
import * as z from 'zod';
import type { PlanCompany, ReceivedSource, SourceChange, SourcePayment } from '../model/event-sources';
import { planSourceChange, reportedToSii } from '../model/event-sources';
import { defaultSiiConfig, getSiiCompany, getSiiConfig, type SiiCompanyInfo } from '../store/config';
import { makeDeps, type SiiDeps } from '../store/deps';
import { applyRegistration, getEntry } from '../store/entries';
import { wakeSender } from '../store/trigger';

export type RegisterDeps = Pick<SiiDeps, 'db' | 'table' | 'now' | 'sqs' | 'sendQueueUrl'>;

export const ISSUED_EVENT_KINDS = [
  'INVOICE_CONFIRMED',
  'INVOICE_CANCELLED',
  'PAYMENT_RECORDED',
  'PAYMENT_DELETED',
] as const;
export const RECEIVED_EVENT_KINDS = [
  'RECEIVED_REGISTERED',
  'RECEIVED_UPDATED',
  'RECEIVED_DELETED',
  'RECEIVED_PAYMENT_RECORDED',
  'RECEIVED_PAYMENT_DELETED',
] as const;

const Id = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);

/** What every message must carry; the payload itself is the stored event (its writers are ours). */
const Envelope = z.object({
  eventId: z.string().min(1).max(200),
  kind: z.string().min(1).max(100),
  companyId: Id,
  siiStatus: z.string().nullable().optional(),
  /** Absent on events stored before every company had them (all of those reported to the SII). */
  reportsSii: z.boolean().optional(),
  at: z.string().optional(),
});

const PaymentShape = z.object({
  paymentId: z.string().min(1),
  date: z.iso.date(),
  amountCents: z.number().int(),
  method: z.string().nullable().optional(),
  account: z.string().nullable().optional(),
  revision: z.number().int().optional(),
});
const IssuedShape = z.object({ invoiceId: Id, invoiceDate: z.iso.date() });
const ReceivedShape = z.object({
  receivedInvoice: z.object({ receivedInvoiceId: Id, companyId: Id, version: z.number().int() }),
  vatRegime: z.string().nullable().optional(),
});

export type RegisterOutcome =
  | 'applied'
  | 'unchanged'
  | 'duplicate'
  | 'ignored'
  | 'not-reported'
  | 'not-in-sii'
  | 'unbuildable';

export interface ParsedEvent {
  eventId: string;
  kind: string;
  companyId: string;
  change: SourceChange;
}

/** The change an event body describes; null for kinds the SII does not follow. Throws on a malformed body. */
export function parseSiiEvent(body: unknown): ParsedEvent | null {
  const env = Envelope.parse(body);
  const raw = body as Record<string, unknown>;
  const at = env.at ?? '';
  const base = { eventId: env.eventId, kind: env.kind, companyId: env.companyId };
  // Only a payment or received-invoice event carries the mark (issued invoices go by their SII state).
  const reported = env.reportsSii === undefined ? {} : { reportsSii: env.reportsSii };
  const payment = () => PaymentShape.parse(raw.payment) as SourcePayment;
  if ((ISSUED_EVENT_KINDS as readonly string[]).includes(env.kind)) {
    IssuedShape.parse(body);
    const invoice = raw as unknown as IssuedInvoiceSource;
    if (env.kind === 'INVOICE_CONFIRMED' || env.kind === 'INVOICE_CANCELLED')
      return { ...base, change: { kind: env.kind, invoice } };
    return {
      ...base,
      change: {
        kind: env.kind as 'PAYMENT_RECORDED' | 'PAYMENT_DELETED',
        invoice,
        payment: payment(),
        at,
        ...reported,
      },
    };
  }
  if ((RECEIVED_EVENT_KINDS as readonly string[]).includes(env.kind)) {
    const shape = ReceivedShape.parse(body);
    const received = raw.receivedInvoice as ReceivedSource;
    if (
      env.kind === 'RECEIVED_REGISTERED' ||
      env.kind === 'RECEIVED_UPDATED' ||
      env.kind === 'RECEIVED_DELETED'
    )
      return { ...base, change: { kind: env.kind, received, ...reported } };
    return {
      ...base,
      change: {
        kind: env.kind as 'RECEIVED_PAYMENT_RECORDED' | 'RECEIVED_PAYMENT_DELETED',
        received,
        payment: payment(),
        vatRegime: shape.vatRegime ?? null,
        at,
        ...reported,
      },
    };
  }
  return null;
}

export const planCompanyOf = (c: SiiCompanyInfo): PlanCompany => ({
  companyNif: c.nif,
  companyName: c.name,
  cashCriterion: c.cashCriterion,
  prorrataBp: c.prorrataBp,
});

/** The document's FE/FR entry: what the AEAT may hold of a company that left the SII since. */
async function headEntryExists(deps: RegisterDeps, e: ParsedEvent): Promise<boolean> {
  const c = e.change;
  const [book, id] =
    'invoice' in c ? (['FE', c.invoice.invoiceId] as const) : (['FR', c.received.receivedInvoiceId] as const);
  return (await getEntry(deps, e.companyId, book, id)) !== null;
}

/** Registers one event; answers what happened (for the log and the tests). */
export async function registerEvent(
  deps: RegisterDeps,
  body: unknown,
  ctx: WorkerContext,
): Promise<RegisterOutcome> {
  const event = parseSiiEvent(body);
  if (!event) {
    ctx.log.info('Event kind the SII does not follow; skipped', {
      kind: (body as { kind?: unknown }).kind,
    });
    return 'ignored';
  }
  const { eventId, kind, companyId } = event;
  const log = ctx.log.child({ eventId, kind, companyId });
  if (!reportedToSii(event.change)) {
    log.info('Event not reported to the SII (reportsSii false); skipped');
    return 'not-reported';
  }
  const company = await getSiiCompany(deps, companyId);
  // A company that left the SII still corrects or withdraws what the AEAT holds of it.
  if (!company || (!company.siiEnabled && !(await headEntryExists(deps, event)))) {
    log.info('Company not in the SII; event skipped');
    return 'not-in-sii';
  }
  const config =
    (await getSiiConfig(deps, companyId)) ?? defaultSiiConfig(companyId, deps.now().toISOString());
  let plan: ReturnType<typeof planSourceChange>;
  try {
    plan = planSourceChange(event.change, planCompanyOf(company));
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
    log.error('SII record cannot be built from the document; nothing registered', {
      code: e.code,
      reason: (e.details as { reason?: unknown } | undefined)?.reason,
      errorMessage: e.message,
    });
    return 'unbuildable';
  }
  const result = await applyRegistration(deps, { ...plan, companyId }, { config, event: { eventId, kind } });
  if (result.duplicate) {
    log.info('SII event applied before; nothing to do');
    return 'duplicate';
  }
  if (result.wake) await wakeSender(deps, companyId, `${companyId}:${eventId}`);
  log.info('SII event registered', {
    entries: result.written.map((e) => ({ entryId: e.entryId, status: e.status, op: e.pendingOperation })),
    woken: result.wake,
  });
  return result.written.length > 0 ? 'applied' : 'unchanged';
}

const deps = once(makeDeps);

export const handler = sqsHandler(async (record, ctx) => {
  await registerEvent(deps(), parseJsonBody(record), ctx);
});
