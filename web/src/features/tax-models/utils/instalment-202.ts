/**
 * The 202's basis (art. 40 LIS; issue 15), as the preview page's editor holds it (typed text) and as
 * the API takes it (`Instalment202Input`: céntimos and basis points). Method 40.2 takes the base of the
 * last IS return; 40.3 the taxable base of the months elapsed, the withholdings, the earlier
 * instalments and the company's tax rate. The previous year's turnover counts for both: above 6 M€ the
 * 40.3 is compulsory. The checks and their words are the model's own (shared/fiscal/models/model-202.ts
 * `paramIssues`, `method402`). Only the chosen method's fields are sent. Pure.
 */

import { INSTALMENT_202_RULES, instalment202Rule } from '@shared/fiscal/models/model-202';
import type { Instalment202Input, ModelAdjustments } from '@shared/fiscal/models/types';
import { formatEuros } from '@shared/fiscal/money';
import { bpToInput, centsToInput, parseEurosToCents, parsePercentToBp } from '@web/lib/money-input';

export type Method202 = Instalment202Input['method'];

export const INSTALMENT_FIELDS = [
  'lastReturnBase',
  'periodBase',
  'previousYearTurnover',
  'withholdings',
  'previousInstalments',
  'taxRate',
] as const;
export type InstalmentField = (typeof INSTALMENT_FIELDS)[number];

export interface Instalment202Draft {
  /** null = as stored, else the model's default (40.2). */
  method: Method202 | null;
  /** Euros (the tax rate: percent); '' = not given. */
  fields: Record<InstalmentField, string>;
  /** The stored adjustments hold a basis: it is sent again as edited. */
  stored: boolean;
}

/** What each method sends, in the order the editor shows them. */
export const METHOD_FIELDS: Record<Method202, readonly InstalmentField[]> = {
  '40.2': ['lastReturnBase', 'previousYearTurnover'],
  '40.3': ['periodBase', 'previousYearTurnover', 'withholdings', 'previousInstalments', 'taxRate'],
};

export const INSTALMENT_LABELS: Record<InstalmentField, string> = {
  lastReturnBase: 'Cuota del último Impuesto sobre Sociedades minorada',
  periodBase: 'Base imponible de los meses transcurridos',
  previousYearTurnover: 'Cifra de negocios del año anterior',
  withholdings: 'Retenciones e ingresos a cuenta del período',
  previousInstalments: 'Pagos fraccionados anteriores del ejercicio',
  taxRate: 'Tipo de gravamen',
};

export const METHOD_LABELS: Record<Method202, string> = {
  '40.2': 'Art. 40.2 LIS: 18 % de la cuota del último ejercicio',
  '40.3': 'Art. 40.3 LIS: sobre la base imponible del período',
};

/** The API's name of each field. */
const API_FIELDS: Record<InstalmentField, keyof Omit<Instalment202Input, 'method'>> = {
  lastReturnBase: 'lastReturnBaseCents',
  periodBase: 'periodBaseCents',
  previousYearTurnover: 'previousYearTurnoverCents',
  withholdings: 'withholdingsCents',
  previousInstalments: 'previousInstalmentsCents',
  taxRate: 'taxRateBp',
};

const isRate = (f: InstalmentField) => f === 'taxRate';
/** [13] may be a loss; the rest are never negative. */
const isSigned = (f: InstalmentField) => f === 'periodBase';

export function initialInstalmentDraft(adjustments: ModelAdjustments | undefined): Instalment202Draft {
  const p = adjustments?.instalment202;
  const fields = {} as Record<InstalmentField, string>;
  for (const f of INSTALMENT_FIELDS) {
    const v = p?.[API_FIELDS[f]];
    fields[f] = v === undefined ? '' : isRate(f) ? bpToInput(v) : centsToInput(v);
  }
  return { method: p?.method ?? null, fields, stored: p !== undefined };
}

const looksNegative = (text: string) => /^\s*[-−]/.test(text);

/** The turnover above which the 40.3 is compulsory in `year` (art. 40.3 LIS: 6 M€). */
function compulsoryTurnover(year: number | undefined): number {
  const rule = (year === undefined ? undefined : instalment202Rule(year)) ?? INSTALMENT_202_RULES.at(-1);
  return rule?.compulsoryTurnoverCents ?? 600_000_000;
}

/**
 * The 202's adjustments from the draft, or the messages of the fields that are not valid (keys:
 * 'instalment.taxRate', 'instalment.previousYearTurnover'…). Nothing is sent while nothing is chosen
 * nor typed (the model then computes the 40.2 and asks for its base).
 */
export function instalmentDraftToAdjustments(
  draft: Instalment202Draft,
  year?: number,
): { adjustments: Pick<ModelAdjustments, 'instalment202'>; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const method: Method202 = draft.method ?? '40.2';
  const shown = METHOD_FIELDS[method];
  const typed = shown.some((f) => draft.fields[f].trim() !== '');
  if (draft.method === null && !typed && !draft.stored) return { adjustments: {}, errors };
  const input: Instalment202Input = { method };
  for (const f of shown) {
    const text = draft.fields[f];
    if (!text.trim()) continue;
    const key = `instalment.${f}`;
    if (isRate(f)) {
      const bp = parsePercentToBp(text);
      if (bp === null) errors[key] = 'El tipo de gravamen debe estar entre el 0 % y el 100 %.';
      else input.taxRateBp = bp;
      continue;
    }
    const cents = parseEurosToCents(text, { allowNegative: isSigned(f) });
    if (cents !== null)
      input[API_FIELDS[f] as Exclude<keyof Instalment202Input, 'method' | 'taxRateBp'>] = cents;
    else if (looksNegative(text)) errors[key] = `${INSTALMENT_LABELS[f]} no puede ser negativo`;
    else errors[key] = 'Indica un importe en euros, por ejemplo 1.234,56';
  }
  const limit = compulsoryTurnover(year);
  if (method === '40.2' && (input.previousYearTurnoverCents ?? 0) > limit) {
    errors['instalment.method'] =
      `Con una cifra de negocios superior a ${formatEuros(limit)} en los 12 meses anteriores, el pago fraccionado se calcula sobre la base imponible del período (art. 40.3 LIS).`;
  }
  return { adjustments: { instalment202: input }, errors };
}

/** The draft field of an API field of the 202 (`instalment202.taxRateBp` → `instalment.taxRate`). */
export function instalmentFieldOfApiField(parts: readonly string[]): string | null {
  const [head, second] = parts;
  if (head !== 'instalment202') return null;
  const field = INSTALMENT_FIELDS.find((f) => API_FIELDS[f] === second);
  return field ? `instalment.${field}` : 'instalment.method';
}
