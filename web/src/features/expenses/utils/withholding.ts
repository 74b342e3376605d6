/**
 * The kind and perception key of the IRPF a company withholds from a supplier (issue 15 item 1): which
 * return pays it in (111 professionals, 115 rents, 123 capital, 216 non-residents) and which key of the
 * annual summary declares the supplier (190 'G01'…). The kinds, their keys and usual rates are data
 * (shared/fiscal/withholdings.ts); this file only words them for the forms. Pure.
 */
import {
  canonicalWithholdingKey,
  isKeyOfKind,
  WITHHOLDING_KIND_INFO,
  WITHHOLDING_KINDS,
  type WithholdingKind,
  withholdingRateOn,
} from '@shared/fiscal/withholdings';
import { formatPercentInput, parsePercentInput } from '@web/lib/money-input';

export const WITHHOLDING_KIND_OPTIONS = WITHHOLDING_KINDS.map((kind) => ({
  value: kind,
  label: WITHHOLDING_KIND_INFO[kind].label,
}));

/** The keys of a kind, as the select offers them ('G.01 Actividades profesionales (tipo general)'). */
export const withholdingKeyOptions = (kind: WithholdingKind | undefined) =>
  kind ? WITHHOLDING_KIND_INFO[kind].keys.map((k) => ({ value: k.key, label: k.label })) : [];

/** The key kept when the kind changes: the current one when the kind has it, else the kind's default. */
export const keyForKind = (kind: WithholdingKind, key: string | null | undefined): string => {
  // A supplier stored before the official 193/296 keys carries an internal one ('DIV'): read it as its key.
  const canonical = key ? canonicalWithholdingKey(kind, key) : key;
  return canonical && isKeyOfKind(kind, canonical) ? canonical : WITHHOLDING_KIND_INFO[kind].defaultKey;
};

/** Whether a typed rate carries a withholding (more than 0 %). */
export const withholds = (rateText: string | undefined): boolean =>
  (parsePercentInput(rateText ?? '') ?? 0) > 0;

/** Whether nothing was typed as the rate yet ('' or 0): a kind picked then suggests its usual rate. */
export const rateUnset = (rateText: string | undefined): boolean =>
  !rateText?.trim() || parsePercentInput(rateText) === 0;

/**
 * The usual rate of a kind on a date, as the rate field shows it ('19' for rents, art. 101.8 LIRPF;
 * '15' for professionals): undefined when the data lists none for the date.
 */
export function suggestedRate(kind: WithholdingKind, isoDate: string): string | undefined {
  const bp = withholdingRateOn(kind, isoDate);
  return bp === undefined ? undefined : formatPercentInput(bp);
}
