/**
 * Invoice totals, computed once here and used by both the API and the invoice form (issue 4).
 * Rules (RD 1619/2012 art. 10 and CONVENTIONS rule 8):
 *  - line base = quantityMilli × unitPriceCents × (10000 − discountBp) / (1000 × 10000), rounded once;
 *  - bases are grouped by (applied VAT rate, operation kind, applied recargo rate); each group's quota is
 *    rounded ONCE on the grouped base (art. 10.1: the quota may be computed on the total base per rate);
 *  - only S1 lines charge VAT and recargo; S2/N1/N2/E1–E6 groups have rate 0 and quota 0, except an
 *    OSS line (one-stop shop, `ossCountry`): not subject in Spain (N2, arts. 68.Tres, 70.Uno.4º and 73
 *    LIVA), it charges a VAT rate of the member state of consumption (shared/fiscal/eu-vat-rates.ts)
 *    and is grouped apart per state, never with recargo;
 *  - IRPF = roundHalfUp(base of the lines subject to IRPF × irpfRateBp, 10000);
 *  - total = base + VAT + recargo − IRPF.
 */
import { AppError } from '@shared/api/errors';
import * as z from 'zod';
import { isOssMemberState, isOssRate } from './eu-vat-rates';
import { applyBp, roundHalfUpBig, sumCents } from './money';
import {
  allowedRecargoBps,
  CASH_ACCOUNTING_MENTION,
  chargesVat,
  OPERATION_KINDS,
  OPERATIONS,
  type OperationKind,
  RECARGO_MENTION,
  VAT_RATE_BPS,
} from './vat';

const int = z.number().int();

export const InvoiceLineInput = z.object({
  /** Quantity × 1000 (1.5 units = 1500). Negative only on a rectificativa by differences. */
  quantityMilli: int,
  /** May be 0; negative only on a rectificativa by differences. */
  unitPriceCents: int,
  discountBp: int.default(0),
  vatRateBp: int,
  operation: z.enum(OPERATION_KINDS).default('S1'),
  /** The good is sold to a retailer in recargo de equivalencia (art. 154 LIVA). */
  recargo: z.boolean().default(false),
  /** Overrides the linked recargo rate (1.75 % for tobacco at 21 %); must be one allowed for the VAT rate. */
  recargoRateBp: int.optional(),
  /** Whether the line bears the IRPF withholding of the invoice. */
  irpf: z.boolean().default(true),
  /**
   * One-stop shop (OSS): the member state of consumption (ISO alpha-2, not ES). The line must be N2
   * and its `vatRateBp` one of that state's rates on the operation date.
   */
  ossCountry: z.string().optional(),
});
export type InvoiceLineInput = z.input<typeof InvoiceLineInput>;

export const InvoiceTotalsInput = z.object({
  lines: z.array(InvoiceLineInput),
  irpfRateBp: int.optional(),
  /** The customer is a retailer in the recargo de equivalencia regime. */
  recargoEquivalencia: z.boolean().default(false),
  /** Rectificativa by differences (R1–R4 "por diferencias", R5): negative quantities/prices allowed. */
  rectificationByDifferences: z.boolean().default(false),
  /** The issuer is in the régimen especial del criterio de caja (adds its mandatory mention). */
  cashAccounting: z.boolean().default(false),
  /**
   * The date of the operation (ISO): which rates of an OSS line's member state are in force. Absent:
   * any rate the state has had since the rates table starts.
   */
  operationDate: z.iso.date().optional(),
});
export type InvoiceTotalsInput = z.input<typeof InvoiceTotalsInput>;

export type InvoiceTotalsErrorReason =
  | 'INVALID_INPUT'
  | 'NEGATIVE_AMOUNT'
  | 'DISCOUNT_OUT_OF_RANGE'
  | 'UNKNOWN_VAT_RATE'
  | 'UNKNOWN_RECARGO_RATE'
  | 'RECARGO_WITHOUT_REGIME'
  | 'IRPF_OUT_OF_RANGE'
  | 'AMOUNT_TOO_LARGE'
  | 'OSS_COUNTRY'
  | 'UNKNOWN_OSS_RATE';

/** A refused input: CORE_004 (400) for the API, with a Spanish message and the offending field. */
export class InvoiceTotalsError extends AppError {
  readonly reason: InvoiceTotalsErrorReason;

  constructor(reason: InvoiceTotalsErrorReason, message: string, field?: string) {
    super('CORE_004', message, { field, details: { reason } });
    this.name = 'InvoiceTotalsError';
    this.reason = reason;
  }
}

export interface VatBreakdownGroup {
  operation: OperationKind;
  /** Rate applied: the line's rate for S1 and OSS lines, 0 for every other kind. */
  vatRateBp: number;
  /** OSS: the member state of consumption whose VAT the group charges; absent for every other group. */
  ossCountry?: string;
  /** Recargo rate applied, 0 when none. */
  recargoRateBp: number;
  baseCents: number;
  vatCents: number;
  recargoCents: number;
}

