/**
 * Payment terms as data and the due dates they give (pure; the API, the workers and the web read
 * the same rules). Issue 19, item 1: an invoice's due dates come from the customer's (else the
 * company's) terms, a received invoice's from the supplier's; payments settle them oldest first.
 *
 * - Terms are one or more instalments (`days` after the issue date, `percentBp` of the amount;
 *   the percentages add up to 100 %, at most 12 instalments) and, optionally, the customer's fixed
 *   payment days of the month ('días de pago'): each due date moves to the next such day.
 * - Ley 3/2004 (lucha contra la morosidad en las operaciones comerciales), art. 4: between
 *   companies the term is 30 days from delivery when none is agreed (art. 4.1) and may not be
 *   agreed beyond 60 days (art. 4.3). A longer term is stored as the user chose (the law does not
 *   make us refuse the invoice) but flagged with `LEGAL_MAX_TERM_WARNING` wherever it is edited.
 * - Amounts are integer céntimos: every instalment but the last is the rounded share of the amount
 *   (rounded on the running percentage, so no share is ever negative), the last takes the remainder, so the due dates always add up to the amount exactly; a negative
 *   amount (a rectificativa that lowers a debt) keeps its sign on every instalment.
 */

import * as z from 'zod';
import { applyBp } from './money';

/** Ley 3/2004 art. 4.1: the term when none is agreed. */
export const LEGAL_DEFAULT_TERM_DAYS = 30;
/** Ley 3/2004 art. 4.3: the longest term companies may agree. */
export const LEGAL_MAX_TERM_DAYS = 60;
export const LEGAL_MAX_TERM_WARNING = 'Supera el plazo máximo legal de 60 días (Ley 3/2004)';
export const MAX_INSTALMENTS = 12;
/** A term is at most a year (the same bound as the days-only fields it generalises). */
export const MAX_TERM_DAYS = 365;

export const Instalment = z
  .object({
    days: z
      .number()
      .int({ message: 'Los días deben ser un número entero.' })
      .min(0, { message: 'Los días no pueden ser negativos.' })
      .max(MAX_TERM_DAYS, { message: `Un plazo no puede superar ${MAX_TERM_DAYS} días.` }),
    percentBp: z
      .number()
      .int({ message: 'El porcentaje se expresa en puntos básicos enteros.' })
      .min(1, { message: 'Cada plazo debe llevar un porcentaje mayor que cero.' })
      .max(10_000),
  })
  .strict();
export type Instalment = z.infer<typeof Instalment>;

export const PaymentTerms = z
  .object({
    instalments: z
      .array(Instalment)
      .min(1, { message: 'Indica al menos un vencimiento.' })
      .max(MAX_INSTALMENTS, { message: `Como máximo ${MAX_INSTALMENTS} vencimientos.` }),
    /** Días de pago: fixed days of the month (1–31) on which the customer pays. */
    paymentDays: z
      .array(
        z
          .number()
          .int()
          .min(1, { message: 'Día de pago no válido.' })
          .max(31, { message: 'Día de pago no válido.' }),
      )
      .max(31)
      .optional(),
  })
  .strict()
  .superRefine((t, ctx) => {
    const sum = t.instalments.reduce((s, i) => s + i.percentBp, 0);
    if (sum !== 10_000) {
      ctx.addIssue({
        code: 'custom',
        path: ['instalments'],
        message: 'Los porcentajes de los vencimientos deben sumar el 100 %.',
      });
    }
    t.instalments.forEach((inst, i) => {
      if (i > 0 && inst.days <= t.instalments[i - 1]!.days) {
        ctx.addIssue({
          code: 'custom',
          path: ['instalments', i, 'days'],
          message: 'Cada vencimiento debe ser posterior al anterior.',
        });
      }
    });
    if (t.paymentDays && new Set(t.paymentDays).size !== t.paymentDays.length) {
      ctx.addIssue({ code: 'custom', path: ['paymentDays'], message: 'Hay días de pago repetidos.' });
    }
  });
export type PaymentTerms = z.infer<typeof PaymentTerms>;

/** A due date and what falls due on it (céntimos, signed like the document's amount). */
export const DueDate = z
  .object({
    dueDate: z.iso.date({ message: 'El vencimiento debe ser una fecha ISO (AAAA-MM-DD).' }),
    amountCents: z.number().int({ message: 'El importe debe ser un número entero de céntimos.' }),
  })
  .strict();
export type DueDate = z.infer<typeof DueDate>;

/** One instalment at `days` days: what every days-only setting stored before issue 19 means. */
export const termsFromDays = (days: number): PaymentTerms => ({
  instalments: [{ days, percentBp: 10_000 }],
});

/** The terms a customer, supplier or company stores: the instalments when present, else the days. */
export const storedTerms = (
  terms: PaymentTerms | undefined | null,
  days: number | undefined | null,
): PaymentTerms => terms ?? termsFromDays(days ?? LEGAL_DEFAULT_TERM_DAYS);

/** The longest term of the instalments (the last one's days). */
export const longestTermDays = (terms: PaymentTerms): number =>
  Math.max(...terms.instalments.map((i) => i.days));

/** Ley 3/2004 art. 4.3: whether any instalment is agreed beyond 60 days. */
export const exceedsLegalMaximum = (terms: PaymentTerms): boolean =>
  longestTermDays(terms) > LEGAL_MAX_TERM_DAYS;

