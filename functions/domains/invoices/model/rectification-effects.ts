/**
 * What confirming a rectificativa does to the receivables of the invoices it corrects (pure; the
 * store turns it into items of the confirming transaction):
 *
 * - SUBSTITUTION: the rectified invoices are replaced ('Sustituida'); their payments and the
 *   credit applied to them move to the substitute, which is owed from then on (refused when they
 *   exceed its total, or when a replaced credit note's credit already lowered other invoices);
 * - DIFFERENCES with a negative total (a credit note): its credit is applied to the rectified
 *   invoices in order, up to what is outstanding on each; the rest stays available to apply to
 *   another open invoice of the customer;
 * - DIFFERENCES with a positive total: a further amount owed on its own; nothing else changes.
 */

import { AppError } from '@shared/api/errors';
import { formatEuros } from '@shared/fiscal/money';
import { allocateCredit, creditNoteStatus, isCreditNote, outstandingCents } from '@shared/fiscal/receivables';
import type {
  CreditApplication,
  Invoice,
  InvoicePayment,
  InvoiceWithPayments,
  PaymentStatus,
} from '@shared/schemas/invoices';
import { settledStatus } from './payments';

/** A confirming transaction holds at most 100 items: moved payments take two each. */
export const MAX_MOVED_PAYMENTS = 25;

export interface OriginalEffect {
  original: InvoiceWithPayments;
  /** SUBSTITUTION: the original is replaced; its paid amounts move away. */
  substituted: boolean;
  /** Credit note: the credit applied to this original and its new totals. */
  credit: { amountCents: number; creditedCents: number; paymentStatus: PaymentStatus } | null;
}

export interface RectificationEffects {
  /** The rectificativa with its payment fields as it is confirmed. */
  rectificativa: InvoiceWithPayments;
  originals: OriginalEffect[];
  /** SUBSTITUTION: the active payments that move from each original to the substitute. */
  moves: { from: InvoiceWithPayments; payment: InvoicePayment }[];
}

export interface PlanInput {
  rectificativa: Invoice;
  originals: InvoiceWithPayments[];
  /** Active payments of each original (only read for a substitution). */
  payments: InvoicePayment[][];
  at: string;
  today: string;
  by: string | null;
}

const refuse = (message: string, reason: string, extra: Record<string, unknown> = {}) =>
  new AppError('DOC_047', message, { details: { reason, ...extra } });

function planSubstitution(input: PlanInput): RectificationEffects {
  const { rectificativa: rect, originals, payments } = input;
  for (const o of originals) {
    // A credit note whose credit already lowered other invoices cannot be replaced: those
    // invoices would keep a credit that no longer exists.
    if ((o.appliedCreditCents ?? 0) > 0) {
      throw refuse(
        `La rectificativa ${o.invoiceNumber ?? ''} ya tiene su abono aplicado a facturas: corrígela con una rectificativa por diferencias.`,
        'CREDIT_APPLIED',
      );
    }
  }
  const moves = originals.flatMap((from, i) => (payments[i] ?? []).map((payment) => ({ from, payment })));
  if (moves.length > MAX_MOVED_PAYMENTS) {
    throw refuse(
      `La factura tiene más de ${MAX_MOVED_PAYMENTS} cobros y no se pueden trasladar a la sustitutiva en una sola operación.`,
      'TOO_MANY_PAYMENTS',
    );
  }
  const paidCents = originals.reduce((s, o) => s + (o.paidCents ?? 0), 0);
  const cashPaidCents = originals.reduce((s, o) => s + (o.cashPaidCents ?? 0), 0);
  // Credit notes applied to the originals stay applied, now to the substitute that replaces them.
  const creditedCents = originals.reduce((s, o) => s + (o.creditedCents ?? 0), 0);
  const creditsReceived = originals.flatMap((o) => o.creditsReceived ?? []);
  const totalCents = rect.totals.totalCents;
  if (paidCents + creditedCents > totalCents) {
    throw refuse(
      `Los cobros y abonos de la factura (${formatEuros(paidCents + creditedCents)}) superan el total de la sustitutiva (${formatEuros(Math.max(0, totalCents))}): corrige o elimina antes los cobros.`,
      'PAID_EXCEEDS_SUBSTITUTE',
      { paidCents, creditedCents },
    );
  }
  // The substitute's due dates (issue 19) are settled oldest first by what it takes over.
  const paymentStatus = settledStatus(rect, paidCents + creditedCents, input.today);
  return {
    rectificativa: {
      ...rect,
      paidCents,
      cashPaidCents,
      paymentStatus,
      ...(creditedCents > 0 ? { creditedCents, creditsReceived } : {}),
    },
    originals: originals.map((original) => ({ original, substituted: true, credit: null })),
    moves,
  };
}

function planCreditNote(input: PlanInput): RectificationEffects {
  const { rectificativa: rect, originals } = input;
  const takes = allocateCredit(-rect.totals.totalCents, originals.map(outstandingCents));
  const effects: OriginalEffect[] = originals.map((original, i) => {
    const amountCents = takes[i]!;
    if (amountCents === 0) return { original, substituted: false, credit: null };
    const creditedCents = (original.creditedCents ?? 0) + amountCents;
    const status = settledStatus(original, (original.paidCents ?? 0) + creditedCents, input.today);
    const paymentStatus = status !== 'PAID' && original.paymentStatus === 'OVERDUE' ? 'OVERDUE' : status;
    return { original, substituted: false, credit: { amountCents, creditedCents, paymentStatus } };
  });
  const appliedCreditCents = takes.reduce((s, t) => s + t, 0);
  const creditApplications: CreditApplication[] = effects.flatMap((e) =>
    e.credit
      ? [
          {
            invoiceId: e.original.invoiceId,
            invoiceNumber: e.original.invoiceNumber ?? '',
            amountCents: e.credit.amountCents,
            at: input.at,
            by: input.by,
          },
        ]
      : [],
  );
  return {
    rectificativa: {
      ...rect,
      paidCents: 0,
      cashPaidCents: 0,
      appliedCreditCents,
      creditApplications,
      paymentStatus: creditNoteStatus(-rect.totals.totalCents - appliedCreditCents),
    },
    originals: effects,
    moves: [],
  };
}

/** The effects of confirming `rectificativa` on `originals` (read just before the write). */
export function planRectificationEffects(input: PlanInput): RectificationEffects {
  const rect = input.rectificativa;
  if (input.originals.length === 0) return { rectificativa: rect, originals: [], moves: [] };
  if (rect.rectification?.method === 'SUBSTITUTION') return planSubstitution(input);
  if (isCreditNote(rect)) return planCreditNote(input);
  return {
    rectificativa: rect,
    originals: input.originals.map((original) => ({ original, substituted: false, credit: null })),
    moves: [],
  };
}
