/**
 * Request and response contracts of recurring invoices (issue 4, item 9): templates, their
 * generations (history), the scheduled occurrences, stats and the company's settings. Pure: the
 * web form validates with the same schemas.
 */

import * as z from 'zod';
import { Id, PageQuery } from './common';
import { InvoiceLineBody, type InvoiceTotalsView, PAYMENT_METHODS, type PaymentMethod } from './invoices';
import { safeMultiline, safeText } from './text';

export const RECURRING_FREQUENCIES = ['MONTHLY', 'QUARTERLY', 'YEARLY'] as const;
export type RecurringFrequency = (typeof RECURRING_FREQUENCIES)[number];
/** DRAFT: drafts wait for the user; CONFIRM: numbered at once; CONFIRM_AND_SEND: also e-mailed with the PDF. */
export const GENERATION_MODES = ['DRAFT', 'CONFIRM', 'CONFIRM_AND_SEND'] as const;
export type GenerationMode = (typeof GENERATION_MODES)[number];
/** Complete invoices only: a simplified invoice (F2) names no recipient to bill every month. */
export const RECURRING_INVOICE_TYPES = ['F1', 'F3'] as const;
export const GENERATION_STATUSES = ['DRAFT', 'CONFIRMED', 'SENT', 'FAILED'] as const;
export type GenerationStatus = (typeof GENERATION_STATUSES)[number];
export const GENERATION_TRIGGERS = ['SCHEDULE', 'MANUAL'] as const;
export type GenerationTrigger = (typeof GENERATION_TRIGGERS)[number];

export const MAX_DAYS_IN_ADVANCE = 30;
/** How far ahead the scheduled listing looks when no `to` is given. */
export const DEFAULT_SCHEDULED_DAYS = 90;

/** 1–28 (every month has them) or 'LAST' (31, 30, 28 or 29 as the month has). */
export const DayOfMonth = z.union([
  z
    .number()
    .int()
    .min(1, { message: 'El día debe estar entre 1 y 28, o ser el último del mes.' })
    .max(28, { message: 'El día debe estar entre 1 y 28, o ser el último del mes.' }),
  z.literal('LAST'),
]);
export type DayOfMonth = z.infer<typeof DayOfMonth>;

const Bp = z.number().int().min(0).max(10_000);

const templateFields = {
  name: safeText().min(1, { message: 'El nombre es obligatorio.' }).max(200),
  customerId: Id,
  invoiceType: z.enum(RECURRING_INVOICE_TYPES),
  /** Descriptions may hold {MES}, {AÑO} and {TRIMESTRE}, replaced with the occurrence's period. */
  invoiceLines: z
    .array(InvoiceLineBody)
    .min(1, { message: 'La plantilla debe tener al menos una línea.' })
    .max(500),
  irpfRateBp: Bp.optional(),
  paymentMethod: z.enum(PAYMENT_METHODS).optional(),
  /** Due date = invoice date + N days; left out, the customer's payment terms. */
  dueDays: z.number().int().min(0).max(365).optional(),
  notes: safeMultiline().trim().max(2000).optional(),
  frequency: z.enum(RECURRING_FREQUENCIES),
  interval: z.number().int().min(1).max(12).default(1),
  startDate: z.iso.date({ message: 'La fecha de inicio debe ser una fecha ISO (AAAA-MM-DD).' }),
  endDate: z.iso.date().optional(),
  maxOccurrences: z.number().int().min(1).max(1000).optional(),
  /** Left out: the start date's day (its month's last day when the start is the 29th or later). */
  dayOfMonth: DayOfMonth.optional(),
  /** Left out: the company's setting. */
  generationMode: z.enum(GENERATION_MODES).optional(),
  /** Left out: the settings' default series, else the company's default ordinary series. */
  seriesId: Id.optional(),
  isActive: z.boolean().default(true),
};

const datesInOrder = (t: { startDate: string; endDate?: string }, ctx: z.RefinementCtx) => {
  if (t.endDate && t.endDate < t.startDate) {
    ctx.addIssue({
      code: 'custom',
      path: ['endDate'],
      message: 'La fecha de fin no puede ser anterior a la de inicio.',
    });
  }
};

export const CreateRecurringTemplateBody = z.object(templateFields).strict().superRefine(datesInOrder);
export type CreateRecurringTemplateBody = z.infer<typeof CreateRecurringTemplateBody>;

