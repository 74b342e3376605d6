/**
 * The received-invoice form's values (texts as typed, es-ES) and what they become: the body of
 * `receivedInvoices.create` / `.update` (shared/schemas/received-invoices.ts) and the input of the
 * live totals preview, computed by the same pure function as the API
 * (shared/fiscal/received-invoice-totals.ts). Amounts go from text to céntimos without floats; they
 * may be negative only on a rectificativa (a supplier's credit note, by differences).
 */
import type { ReceivedTotalsInput, ReceivedTotalsLine } from '@shared/fiscal/received-invoice-totals';
import { allowedRecargoBps } from '@shared/fiscal/vat';
import type { WithholdingKind } from '@shared/fiscal/withholdings';
import type { SupplierForeignIdType } from '@shared/schemas/expenses';
import {
  isReceivedRectificativa,
  type RECEIVED_PAYMENT_METHODS,
  type ReceivedInvoice,
  type ReceivedInvoiceType,
  type ReceivedLineKind,
} from '@shared/schemas/received-invoices';
import {
  type IntraEuOperationValues,
  intraEuFormField,
  intraEuValuesOf,
  toIntraEuOperation,
} from '@web/lib/intra-eu-operation';
import {
  formatDecimal,
  formatMoneyInput,
  formatPercentInput,
  parseDecimal,
  parseMoneyInput,
  parsePercentInput,
} from '@web/lib/money-input';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { keyForKind } from './withholding';

export const LINE_KIND_LABELS: Record<ReceivedLineKind, string> = {
  DOMESTIC: 'Nacional',
  REVERSE_CHARGE: 'Inversión del sujeto pasivo',
  INTRA_EU_GOODS: 'Adquisición intracomunitaria de bienes',
  INTRA_EU_SERVICES: 'Adquisición intracomunitaria de servicios',
  IMPORT: 'Importación',
  EXEMPT: 'Exenta',
  NOT_SUBJECT: 'No sujeta',
};

/** AEAT TipoFactura of the received book (SII), as the user picks it. */
export const RECEIVED_INVOICE_TYPE_LABELS: Record<ReceivedInvoiceType, string> = {
  F1: 'Factura',
  F2: 'Factura simplificada (ticket)',
  R1: 'Rectificativa R1 · error fundado en derecho, art. 80.1, 80.2 y 80.6 LIVA',
  R2: 'Rectificativa R2 · concurso de acreedores, art. 80.3 LIVA',
  R3: 'Rectificativa R3 · créditos incobrables, art. 80.4 LIVA',
  R4: 'Rectificativa R4 · resto de causas',
  R5: 'Rectificativa R5 · de facturas simplificadas',
};

export const PAYMENT_METHOD_LABELS: Record<(typeof RECEIVED_PAYMENT_METHODS)[number], string> = {
  TRANSFER: 'Transferencia',
  DIRECT_DEBIT: 'Domiciliación',
  CARD: 'Tarjeta',
  CASH: 'Efectivo',
  CHECK: 'Cheque',
  OTHER: 'Otro',
};

/** The rates a received line is usually at: the current ones, plus the historical for old invoices. */
export const RECEIVED_VAT_OPTIONS = [
  { value: 2100, label: '21 %' },
  { value: 1000, label: '10 %' },
  { value: 400, label: '4 %' },
  { value: 0, label: '0 %' },
  { value: 750, label: '7,5 % (histórico)' },
  { value: 500, label: '5 % (histórico)' },
  { value: 200, label: '2 % (histórico)' },
];

export interface LineFormValues {
  description?: string;
  quantity?: string;
  unitPrice?: string;
  discount?: string;
  vatRateBp?: number;
  kind?: ReceivedLineKind;
  deductible?: string;
  /** 0 = sin recargo. */
  recargoRateBp?: number;
  investmentGoods?: boolean;
}

/** An invoice the rectificativa corrects: picked among the supplier's registered ones, or typed. */
export interface RectifiedFormValues {
  receivedInvoiceId?: string;
  supplierInvoiceNumber?: string;
  issueDate?: Dayjs | null;
}

export interface AttachmentFormValues {
  fileName?: string;
  documentId?: string;
}

