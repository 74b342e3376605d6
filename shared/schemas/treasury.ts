/**
 * Treasury (issue 19 item 4; spec part 2 §7 Treasury): the requests and answers of the `treasury.*`
 * calls (shared/api/routes.ts). Everything is read from the open-items projection (one item per issued
 * and received invoice, functions/domains/banking/store/open-items.ts), the bank accounts' balances,
 * the recurring invoice templates and the fiscal calendar. Money in integer céntimos, dates ISO
 * (YYYY-MM-DD), days in Europe/Madrid. Pure: the web reads the same shapes and labels.
 */

import * as z from 'zod';
import { safeMultiline } from './text';

const IsoDate = z.iso.date({ message: 'La fecha debe ser una fecha ISO (AAAA-MM-DD).' });
const DocumentId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, { message: 'Identificador no válido.' });

export const TREASURY_DIRECTIONS = ['RECEIVABLE', 'PAYABLE'] as const;
export type TreasuryDirection = (typeof TREASURY_DIRECTIONS)[number];
export const DIRECTION_LABELS: Record<TreasuryDirection, string> = {
  RECEIVABLE: 'Cobro',
  PAYABLE: 'Pago',
};

/** INV: an issued invoice (a receivable); REC: a received invoice (a payable). */
export const DOCUMENT_KINDS = ['INV', 'REC'] as const;
export type TreasuryDocumentKind = (typeof DOCUMENT_KINDS)[number];
export const DOCUMENT_KIND_LABELS: Record<TreasuryDocumentKind, string> = {
  INV: 'Factura emitida',
  REC: 'Factura recibida',
};

/** The rule of the forecast, as the page shows it under the table (and the code follows). */
export const FORECAST_RULE_TEXT =
  'Las semanas empiezan el lunes de la semana actual (hora de Madrid). Saldo inicial = suma de los saldos de las ' +
  'cuentas activas. Entradas = vencimientos pendientes de cobro de esa semana y facturas recurrentes previstas ' +
  '(cobradas según el plazo del cliente). Salidas = vencimientos pendientes de pago de esa semana e impuestos del ' +
  'calendario fiscal (resultado del modelo si está generado; si no, estimado con el último resultado del mismo ' +
  'modelo). Los cobros vencidos NO se cuentan como entradas (se muestran aparte); los pagos vencidos se cuentan en ' +
  'la semana 1.';

// --- requests ---------------------------------------------------------------------------------------

const directionFilter = z.enum(['RECEIVABLE', 'PAYABLE', 'ALL']).optional();

function checkRange(v: { from?: string | undefined; to?: string | undefined }, ctx: z.RefinementCtx): void {
  if (v.from && v.to && v.from > v.to) {
    ctx.addIssue({
      code: 'custom',
      path: ['to'],
      message: 'La fecha final no puede ser anterior a la inicial.',
    });
  }
}

/** GET treasury/due-dates?from=&to=&direction=: unpaid instalments due in the range (default: the next 30 days). */
export const DueDatesQuery = z
  .object({ from: IsoDate.optional(), to: IsoDate.optional(), direction: directionFilter })
  .superRefine(checkRange);
export type DueDatesQuery = z.infer<typeof DueDatesQuery>;

/** GET treasury/overdue?direction=: overdue receivables by default. */
export const OverdueQuery = z.object({ direction: directionFilter });
export type OverdueQuery = z.infer<typeof OverdueQuery>;

/** GET treasury/calendar?month=YYYY-MM (default: this month). */
export const CalendarQuery = z.object({
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { message: 'El mes debe tener el formato AAAA-MM.' })
    .optional(),
});
export type CalendarQuery = z.infer<typeof CalendarQuery>;

/** GET treasury/due-today, due-this-week: direction filter only. */
export const DueSoonQuery = z.object({ direction: directionFilter });
export type DueSoonQuery = z.infer<typeof DueSoonQuery>;

/** GET treasury/follow-up-notes?documentKind=&documentId=: one document's notes, or every note. */
export const ListNotesQuery = z
  .object({ documentKind: z.enum(DOCUMENT_KINDS).optional(), documentId: DocumentId.optional() })
  .refine((q) => !q.documentId || q.documentKind, {
    message: 'Indica el tipo de documento.',
    path: ['documentKind'],
  });
