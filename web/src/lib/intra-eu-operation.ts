/**
 * Determinadas operaciones intracomunitarias (art. 66.1 RIVA; the SII's book OI): the optional part
 * of an issued or a received invoice that sends it to that book too. The form's values and what
 * they become (`intraEuOperation` of the invoice and received-invoice bodies,
 * shared/schemas/intra-eu-operation.ts). The fields are web/src/components/intra-eu-operation-fields.tsx.
 */
import { ISO_COUNTRIES, isEuCountry } from '@shared/schemas/countries';
import type { IntraEuOperation } from '@shared/schemas/intra-eu-operation';

/** TipoOperacion of the book OI (SuministroInformacion.xsd). */
export const INTRA_EU_OPERATION_TYPE_LABELS: Record<IntraEuOperation['operationType'], string> = {
  A: 'A · Envío o recepción de bienes para informes periciales o trabajos (art. 70.Uno.7º LIVA)',
  B: 'B · Transferencias y adquisiciones de los arts. 9.3º y 16.2º LIVA',
};

/** Lengths of SuministroInformacion.xsd (DescripcionBienes, DireccionOperador, FacturasODocumentacion). */
export const INTRA_EU_LIMITS = { goodsDescription: 40, operatorAddress: 120, invoicesOrDocuments: 150 };

const regionNames = (() => {
  try {
    return new Intl.DisplayNames(['es'], { type: 'region' });
  } catch {
    return null;
  }
})();

/** A country's Spanish name ('DE' → 'Alemania'), or its code where the browser has no names. */
export const countryName = (code: string): string => regionNames?.of(code) ?? code;

/** The other member states (the operation crosses to or from one of them), by Spanish name. */
export const MEMBER_STATE_OPTIONS: { value: string; label: string }[] = [...ISO_COUNTRIES]
  .filter((code) => code !== 'ES' && isEuCountry(code))
  .map((code) => ({ value: code, label: `${countryName(code)} (${code})` }))
  .sort((a, b) => a.label.localeCompare(b.label, 'es'));

const INTRA_EU_FIELDS = {
  operationType: true,
  memberState: true,
  termDays: true,
  goodsDescription: true,
  operatorAddress: true,
  invoicesOrDocuments: true,
} as const satisfies Record<keyof IntraEuOperation, true>;

/** The section's values: `enabled` says the invoice carries an operation of the book. */
export interface IntraEuOperationValues {
  enabled?: boolean;
  operationType?: IntraEuOperation['operationType'];
  memberState?: string;
  termDays?: number | null;
  goodsDescription?: string;
  operatorAddress?: string;
  invoicesOrDocuments?: string;
}

/** An invoice's operation back into the form (closed and empty without one). */
export function intraEuValuesOf(op: IntraEuOperation | null | undefined): IntraEuOperationValues {
  if (!op) return { enabled: false };
  return {
    enabled: true,
    operationType: op.operationType,
    memberState: op.memberState,
    termDays: op.termDays ?? null,
    goodsDescription: op.goodsDescription,
    operatorAddress: op.operatorAddress,
    invoicesOrDocuments: op.invoicesOrDocuments ?? '',
  };
}

/** The body's `intraEuOperation`: null when the section is off (the API stores none then). */
export function toIntraEuOperation(v: IntraEuOperationValues | undefined): IntraEuOperation | null {
  if (!v?.enabled || !v.operationType) return null;
  const documents = v.invoicesOrDocuments?.trim();
  return {
    operationType: v.operationType,
    memberState: (v.memberState ?? '').trim().toUpperCase(),
    ...(typeof v.termDays === 'number' ? { termDays: v.termDays } : {}),
    goodsDescription: (v.goodsDescription ?? '').trim(),
    operatorAddress: (v.operatorAddress ?? '').trim(),
    ...(documents ? { invoicesOrDocuments: documents } : {}),
  };
}

/** `intraEuOperation.memberState` (an API error's field) → the form's name path under `name`. */
export function intraEuFormField(apiField: string, name = 'intraEuOperation'): (string | number)[] | null {
  const [head, field] = apiField.split('.');
  if (head !== 'intraEuOperation') return null;
  return [name, field && field in INTRA_EU_FIELDS ? field : 'operationType'];
}