/** PUT replaces the template (the contract of POST); `isActive` left out keeps its value. */
export const UpdateRecurringTemplateBody = z
  .object({ ...templateFields, isActive: z.boolean().optional() })
  .strict()
  .superRefine(datesInOrder);
export type UpdateRecurringTemplateBody = z.infer<typeof UpdateRecurringTemplateBody>;

export const RecurringTemplatePath = z.object({ templateId: Id });
export type RecurringTemplatePath = z.infer<typeof RecurringTemplatePath>;

export const RecurringTemplateListQuery = PageQuery.extend({
  active: z.enum(['true', 'false']).optional(),
});
export type RecurringTemplateListQuery = z.infer<typeof RecurringTemplateListQuery>;

export const RecurringGenerationListQuery = PageQuery.extend({
  templateId: Id.optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  status: z.enum(GENERATION_STATUSES).optional(),
});
export type RecurringGenerationListQuery = z.infer<typeof RecurringGenerationListQuery>;

export const RecurringScheduledQuery = z.object({
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
});
export type RecurringScheduledQuery = z.infer<typeof RecurringScheduledQuery>;

export const UpdateRecurringSettingsBody = z
  .object({
    generationMode: z.enum(GENERATION_MODES),
    daysInAdvance: z
      .number()
      .int()
      .min(0, { message: 'Los días de antelación van de 0 a 30.' })
      .max(MAX_DAYS_IN_ADVANCE, { message: 'Los días de antelación van de 0 a 30.' }),
    notifyOnFailure: z.boolean(),
    defaultSeriesId: Id.nullable().optional(),
  })
  .strict();
export type UpdateRecurringSettingsBody = z.infer<typeof UpdateRecurringSettingsBody>;

// --- responses -----------------------------------------------------------------------------------

/** A template line as stored: the quantity in thousandths, like an invoice line. */
export interface RecurringTemplateLine {
  description: string;
  quantityMilli: number;
  unitPriceCents: number;
  discountBp: number;
  vatRateBp: number;
  exemptionCause?: InvoiceLineBody['exemptionCause'];
  notSubject?: InvoiceLineBody['notSubject'];
  reverseCharge?: boolean;
  recargo?: boolean;
}

export interface RecurringTemplate {
  templateId: string;
  companyId: string;
  name: string;
  customerId: string;
  /** The customer's name when the template was last saved (lists and search). */
  customerName: string;
  invoiceType: (typeof RECURRING_INVOICE_TYPES)[number];
  invoiceLines: RecurringTemplateLine[];
  irpfRateBp: number | null;
  paymentMethod: PaymentMethod | null;
  dueDays: number | null;
  notes: string | null;
  frequency: RecurringFrequency;
  interval: number;
  startDate: string;
  endDate: string | null;
  maxOccurrences: number | null;
  dayOfMonth: DayOfMonth;
  generationMode: GenerationMode | null;
  seriesId: string | null;
  isActive: boolean;
  /** The next occurrence to generate; null when the sequence has ended. */
  nextRunDate: string | null;
  /** The last occurrence generated (null before the first). */
  lastOccurrenceDate: string | null;
  generatedCount: number;
  /** Totals of one invoice (placeholders do not change amounts), computed when the template is saved. */
  totals: InvoiceTotalsView;
  createdAt: string;
  updatedAt: string;
}

export interface RecurringGeneration {
  companyId: string;
  templateId: string;
  templateName: string;
  occurrenceDate: string;
  status: GenerationStatus;
  trigger: GenerationTrigger;
  mode: GenerationMode;
  invoiceId: string | null;
  invoiceNumber: string | null;
  totalCents: number | null;
  customerName: string | null;
  /** Why it failed (FAILED), or why a later step did not happen (a draft that could not be confirmed). */
  reason: string | null;
  attempts: number;
  generatedAt: string;
}

export interface RecurringScheduledItem {
  templateId: string;
  templateName: string;
  customerName: string;
  date: string;
  totalCents: number;
  mode: GenerationMode;
}

export interface RecurringStats {
  activeTemplates: number;
  generatedThisMonth: number;
  generatedThisYear: number;
  failedThisYear: number;
  /** Σ of each active template's total divided by the months of its period. */
  expectedMonthlyCents: number;
  expectedMonthlyBaseCents: number;
  nextRunDate: string | null;
}

export interface RecurringSettings {
  companyId: string;
  generationMode: GenerationMode;
  daysInAdvance: number;
  notifyOnFailure: boolean;
  defaultSeriesId: string | null;
  updatedAt: string | null;
}