export type ListNotesQuery = z.infer<typeof ListNotesQuery>;

export const CreateNoteBody = z
  .object({
    documentKind: z.enum(DOCUMENT_KINDS),
    documentId: DocumentId,
    note: safeMultiline()
      .trim()
      .min(1, { message: 'Escribe la nota.' })
      .max(2000, { message: 'La nota no puede superar los 2000 caracteres.' }),
    nextActionDate: IsoDate.optional(),
  })
  .strict();
export type CreateNoteBody = z.infer<typeof CreateNoteBody>;

/** POST treasury/reminders: e-mail the customer a payment reminder of an overdue issued invoice now. */
export const SendReminderBody = z.object({ documentId: DocumentId }).strict();
export type SendReminderBody = z.infer<typeof SendReminderBody>;

/** The company's treasury settings (automatic reminders of overdue receivables by the daily schedule). */
export const TreasurySettingsBody = z
  .object({
    remindersEnabled: z.boolean(),
    /** Days after the due date before the first automatic reminder (0 = the day after it). */
    reminderDelayDays: z.number().int().min(0).max(365).optional(),
    /** Days between two automatic reminders of the same invoice (at most one per day anyway). */
    reminderIntervalDays: z.number().int().min(1).max(365).optional(),
  })
  .strict();
export type TreasurySettingsBody = z.infer<typeof TreasurySettingsBody>;

// --- answers ----------------------------------------------------------------------------------------

/** One unpaid instalment of a document. */
export interface DueDateLine {
  documentKind: TreasuryDocumentKind;
  documentId: string;
  direction: TreasuryDirection;
  number: string;
  partyName: string;
  partyNif: string | null;
  issueDate: string;
  dueDate: string;
  /** What is still unpaid of this instalment. */
  amountCents: number;
  /** The instalment as the document states it. */
  instalmentCents: number;
  /** What is still owed on the whole document. */
  outstandingCents: number;
  /** Days past the due date (0 when not overdue). */
  daysOverdue: number;
  paymentMethod: string | null;
}

export interface DueDatesList {
  from: string;
  to: string;
  items: DueDateLine[];
  receivablesCents: number;
  payablesCents: number;
}

export interface FollowUpNote {
  noteId: string;
  documentKind: TreasuryDocumentKind;
  documentId: string;
  note: string;
  nextActionDate: string | null;
  /** 'NOTE' a person wrote it; 'REMINDER' the record of a reminder e-mail. */
  type: 'NOTE' | 'REMINDER';
  createdAt: string;
  createdBy: string | null;
  createdByName: string | null;
}

export interface OverdueLine extends DueDateLine {
  /** What is overdue on the document (every past-due instalment's unpaid part). */
  overdueCents: number;
  partyEmail: string | null;
  lastNote: FollowUpNote | null;
  lastReminderAt: string | null;
  reminderCount: number;
}

export interface OverdueList {
  today: string;
  items: OverdueLine[];
  totalOverdueCents: number;
  /** Overdue amount by age: 1–30, 31–60, 61–90, > 90 days. */
  aging: { bucket: '1-30' | '31-60' | '61-90' | '>90'; amountCents: number; count: number }[];
}

export interface CalendarEntry {
  kind: 'DOCUMENT' | 'TAX' | 'RECURRING';
  direction: TreasuryDirection;
  label: string;
  partyName: string | null;
  documentKind: TreasuryDocumentKind | null;
  documentId: string | null;
  amountCents: number;
  /** A tax payment without its model generated, or a recurring invoice not yet issued. */
  estimated: boolean;
  overdue: boolean;
}

export interface CalendarDay {
  date: string;
  inflowsCents: number;
  outflowsCents: number;
  entries: CalendarEntry[];
}

export interface CalendarMonth {
  month: string;
  days: CalendarDay[];
  inflowsCents: number;
  outflowsCents: number;
}

