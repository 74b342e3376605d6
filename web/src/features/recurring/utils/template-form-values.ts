/**
 * The recurring template form's values (texts as typed, es-ES) and the body of
 * `recurring.createTemplate` / `.updateTemplate` (shared/schemas/recurring-invoices.ts), plus the
 * input of the totals preview (shared/fiscal/invoice-totals.ts, the function the API uses).
 */
import type { InvoiceTotalsInput } from '@shared/fiscal/invoice-totals';
import { OPERATION_KINDS, OPERATIONS, type OperationKind } from '@shared/fiscal/vat';
import type { PaymentMethod } from '@shared/schemas/invoices';
import type {
  DayOfMonth,
  GenerationMode,
  RecurringFrequency,
  RecurringTemplate,
} from '@shared/schemas/recurring-invoices';
import {
  formatDecimal,
  formatMoneyInput,
  formatPercentInput,
  parseDecimal,
  parseMoneyInput,
  parsePercentInput,
} from '@web/lib/money-input';
import dayjs, { type Dayjs } from 'dayjs';

export const OPERATION_OPTIONS = OPERATION_KINDS.map((value) => ({ value, label: OPERATIONS[value].label }));
export const TEMPLATE_VAT_OPTIONS = [
  { value: 2100, label: '21 %' },
  { value: 1000, label: '10 %' },
  { value: 400, label: '4 %' },
  { value: 0, label: '0 %' },
];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  TRANSFER: 'Transferencia',
  DIRECT_DEBIT: 'Domiciliación',
  CARD: 'Tarjeta',
  CASH: 'Efectivo',
  OTHER: 'Otro',
};

export const PLACEHOLDERS_HELP =
  'Puedes usar {MES}, {AÑO} y {TRIMESTRE} en las descripciones: se sustituyen por el periodo de cada factura (p. ej. «Cuota {MES} {AÑO}» → «Cuota marzo 2026»).';

export interface TemplateLineValues {
  description?: string;
  quantity?: string;
  unitPrice?: string;
  discount?: string;
  vatRateBp?: number;
  operation?: OperationKind;
}

export interface TemplateFormValues {
  name?: string;
  customerId?: string;
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

export const emptyTemplateLine = (): TemplateLineValues => ({
  description: '',
  quantity: '1',
  unitPrice: '',
  discount: '0',
  vatRateBp: 2100,
  operation: 'S1',
});

export const emptyTemplate = (): TemplateFormValues => ({
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

export const parseQuantity = (t?: string) => {
  const m = parseDecimal(t ?? '', 3);
  return m !== null && m > 0 ? m : null;
};
export const parsePrice = (t?: string) => {
  const c = parseMoneyInput(t ?? '');
  return c !== null && c >= 0 ? c : null;
};
export const parseShare = (t: string | undefined, fallback: number) => {
  if (!t?.trim()) return fallback;
  const bp = parsePercentInput(t);
  return bp !== null && bp >= 0 && bp <= 10_000 ? bp : null;
};

const vatOf = (l: TemplateLineValues) => ((l.operation ?? 'S1') === 'S1' ? (l.vatRateBp ?? 0) : 0);

/** The preview's input: the lines readable so far. */
export function toTemplateTotalsInput(v: Partial<TemplateFormValues>): InvoiceTotalsInput {
  const lines = (v.lines ?? []).flatMap((l) => {
    if (!l) return [];
    const quantityMilli = parseQuantity(l.quantity);
    const unitPriceCents = parsePrice(l.unitPrice);
    const discountBp = parseShare(l.discount, 0);
    if (quantityMilli === null || unitPriceCents === null || discountBp === null) return [];
    return [
      { quantityMilli, unitPriceCents, discountBp, vatRateBp: vatOf(l), operation: l.operation ?? 'S1' },
    ];
  });
  return { lines, irpfRateBp: parseShare(v.irpfRate, 0) ?? 0 };
}

const iso = (d: Dayjs | null | undefined) => (d?.isValid() ? d.format('YYYY-MM-DD') : undefined);

export function toTemplateBody(v: TemplateFormValues): Record<string, unknown> {
  const irpf = parseShare(v.irpfRate, 0) ?? 0;
  return {
    name: (v.name ?? '').trim(),
    customerId: v.customerId,
    invoiceType: v.invoiceType,
    invoiceLines: v.lines.map((l) => {
      const op = l.operation ?? 'S1';
      return {
        description: (l.description ?? '').trim(),
        quantity: formatDecimal(parseQuantity(l.quantity) ?? 0, 3, {
          grouping: false,
          trimZeros: true,
        }).replace(',', '.'),
        unitPriceCents: parsePrice(l.unitPrice) ?? 0,
        discountBp: parseShare(l.discount, 0) ?? 0,
        vatRateBp: vatOf(l),
        exemptionCause: op.startsWith('E') ? op : undefined,
        notSubject: op.startsWith('N') ? op : undefined,
        reverseCharge: op === 'S2' ? true : undefined,
      };
    }),
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
    customerId: t.customerId,
    invoiceType: t.invoiceType,
    lines: t.invoiceLines.map((l) => ({
      description: l.description,
      quantity: formatDecimal(l.quantityMilli, 3, { grouping: false, trimZeros: true }),
      unitPrice: formatMoneyInput(l.unitPriceCents),
      discount: formatPercentInput(l.discountBp),
      vatRateBp: l.vatRateBp,
      operation: l.exemptionCause ?? l.notSubject ?? (l.reverseCharge ? 'S2' : 'S1'),
    })),
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
    const map: Record<string, string> = {
      description: 'description',
      quantity: 'quantity',
      unitPriceCents: 'unitPrice',
      discountBp: 'discount',
      vatRateBp: 'vatRateBp',
      exemptionCause: 'operation',
    };
    const name = map[line[2]!];
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