/** The warnings the forms show for terms (empty: none). */
export const paymentTermsWarnings = (terms: PaymentTerms): string[] =>
  exceedsLegalMaximum(terms) ? [LEGAL_MAX_TERM_WARNING] : [];

const parse = (date: string) => new Date(`${date}T00:00:00.000Z`);
const iso = (d: Date) => d.toISOString().slice(0, 10);
const daysInMonth = (year: number, month0: number) => new Date(Date.UTC(year, month0 + 1, 0)).getUTCDate();

/** `date` (YYYY-MM-DD) plus `days` calendar days. */
export function addDays(date: string, days: number): string {
  const d = parse(date);
  d.setUTCDate(d.getUTCDate() + days);
  return iso(d);
}

/**
 * The first payment day on or after `date`. A payment day a month does not have (31 in April,
 * 30 in February) is that month's last day, so the customer still pays within the month.
 */
export function nextPaymentDay(date: string, paymentDays: readonly number[]): string {
  if (paymentDays.length === 0) return date;
  const d = parse(date);
  for (let m = 0; m < 2; m++) {
    const year = d.getUTCFullYear();
    const month0 = d.getUTCMonth() + m;
    const last = daysInMonth(year, month0);
    const candidates = [...new Set(paymentDays.map((p) => Math.min(p, last)))].sort((a, b) => a - b);
    for (const day of candidates) {
      const c = iso(new Date(Date.UTC(year, month0, day)));
      if (c >= date) return c;
    }
  }
  // Unreachable: the next month always has a payment day (every day ≥ 1 fits in a month).
  throw new Error('No payment day found');
}

/**
 * The due dates of `amountCents` issued on `issueDate` under `terms`: one per instalment, in order,
 * adding up to the amount exactly (the last instalment takes the remainder of the rounding).
 */
export function dueDatesOf(issueDate: string, amountCents: number, terms: PaymentTerms): DueDate[] {
  if (!Number.isSafeInteger(amountCents)) throw new RangeError('amountCents must be an integer');
  const sign = amountCents < 0 ? -1 : 1;
  const abs = Math.abs(amountCents);
  const n = terms.instalments.length;
  // Cumulative rounding: instalment i is what the first i+1 percentages give minus what the
  // first i gave, so no share is negative and the last one closes the amount exactly.
  let cumulativeBp = 0;
  let given = 0;
  return terms.instalments.map((inst, i) => {
    cumulativeBp += inst.percentBp;
    const upTo = i === n - 1 ? abs : applyBp(abs, cumulativeBp);
    const share = upTo - given;
    given = upTo;
    const due = addDays(issueDate, inst.days);
    return {
      dueDate: terms.paymentDays?.length ? nextPaymentDay(due, terms.paymentDays) : due,
      // `0 * -1` is -0: keep a plain zero.
      amountCents: share === 0 ? 0 : sign * share,
    };
  });
}

/** Σ of the due dates' amounts. */
export const dueDatesTotal = (dueDates: readonly DueDate[]): number =>
  dueDates.reduce((s, d) => s + d.amountCents, 0);

/** One instalment with what the payments cover of it (signed like its amount). */
export interface InstalmentState extends DueDate {
  paidCents: number;
  pendingCents: number;
  /** Something is still pending and the due date is before `today`. */
  overdue: boolean;
}

export interface PaymentAllocation {
  instalments: InstalmentState[];
  /** The earliest due date with something pending; null when everything is covered. */
  nextDueDate: string | null;
  /** Some instalment due before `today` is not covered. */
  overdue: boolean;
}

/**
 * Spreads `paidCents` (payments and credit applied) over the due dates, oldest first (the payer
 * of an invoice settles its earliest instalment before the later ones). An instalment is overdue when something is pending on
 * it and its due date is before `today` (the daily schedule's rule). Negative due dates (a
 * rectificativa that lowers a debt) are covered by negative payments, with their sign.
 */
export function allocatePayments(
  dueDates: readonly DueDate[],
  paidCents: number,
  today: string,
): PaymentAllocation {
  const total = dueDatesTotal(dueDates);
  const sign = total < 0 ? -1 : 1;
  const ordered = dueDates
    .map((d, i) => ({ d, i }))
    .sort((a, b) => (a.d.dueDate < b.d.dueDate ? -1 : a.d.dueDate > b.d.dueDate ? 1 : a.i - b.i));
  let left = Math.max(0, sign * paidCents);
  const states: InstalmentState[] = new Array(dueDates.length);
  for (const { d, i } of ordered) {
    const owed = Math.max(0, sign * d.amountCents);
    const take = Math.min(left, owed);
    left -= take;
    const pending = owed - take;
    states[i] = {
      dueDate: d.dueDate,
      amountCents: d.amountCents,
      paidCents: take === 0 ? 0 : sign * take,
      pendingCents: pending === 0 ? 0 : sign * pending,
      overdue: pending > 0 && d.dueDate < today,
    };
  }
  const open = ordered.map(({ i }) => states[i]!).find((s) => s.pendingCents !== 0);
  return {
    instalments: states,
    nextDueDate: open?.dueDate ?? null,
    overdue: states.some((s) => s.overdue),
  };
}