export const FORECAST_LINE_KINDS = ['RECEIVABLE', 'PAYABLE', 'OVERDUE_PAYABLE', 'RECURRING', 'TAX'] as const;
export type ForecastLineKind = (typeof FORECAST_LINE_KINDS)[number];
export const FORECAST_LINE_LABELS: Record<ForecastLineKind, string> = {
  RECEIVABLE: 'Cobro pendiente',
  PAYABLE: 'Pago pendiente',
  OVERDUE_PAYABLE: 'Pago vencido',
  RECURRING: 'Factura recurrente',
  TAX: 'Impuesto',
};

export interface ForecastLine {
  kind: ForecastLineKind;
  date: string;
  label: string;
  /** Positive: money in; negative: money out. */
  amountCents: number;
  estimated: boolean;
  documentKind: TreasuryDocumentKind | null;
  documentId: string | null;
}

export interface ForecastWeek {
  /** 1..13 */
  week: number;
  from: string;
  to: string;
  openingCents: number;
  inflowsCents: number;
  outflowsCents: number;
  closingCents: number;
  lines: ForecastLine[];
}

export interface LiquidityForecast {
  today: string;
  from: string;
  to: string;
  openingCents: number;
  weeks: ForecastWeek[];
  /** Overdue receivables: not counted as inflows (their collection date is unknown), shown apart. */
  overdueReceivablesCents: number;
  overdueReceivables: ForecastLine[];
  /** Overdue payables: counted in week 1. */
  overduePayablesCents: number;
  closingCents: number;
  /** The lowest closing balance of the 13 weeks and its week. */
  minimumClosingCents: number;
  minimumWeek: number;
  rule: string;
}

export interface TreasuryDashboard {
  today: string;
  cashCents: number;
  accounts: {
    accountId: string;
    alias: string;
    bankName: string | null;
    balanceCents: number;
    balanceDate: string | null;
  }[];
  receivables: { outstandingCents: number; overdueCents: number; count: number; overdueCount: number };
  payables: { outstandingCents: number; overdueCents: number; count: number; overdueCount: number };
  dueToday: { receivablesCents: number; payablesCents: number; count: number };
  dueThisWeek: { receivablesCents: number; payablesCents: number; count: number };
  dsoDays: number | null;
  forecast: {
    closingCents: number;
    minimumClosingCents: number;
    minimumWeek: number;
    weeks: Pick<
      ForecastWeek,
      'week' | 'from' | 'to' | 'openingCents' | 'inflowsCents' | 'outflowsCents' | 'closingCents'
    >[];
  };
}

export interface ClientDelayRow {
  partyKey: string;
  partyName: string;
  partyNif: string | null;
  invoices: number;
  /** Amount-weighted average of (payment date − due date) over what was paid; negative = early. */
  averageDelayDays: number | null;
  paidCents: number;
  outstandingCents: number;
  overdueCents: number;
  overdueCount: number;
}

export interface ClientDelayReport {
  today: string;
  rows: ClientDelayRow[];
}

export interface CollectionMetrics {
  today: string;
  /** Receivables outstanding / sales of the last 90 days × 90 (null without sales). */
  dsoDays: number | null;
  receivablesOutstandingCents: number;
  salesLast90DaysCents: number;
  collectedThisMonthCents: number;
  /** Amount-weighted average days from issue to payment of what was collected in the last 365 days. */
  averageCollectionDays: number | null;
  /** Share (basis points) of the instalments paid in the last 365 days that were paid by their due date. */
  paidOnTimeBp: number | null;
  paidOnTimeCount: number;
  paidLateCount: number;
}

/**
 * What was collected of a company's receivables in one payment month: céntimos, and céntimos × days
 * from each invoice's issue to its payment. The banking domain stores them in the company's
 * collection summary (`keys.collectionSummary`); the dashboard reads them.
 */
export interface CollectionMonth {
  month: string;
  collectedCents: number;
  collectedCentsDays: number;
}

export interface ReminderResult {
  documentId: string;
  to: string;
  sentAt: string;
  note: FollowUpNote;
}

export interface TreasurySettings {
  companyId: string;
  remindersEnabled: boolean;
  reminderDelayDays: number;
  reminderIntervalDays: number;
  updatedAt: string | null;
}