export interface InvoiceTotals {
  baseCents: number;
  vatCents: number;
  recargoCents: number;
  irpfCents: number;
  totalCents: number;
  /** Base subject to IRPF. */
  irpfBaseCents: number;
  /** Each input line's base, in input order (the form shows them). */
  lineBasesCents: number[];
  /** One entry per (operation, rate, recargo) in a fixed order: PDF, VeriFacTu/SII desglose, modelo 303. */
  breakdown: VatBreakdownGroup[];
  legalMentions: string[];
}

type Line = z.output<typeof InvoiceLineInput>;
type Input = z.output<typeof InvoiceTotalsInput>;

function parse(input: unknown): Input {
  const parsed = InvoiceTotalsInput.safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  throw new InvoiceTotalsError(
    'INVALID_INPUT',
    'Los datos de la factura no son válidos.',
    issue.path.map(String).join('.') || undefined,
  );
}

function checkLine(line: Line, i: number, input: Input): void {
  const field = (name: string) => `lines.${i}.${name}`;
  const fail = (reason: InvoiceTotalsErrorReason, message: string, name: string): never => {
    throw new InvoiceTotalsError(reason, message, field(name));
  };
  if (!input.rectificationByDifferences) {
    if (line.quantityMilli < 0) {
      fail(
        'NEGATIVE_AMOUNT',
        'La cantidad no puede ser negativa salvo en una rectificativa por diferencias.',
        'quantityMilli',
      );
    }
    if (line.unitPriceCents < 0) {
      fail(
        'NEGATIVE_AMOUNT',
        'El precio no puede ser negativo salvo en una rectificativa por diferencias.',
        'unitPriceCents',
      );
    }
  }
  if (line.discountBp < 0 || line.discountBp > 10_000) {
    fail('DISCOUNT_OUT_OF_RANGE', 'El descuento debe estar entre el 0 % y el 100 %.', 'discountBp');
  }
  if (line.ossCountry !== undefined) {
    checkOssLine(line, input, fail);
    return;
  }
  if (!VAT_RATE_BPS.includes(line.vatRateBp)) {
    fail('UNKNOWN_VAT_RATE', 'El tipo de IVA no es válido.', 'vatRateBp');
  }
  if (line.recargo && !input.recargoEquivalencia) {
    // Art. 154 LIVA: recargo is charged only to retailers in the regime.
    fail('RECARGO_WITHOUT_REGIME', 'El cliente no está en el régimen de recargo de equivalencia.', 'recargo');
  }
  if (line.recargoRateBp !== undefined && !allowedRecargoBps(line.vatRateBp).includes(line.recargoRateBp)) {
    fail(
      'UNKNOWN_RECARGO_RATE',
      'El tipo de recargo de equivalencia no corresponde al tipo de IVA.',
      'recargoRateBp',
    );
  }
}

/**
 * An OSS line: not subject in Spain by the place-of-supply rules (N2) and charged at a rate of the
 * member state of consumption in force on the operation date (a Spanish rate abroad is refused).
 */
function checkOssLine(
  line: Line,
  input: Input,
  fail: (reason: InvoiceTotalsErrorReason, message: string, name: string) => never,
): void {
  const country = line.ossCountry as string;
  if (!isOssMemberState(country) || line.operation !== 'N2') {
    fail(
      'OSS_COUNTRY',
      'La ventanilla única (OSS) es para operaciones no sujetas en España con destino a otro Estado miembro de la UE.',
      'ossCountry',
    );
  }
  if (line.recargo || line.recargoRateBp !== undefined) {
    fail(
      'RECARGO_WITHOUT_REGIME',
      'Una venta acogida a la ventanilla única no lleva recargo de equivalencia.',
      'recargo',
    );
  }
  if (!isOssRate(country, line.vatRateBp, input.operationDate)) {
    fail(
      'UNKNOWN_OSS_RATE',
      `El tipo de IVA no es uno de los vigentes en el Estado miembro de consumo (${country}) en la fecha de la operación.`,
      'vatRateBp',
    );
  }
}

/** One rounding per line, in BigInt: the numerator can exceed 2^53 for large quantities and prices. */
function lineBase(line: Line, i: number): number {
  const base = roundHalfUpBig(
    BigInt(line.quantityMilli) * BigInt(line.unitPriceCents) * BigInt(10_000 - line.discountBp),
    10_000_000n,
  );
  if (base > BigInt(Number.MAX_SAFE_INTEGER) || base < BigInt(Number.MIN_SAFE_INTEGER)) {
    throw new InvoiceTotalsError(
      'AMOUNT_TOO_LARGE',
      'El importe de la línea es demasiado grande.',
      `lines.${i}`,
    );
  }
  return Number(base);
}