export interface ReceivedFormValues {
  supplierMode: 'EXISTING' | 'INLINE';
  supplierId?: string;
  supplierName?: string;
  supplierIdKind?: 'NIF' | 'FOREIGN';
  supplierNif?: string;
  supplierForeignType?: SupplierForeignIdType;
  supplierForeignValue?: string;
  supplierCountry?: string;
  supplierInvoiceNumber?: string;
  invoiceType?: ReceivedInvoiceType;
  rectificationReason?: string;
  rectified?: RectifiedFormValues[];
  /** The DUA number, asked when a line is an import. */
  customsDocument?: string;
  issueDate?: Dayjs | null;
  operationDate?: Dayjs | null;
  accountingDate?: Dayjs | null;
  dueDate?: Dayjs | null;
  lines: LineFormValues[];
  irpfRate?: string;
  /** The kind and key of the withholding (issue 15: 111/115/123/216); sent only with a rate above 0. */
  withholdingKind?: WithholdingKind;
  withholdingKey?: string;
  expenseCategoryId?: string;
  paymentMethod?: (typeof RECEIVED_PAYMENT_METHODS)[number];
  notes?: string;
  attachments?: AttachmentFormValues[];
  /** The SII's book OI (art. 66.1 RIVA), offered to companies in the SII. */
  intraEuOperation?: IntraEuOperationValues;
  /** The supplier applies the régimen especial del criterio de caja (art. 163 quaterdecies LIVA). */
  supplierCashCriterion?: boolean;
}

export const emptyLine = (): LineFormValues => ({
  description: '',
  quantity: '1',
  unitPrice: '',
  discount: '0',
  vatRateBp: 2100,
  kind: 'DOMESTIC',
  deductible: '100',
  recargoRateBp: 0,
  investmentGoods: false,
});

export const emptyReceivedForm = (): ReceivedFormValues => ({
  supplierMode: 'EXISTING',
  supplierIdKind: 'NIF',
  invoiceType: 'F1',
  issueDate: dayjs(),
  lines: [emptyLine()],
  irpfRate: '0',
  attachments: [],
  supplierCashCriterion: false,
});

/** Whether the values are a rectificativa's: then amounts may be negative. */
export const isRectificativaForm = (values: Partial<ReceivedFormValues> | undefined): boolean =>
  isReceivedRectificativa(values?.invoiceType);

/** Whether a line is an import (the DUA number is asked then). */
export const hasImportLine = (values: Partial<ReceivedFormValues> | undefined): boolean =>
  (values?.lines ?? []).some((l) => l?.kind === 'IMPORT');

/** Kinds that never carry VAT: the rate is 0 on them. */
export const isVatFree = (kind: ReceivedLineKind | undefined) => kind === 'EXEMPT' || kind === 'NOT_SUBJECT';

/** The recargo rates a line may bear (only DOMESTIC purchases, art. 154 LIVA). */
export function recargoOptions(line: LineFormValues): { value: number; label: string }[] {
  const none = [{ value: 0, label: 'Sin recargo' }];
  if ((line.kind ?? 'DOMESTIC') !== 'DOMESTIC') return none;
  return [
    ...none,
    ...allowedRecargoBps(line.vatRateBp ?? 0)
      .filter((bp) => bp > 0)
      .map((bp) => ({ value: bp, label: `${formatPercentInput(bp)} %` })),
  ];
}

// --- parsing ---------------------------------------------------------------------------------------

/** Thousandths: greater than zero, or (`signed`, a rectificativa) any but zero. */
export const parseQuantityMilli = (text: string | undefined, signed = false): number | null => {
  const milli = parseDecimal(text ?? '', 3);
  return milli !== null && (signed ? milli !== 0 : milli > 0) ? milli : null;
};

/** Céntimos: zero or more, or (`signed`, a rectificativa) negative too. */
export const parsePrice = (text: string | undefined, signed = false): number | null => {
  const cents = parseMoneyInput(text ?? '');
  return cents !== null && (signed || cents >= 0) ? cents : null;
};

export const parseShare = (text: string | undefined, fallback: number): number | null => {
  if (!text?.trim()) return fallback;
  const bp = parsePercentInput(text);
  return bp !== null && bp >= 0 && bp <= 10_000 ? bp : null;
};

/** A line as the totals read it, or null while something in it is not a valid number yet. */
export function toTotalsLine(line: LineFormValues, signed = false): ReceivedTotalsLine | null {
  const quantityMilli = parseQuantityMilli(line.quantity, signed);
  const unitPriceCents = parsePrice(line.unitPrice, signed);
  const discountBp = parseShare(line.discount, 0);
  const deductibleBp = parseShare(line.deductible, 10_000);
  if (quantityMilli === null || unitPriceCents === null || discountBp === null || deductibleBp === null)
    return null;
  const kind = line.kind ?? 'DOMESTIC';
  return {
    quantityMilli,
    unitPriceCents,
    discountBp,
    vatRateBp: isVatFree(kind) ? 0 : (line.vatRateBp ?? 0),
    kind,
    deductibleBp,
    recargoRateBp: kind === 'DOMESTIC' ? (line.recargoRateBp ?? 0) : 0,
    investmentGoods: Boolean(line.investmentGoods),
  };
}

