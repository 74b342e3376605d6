/**
 * The recurring template form's values (texts as typed, es-ES) and the body of
 * `recurring.createTemplate` / `.updateTemplate` (shared/schemas/recurring-invoices.ts), plus the
 * input of the totals preview (shared/fiscal/invoice-totals.ts, the function the API uses). The
 * lines are the invoice form's (web/src/lib/invoice-lines.ts, edited with the shared
 * InvoiceLinesEditor): a stored template line keeps its VAT treatment apart (`exemptionCause`,
 * `notSubject`, `reverseCharge`), which maps to and from the editor's one `treatment` field.
 */
import type { InvoiceTotalsInput } from '@shared/fiscal/invoice-totals';
import type { PaymentMethod } from '@shared/schemas/invoices';
import type {
  DayOfMonth,
  GenerationMode,
  RecurringFrequency,
  RecurringTemplate,
  RecurringTemplateLine,
} from '@shared/schemas/recurring-invoices';
import {
  emptyInvoiceLine,
  type InvoiceLineValues,
  LINE_FIELD_OF_API,
  toLineBody,
  totalsLines,
  treatmentOf,
} from '@web/lib/invoice-lines';
import {
  bpToInput,
  centsToInput,
  formatPercentInput,
  milliToInput,
  parsePercentInput,
} from '@web/lib/money-input';
import type { NewCustomerValues } from '@web/lib/new-customer';
import dayjs, { type Dayjs } from 'dayjs';

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  TRANSFER: 'Transferencia',
  DIRECT_DEBIT: 'Domiciliación',
  CARD: 'Tarjeta',
  CASH: 'Efectivo',
  OTHER: 'Otro',
};

export const PLACEHOLDERS_HELP =
  'Puedes usar {MES}, {AÑO} y {TRIMESTRE} en las descripciones: se sustituyen por el periodo de cada factura (p. ej. «Cuota {MES} {AÑO}» → «Cuota marzo 2026»).';

export type TemplateLineValues = InvoiceLineValues;

export interface TemplateFormValues {
  name?: string;
  /** 'stored': a customer of Clientes; 'new': typed here and saved in Clientes first. */
  customerMode?: 'stored' | 'new';
  customerId?: string;
  newCustomer?: NewCustomerValues;
  invoiceType: 'F1' | 'F3';
  lines: TemplateLineValues[];
  irpfRate?: string;
  paymentMethod?: PaymentMethod;
  dueDays?: number | null;
  notes?: string;
  frequency: RecurringFrequency;
  interval?: number;
  startDate?: Dayjs | null;
  endDate?: Dayjs | null;
  maxOccurrences?: number | null;
  /** 1–28, 'LAST', or undefined (the start date's day). */
  dayOfMonth?: DayOfMonth | null;
  /** 'SETTINGS': the company's setting. */
  generationMode: GenerationMode | 'SETTINGS';
  isActive: boolean;
}

export const emptyTemplateLine = emptyInvoiceLine;

export const emptyTemplate = (): TemplateFormValues => ({
  customerMode: 'stored',
  newCustomer: { country: 'ES' },
  invoiceType: 'F1',
  lines: [emptyTemplateLine()],
  irpfRate: '0',
  frequency: 'MONTHLY',
  interval: 1,
  startDate: dayjs().add(1, 'month').startOf('month'),
  dayOfMonth: 1,
  generationMode: 'SETTINGS',
  isActive: true,
});

export const parseShare = (t: string | undefined, fallback: number) => {
  if (!t?.trim()) return fallback;
  const bp = parsePercentInput(t);
  return bp !== null && bp >= 0 && bp <= 10_000 ? bp : null;
};

/**
 * The preview's input: the lines readable so far (recargo when the customer is in that regime; the rates
 * of its member state when it is under the one-stop shop, `ossCountry`).
 */
export function toTemplateTotalsInput(
  v: Partial<TemplateFormValues>,
  recargoEquivalencia = false,
  ossCountry?: string,
): InvoiceTotalsInput {
  const { lines } = totalsLines(v.lines ?? [], recargoEquivalencia, ossCountry);
  return { lines, irpfRateBp: parseShare(v.irpfRate, 0) ?? 0, recargoEquivalencia };
}

const iso = (d: Dayjs | null | undefined) => (d?.isValid() ? d.format('YYYY-MM-DD') : undefined);

/** A stored template line back into the editor: its separate fields become one `treatment`. */
export const templateLineValues = (l: RecurringTemplateLine): TemplateLineValues => ({
  description: l.description,
  quantity: milliToInput(l.quantityMilli),
  unitPrice: centsToInput(l.unitPriceCents),
  discount: l.discountBp ? bpToInput(l.discountBp) : '',
  vatRateBp: l.vatRateBp,
  treatment: treatmentOf(l),
  ...(l.recargo !== undefined ? { recargo: l.recargo } : {}),
});

/** `customerId`: the saved customer the template bills (a new one is saved first, by the drawer). */
export function toTemplateBody(
  v: TemplateFormValues,
  { recargoEquivalencia = false }: { recargoEquivalencia?: boolean } = {},
): Record<string, unknown> {
  const irpf = parseShare(v.irpfRate, 0) ?? 0;
  return {
    name: (v.name ?? '').trim(),
    customerId: v.customerId,
    invoiceType: v.invoiceType,
    invoiceLines: v.lines.map((l) => toLineBody(l, { recargoEquivalencia })),
    irpfRateBp: irpf > 0 ? irpf : undefined,
    paymentMethod: v.paymentMethod || undefined,
    dueDays: v.dueDays ?? undefined,
    notes: v.notes?.trim() || undefined,
    frequency: v.frequency,
    interval: v.interval ?? 1,
    startDate: iso(v.startDate),
    endDate: iso(v.endDate),
    maxOccurrences: v.maxOccurrences ?? undefined,
    dayOfMonth: v.dayOfMonth ?? undefined,
    generationMode: v.generationMode === 'SETTINGS' ? undefined : v.generationMode,
    isActive: v.isActive,
  };
}

export function fromTemplate(t: RecurringTemplate): TemplateFormValues {
  return {
    name: t.name,
    customerMode: 'stored',
    customerId: t.customerId,
    newCustomer: { country: 'ES' },
    invoiceType: t.invoiceType,
    lines: t.invoiceLines.map(templateLineValues),
    irpfRate: formatPercentInput(t.irpfRateBp ?? 0),
    paymentMethod: t.paymentMethod ?? undefined,
    dueDays: t.dueDays,
    notes: t.notes ?? undefined,
    frequency: t.frequency,
    interval: t.interval,
    startDate: dayjs(t.startDate),
    endDate: t.endDate ? dayjs(t.endDate) : null,
    maxOccurrences: t.maxOccurrences,
    dayOfMonth: t.dayOfMonth,
    generationMode: t.generationMode ?? 'SETTINGS',
    isActive: t.isActive,
  };
}

export function templateApiField(field: string): (string | number)[] | string | undefined {
  const line = /^invoiceLines\.(\d+)\.(\w+)/.exec(field);
  if (line) {
    const name = LINE_FIELD_OF_API[line[2]!];
    return name ? ['lines', Number(line[1]), name] : undefined;
  }
  const top: Record<string, string> = {
    name: 'name',
    customerId: 'customerId',
    irpfRateBp: 'irpfRate',
    startDate: 'startDate',
    endDate: 'endDate',
    dayOfMonth: 'dayOfMonth',
    dueDays: 'dueDays',
    maxOccurrences: 'maxOccurrences',
  };
  return top[field];
}