function appliedRates(line: Line, input: Input): { vatRateBp: number; recargoRateBp: number } {
  // OSS: the VAT of the member state of consumption (checkOssLine), never recargo.
  if (line.ossCountry !== undefined) return { vatRateBp: line.vatRateBp, recargoRateBp: 0 };
  if (!chargesVat(line.operation)) return { vatRateBp: 0, recargoRateBp: 0 };
  const withRecargo = line.recargo && input.recargoEquivalencia;
  const recargoRateBp = withRecargo ? (line.recargoRateBp ?? allowedRecargoBps(line.vatRateBp)[0]!) : 0;
  return { vatRateBp: line.vatRateBp, recargoRateBp };
}

/**
 * Fixed order: S1 by rate descending, then S2, N1, N2 (the OSS groups by member state after the
 * others), E1–E6; so line order never changes the output.
 */
function compareGroups(a: VatBreakdownGroup, b: VatBreakdownGroup): number {
  const op = OPERATION_KINDS.indexOf(a.operation) - OPERATION_KINDS.indexOf(b.operation);
  const oss = (a.ossCountry ?? '').localeCompare(b.ossCountry ?? '');
  return op || oss || b.vatRateBp - a.vatRateBp || b.recargoRateBp - a.recargoRateBp;
}

/** Text an invoice under the one-stop shop carries (the VAT charged is the member state of consumption's). */
export const OSS_MENTION =
  'Régimen especial de ventanilla única (OSS): IVA del Estado miembro de consumo, declarado en el modelo 369';

function legalMentionsOf(breakdown: VatBreakdownGroup[], input: Input): string[] {
  const mentions: string[] = [];
  for (const op of OPERATION_KINDS) {
    const text = OPERATIONS[op].legalMention;
    // An OSS group is not subject in Spain but charges VAT abroad: it has its own mention.
    if (text && breakdown.some((g) => g.operation === op && g.ossCountry === undefined)) mentions.push(text);
  }
  if (breakdown.some((g) => g.ossCountry !== undefined)) mentions.push(OSS_MENTION);
  if (breakdown.some((g) => g.recargoRateBp > 0)) mentions.push(RECARGO_MENTION);
  if (input.cashAccounting) mentions.push(CASH_ACCOUNTING_MENTION);
  return mentions;
}

export function computeInvoiceTotals(raw: InvoiceTotalsInput): InvoiceTotals {
  const input = parse(raw);
  const irpfRateBp = input.irpfRateBp ?? 0;
  if (irpfRateBp < 0 || irpfRateBp > 10_000) {
    throw new InvoiceTotalsError(
      'IRPF_OUT_OF_RANGE',
      'El tipo de retención de IRPF no es válido.',
      'irpfRateBp',
    );
  }
  for (const [i, line] of input.lines.entries()) checkLine(line, i, input);

  const lineBasesCents = input.lines.map(lineBase);
  const groups = new Map<string, VatBreakdownGroup & { bases: number[] }>();
  input.lines.forEach((line, i) => {
    const rates = appliedRates(line, input);
    const key = `${line.operation}|${rates.vatRateBp}|${rates.recargoRateBp}|${line.ossCountry ?? ''}`;
    const group = groups.get(key) ?? {
      operation: line.operation,
      ...rates,
      ...(line.ossCountry !== undefined ? { ossCountry: line.ossCountry } : {}),
      baseCents: 0,
      vatCents: 0,
      recargoCents: 0,
      bases: [],
    };
    group.bases.push(lineBasesCents[i]!);
    groups.set(key, group);
  });

  const breakdown = [...groups.values()]
    .map(({ bases, ...g }): VatBreakdownGroup => {
      const baseCents = sumCents(bases);
      // Art. 10 RD 1619/2012: one rounding per grouped base, never a sum of per-line quotas.
      return {
        ...g,
        baseCents,
        vatCents: applyBp(baseCents, g.vatRateBp),
        recargoCents: applyBp(baseCents, g.recargoRateBp),
      };
    })
    .sort(compareGroups);

  const baseCents = sumCents(lineBasesCents);
  const vatCents = sumCents(breakdown.map((g) => g.vatCents));
  const recargoCents = sumCents(breakdown.map((g) => g.recargoCents));
  const irpfBaseCents = sumCents(lineBasesCents.filter((_, i) => input.lines[i]!.irpf));
  const irpfCents = applyBp(irpfBaseCents, irpfRateBp);
  return {
    baseCents,
    vatCents,
    recargoCents,
    irpfCents,
    totalCents: sumCents([baseCents, vatCents, recargoCents, -irpfCents]),
    irpfBaseCents,
    lineBasesCents,
    breakdown,
    legalMentions: legalMentionsOf(breakdown, input),
  };
}