/** The preview's input: the lines that can be read so far (the others count once they are valid). */
export function toTotalsInput(values: Partial<ReceivedFormValues>): ReceivedTotalsInput {
  const signed = isRectificativaForm(values);
  const lines = (values.lines ?? []).flatMap((l) => {
    const t = l ? toTotalsLine(l, signed) : null;
    return t ? [t] : [];
  });
  return { lines, irpfRateBp: parseShare(values.irpfRate, 0) ?? 0 };
}

const iso = (d: Dayjs | null | undefined) => (d?.isValid() ? d.format('YYYY-MM-DD') : undefined);
const opt = (s: string | undefined) => (s?.trim() ? s.trim() : undefined);

/** The API body; call after the form's own validation passed (every line parses). */
export function toReceivedBody(v: ReceivedFormValues): Record<string, unknown> {
  const supplier =
    v.supplierMode === 'EXISTING'
      ? { supplierId: v.supplierId }
      : {
          supplier: {
            name: (v.supplierName ?? '').trim(),
            taxId:
              v.supplierIdKind === 'FOREIGN'
                ? {
                    type: v.supplierForeignType ?? 'NIF_IVA',
                    value: (v.supplierForeignValue ?? '').trim(),
                    country: (v.supplierCountry ?? '').trim().toUpperCase(),
                  }
                : (v.supplierNif ?? '').trim(),
            country: v.supplierIdKind === 'FOREIGN' ? (v.supplierCountry ?? '').trim().toUpperCase() : 'ES',
          },
        };
  const signed = isRectificativaForm(v);
  const irpfRateBp = parseShare(v.irpfRate, 0) ?? 0;
  // Without a withholding there is no kind to declare (the API ignores it then; it stores null).
  const kind = irpfRateBp > 0 ? v.withholdingKind : undefined;
  return {
    ...supplier,
    supplierInvoiceNumber: (v.supplierInvoiceNumber ?? '').trim(),
    invoiceType: v.invoiceType ?? 'F1',
    rectification: signed
      ? {
          reason: opt(v.rectificationReason),
          rectified: (v.rectified ?? []).map((r) => ({
            receivedInvoiceId: r?.receivedInvoiceId || undefined,
            supplierInvoiceNumber: opt(r?.supplierInvoiceNumber),
            issueDate: iso(r?.issueDate),
          })),
        }
      : undefined,
    customsDocument: hasImportLine(v) ? opt(v.customsDocument) : undefined,
    issueDate: iso(v.issueDate),
    operationDate: iso(v.operationDate),
    accountingDate: iso(v.accountingDate),
    dueDate: iso(v.dueDate),
    lines: v.lines.map((l) => {
      const t = toTotalsLine(l, signed);
      if (!t) throw new Error('toReceivedBody called with an invalid line');
      return {
        description: (l.description ?? '').trim(),
        // The API reads a decimal text with a dot: 1500 thousandths → "1.5".
        quantity: formatDecimal(t.quantityMilli, 3, { grouping: false, trimZeros: true }).replace(',', '.'),
        unitPriceCents: t.unitPriceCents,
        discountBp: t.discountBp,
        vatRateBp: t.vatRateBp,
        kind: t.kind,
        deductibleBp: t.deductibleBp,
        recargoRateBp: t.recargoRateBp > 0 ? t.recargoRateBp : undefined,
        investmentGoods: t.investmentGoods,
      };
    }),
    irpfRateBp,
    withholdingKind: kind,
    withholdingKey: kind ? keyForKind(kind, v.withholdingKey) : undefined,
    expenseCategoryId: v.expenseCategoryId || undefined,
    paymentMethod: v.paymentMethod || undefined,
    notes: opt(v.notes),
    attachments: (v.attachments ?? [])
      .filter((a) => a?.fileName?.trim() && a.documentId?.trim())
      .map((a) => ({ fileName: a.fileName!.trim(), documentId: a.documentId!.trim() })),
    // Left out: none (a correction without it removes the one the invoice had).
    intraEuOperation: toIntraEuOperation(v.intraEuOperation) ?? undefined,
    // Always said: the box is the invoice's own mention (art. 6.1.o RD 1619/2012).
    supplierCashCriterion: v.supplierCashCriterion === true,
  };
}

/** The form's values for an invoice being corrected. */
export function fromReceivedInvoice(r: ReceivedInvoice): ReceivedFormValues {
  const taxId = r.supplier.taxId;
  const day = (s: string | undefined) => (s ? dayjs(s) : null);
  return {
    supplierMode: r.supplier.supplierId ? 'EXISTING' : 'INLINE',
    supplierId: r.supplier.supplierId ?? undefined,
    supplierName: r.supplier.name,
    supplierIdKind: typeof taxId === 'string' ? 'NIF' : 'FOREIGN',
    supplierNif: typeof taxId === 'string' ? taxId : undefined,
    supplierForeignType: typeof taxId === 'string' ? undefined : taxId.type,
    supplierForeignValue: typeof taxId === 'string' ? undefined : taxId.value,
    supplierCountry: r.supplier.country,
    supplierInvoiceNumber: r.supplierInvoiceNumber,
    invoiceType: r.invoiceType ?? 'F1',
    rectificationReason: r.rectification?.reason,
    rectified: (r.rectification?.rectified ?? []).map((x) => ({
      receivedInvoiceId: x.receivedInvoiceId ?? undefined,
      supplierInvoiceNumber: x.supplierInvoiceNumber,
      issueDate: day(x.issueDate),
    })),
    customsDocument: r.customsDocument,
    issueDate: day(r.issueDate),
    operationDate: day(r.operationDate),
    accountingDate: day(r.accountingDate),
    dueDate: day(r.dueDate),
    lines: r.lines.map((l) => ({
      description: l.description,
      quantity: formatDecimal(l.quantityMilli, 3, { grouping: false, trimZeros: true }),
      unitPrice: formatMoneyInput(l.unitPriceCents),
      discount: formatPercentInput(l.discountBp),
      vatRateBp: l.vatRateBp,
      kind: l.kind,
      deductible: formatPercentInput(l.deductibleBp),
      recargoRateBp: l.recargoRateBp,
      investmentGoods: l.investmentGoods,
    })),
    irpfRate: formatPercentInput(r.irpfRateBp),
    withholdingKind: r.withholdingKind ?? undefined,
    withholdingKey: r.withholdingKind ? keyForKind(r.withholdingKind, r.withholdingKey) : undefined,
    expenseCategoryId: r.expenseCategoryId ?? undefined,
    paymentMethod: r.paymentMethod,
    notes: r.notes,
    attachments: r.attachments.map((a) => ({ fileName: a.fileName, documentId: a.documentId ?? a.uploadId })),
    intraEuOperation: intraEuValuesOf(r.intraEuOperation),
    supplierCashCriterion: r.supplierCashCriterion === true,
  };
}

/** API field (`lines.0.unitPriceCents`, `supplier.taxId`) → the form's name path. */
export function receivedApiField(field: string): (string | number)[] | string | undefined {
  // The rectified invoices' fields have the same names in the form.
  const rectified =
    /^rectification\.rectified\.(\d+)\.(receivedInvoiceId|supplierInvoiceNumber|issueDate)/.exec(field);
  if (rectified) return ['rectified', Number(rectified[1]), rectified[2]!];
  const intraEu = intraEuFormField(field);
  if (intraEu) return intraEu;
  const line = /^lines\.(\d+)\.(\w+)/.exec(field);
  if (line) {
    const map: Record<string, string> = {
      description: 'description',
      quantity: 'quantity',
      unitPriceCents: 'unitPrice',
      discountBp: 'discount',
      vatRateBp: 'vatRateBp',
      kind: 'kind',
      deductibleBp: 'deductible',
      recargoRateBp: 'recargoRateBp',
    };
    const name = map[line[2]!];
    return name ? ['lines', Number(line[1]), name] : undefined;
  }
  const top: Record<string, string> = {
    supplierId: 'supplierId',
    'supplier.name': 'supplierName',
    'supplier.taxId': 'supplierNif',
    'supplier.taxId.value': 'supplierForeignValue',
    'supplier.taxId.country': 'supplierCountry',
    'supplier.country': 'supplierCountry',
    supplierInvoiceNumber: 'supplierInvoiceNumber',
    invoiceType: 'invoiceType',
    rectification: 'invoiceType',
    'rectification.rectified': 'invoiceType',
    'rectification.reason': 'rectificationReason',
    customsDocument: 'customsDocument',
    issueDate: 'issueDate',
    operationDate: 'operationDate',
    accountingDate: 'accountingDate',
    dueDate: 'dueDate',
    irpfRateBp: 'irpfRate',
    withholdingKind: 'withholdingKind',
    withholdingKey: 'withholdingKey',
    expenseCategoryId: 'expenseCategoryId',
    notes: 'notes',
    supplierCashCriterion: 'supplierCashCriterion',
  };
  return top[field];
}
