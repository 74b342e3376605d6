/**
 * The recipients the person adds to an annual withholding summary (190, 180, 193, 296; issue 15): those
 * the books do not know (employees while payroll runs elsewhere, landlords or lenders paid outside the
 * books), as the preview page's editor holds them (typed text) and as the API takes them
 * (`AnnualRecipientInput`, céntimos). The checks and their words are the summaries' own
 * (shared/fiscal/models/annual-withholdings.ts `invalidEntered`, the models' `parseKey…`): a valid
 * Spanish NIF (a 296 recipient resident abroad: the tax id of the country of residence), the name, a
 * key of the model, amounts not negative and not all zero, a province code, the payments in kind only
 * on the 190, no NIF and key twice. What the editor does not show of a stored recipient (postal code,
 * the 180's property, the 296's address and accrual date) is kept as it was. Pure.
 */

import { provinceOfPostalCode } from '@shared/fiscal/models/annual-withholdings';
import { parseKey180 } from '@shared/fiscal/models/model-180';
import { parseKey190 } from '@shared/fiscal/models/model-190';
import { parseKey193 } from '@shared/fiscal/models/model-193';
import { parseKey296 } from '@shared/fiscal/models/model-296';
import type { AnnualRecipientInput, ModelAdjustments, TaxModelType } from '@shared/fiscal/models/types';
import { validateTaxId } from '@shared/fiscal/nif';
import { WITHHOLDING_KIND_INFO, WITHHOLDING_KINDS } from '@shared/fiscal/withholdings';
import { centsToInput, parseEurosToCents } from '@web/lib/money-input';

export const SUMMARY_MODELS = ['190', '180', '193', '296'] as const;
export type SummaryModelType = (typeof SUMMARY_MODELS)[number];

export const isSummaryModel = (modelType: TaxModelType): modelType is SummaryModelType =>
  (SUMMARY_MODELS as readonly string[]).includes(modelType);

/** The typed fields of a recipient. */
export const RECIPIENT_FIELDS = [
  'nif',
  'name',
  'province',
  'country',
  'key',
  'base',
  'withholding',
  'inKindValue',
  'inKindWithholding',
] as const;
export type RecipientField = (typeof RECIPIENT_FIELDS)[number];

/** What the editor does not show of a stored recipient, sent back as it was. */
type Kept = Omit<
  AnnualRecipientInput,
  | 'nif'
  | 'name'
  | 'province'
  | 'country'
  | 'key'
  | 'baseCents'
  | 'withholdingCents'
  | 'inKindValueCents'
  | 'inKindWithholdingCents'
>;

/** One recipient as typed (amounts in euros es-ES). `id` keeps React's rows apart. */
export type RecipientDraft = { id: number; kept: Kept } & Record<RecipientField, string>;

export interface RecipientsDraft {
  rows: RecipientDraft[];
  /** The stored adjustments hold a list: emptied by the person, the empty list is sent. */
  stored: boolean;
}

/** What differs between the four summaries on the editor (annual-withholdings.ts SummaryRules). */
export interface SummaryEditorRules {
  parseKey: (raw: string) => { key: string; subkey: string; error?: string };
  /** The design writes the recipient's province (190, 180, 193). */
  province: boolean;
  /** Province codes valid besides 01-52 (190: 98, residents abroad). */
  extraProvinces: readonly string[];
  /** The 190 alone declares payments in kind. */
  inKind: boolean;
  /** 296: the recipient's country of residence, and a foreign tax id without a Spanish NIF. */
  foreign: boolean;
  /** The key of a new row. */
  defaultKey: string;
}

export const SUMMARY_EDITOR_RULES: Record<SummaryModelType, SummaryEditorRules> = {
  '190': {
    parseKey: parseKey190,
    province: true,
    extraProvinces: ['98'],
    inKind: true,
    foreign: false,
    // Entered recipients of the 190 are mostly employees while payroll runs elsewhere (clave A).
    defaultKey: 'A',
  },
  '180': {
    parseKey: parseKey180,
    province: true,
    extraProvinces: [],
    inKind: false,
    foreign: false,
    defaultKey: '-',
  },
  '193': {
    parseKey: parseKey193,
    province: true,
    extraProvinces: [],
    inKind: false,
    foreign: false,
    defaultKey: WITHHOLDING_KIND_INFO.CAPITAL.defaultKey,
  },
  '296': {
    parseKey: parseKey296,
    province: false,
    extraProvinces: [],
    inKind: false,
    foreign: true,
    defaultKey: WITHHOLDING_KIND_INFO.NON_RESIDENT.defaultKey,
  },
};

/**
 * The 190's keys of work income, which no withholding kind of the invoices carries (payroll is not in
 * the books): A employees (no subkey), B pensions, C unemployment benefits, D directors
 * (model-190.ts PERCEPTION_KEYS_190; labels after the AEAT's 190 instructions).
 */
const WORK_KEYS_190 = [
  { key: 'A', label: 'A Empleados por cuenta ajena' },
  { key: 'B01', label: 'B.01 Pensiones y haberes pasivos' },
  { key: 'C01', label: 'C.01 Prestaciones o subsidios por desempleo' },
  { key: 'D', label: 'D Consejeros y administradores' },
];

/**
 * The keys the select offers for a model: the keys of the withholding kinds whose annual summary it is
 * (shared/fiscal/withholdings.ts), the 190's work keys first; a stored key not listed is kept.
 */
export function keyOptions(model: SummaryModelType, current?: string): { value: string; label: string }[] {
  const kinds = WITHHOLDING_KINDS.filter((k) => WITHHOLDING_KIND_INFO[k].summaryModel === model);
  const listed = [
    ...(model === '190' ? WORK_KEYS_190 : []),
    ...kinds.flatMap((k) => WITHHOLDING_KIND_INFO[k].keys),
  ];
  const options = listed.map((k) => ({ value: k.key, label: k.label }));
  if (current && !options.some((o) => o.value === current))
    options.unshift({ value: current, label: current });
  return options;
}

let nextId = 1;
export const emptyRecipient = (model: SummaryModelType): RecipientDraft => ({
  id: nextId++,
  kept: {},
  nif: '',
  name: '',
  province: '',
  country: '',
  key: SUMMARY_EDITOR_RULES[model].defaultKey,
  base: '',
  withholding: '',
  inKindValue: '',
  inKindWithholding: '',
});

const centsText = (cents: number | undefined) => (cents === undefined ? '' : centsToInput(cents));

export function initialRecipientsDraft(adjustments: ModelAdjustments | undefined): RecipientsDraft {
  const list = adjustments?.annualRecipients;
  return {
    rows: (list ?? []).map((r) => {
      const {
        nif,
        name,
        province,
        country,
        key,
        baseCents,
        withholdingCents,
        inKindValueCents,
        inKindWithholdingCents,
        ...kept
      } = r;
      return {
        id: nextId++,
        kept,
        nif,
        name,
        province: province ?? '',
        country: country ?? '',
        key,
        base: centsToInput(baseCents),
        withholding: centsToInput(withholdingCents),
        inKindValue: centsText(inKindValueCents),
        inKindWithholding: centsText(inKindWithholdingCents),
      };
    }),
    stored: list !== undefined,
  };
}

// --- checks -------------------------------------------------------------------------------------

/** A row the person left wholly empty (the key is pre-filled) is not sent. */
const isBlank = (r: RecipientDraft) =>
  RECIPIENT_FIELDS.every((f) => f === 'key' || r[f].trim() === '') && Object.keys(r.kept).length === 0;

/** The rows sent, with their index in the draft. */
export const sentRecipients = (rows: readonly RecipientDraft[]) =>
  rows.map((row, index) => ({ row, index })).filter(({ row }) => !isBlank(row));

const PROVINCE = /^(0[1-9]|[1-4]\d|5[0-2])$/;
const looksNegative = (text: string) => /^\s*[-−]/.test(text);
const AMOUNT_HELP = 'Indica un importe en euros, por ejemplo 1.234,56';
const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A euro field of a recipient: céntimos (0 when empty), or null with its message under `key`. */
function cents(text: string, key: string, negative: string, errors: Record<string, string>): number | null {
  if (!text.trim()) return 0;
  const value = parseEurosToCents(text);
  if (value !== null) return value;
  errors[key] = looksNegative(text) ? negative : AMOUNT_HELP;
  return null;
}

/**
 * A 296 recipient named by the tax id of the country of residence: a country other than Spain and an
 * id that is not a Spanish NIF (annual-withholdings.ts `isForeignId`).
 */
const isForeignId = (r: RecipientDraft, rules: SummaryEditorRules) => {
  const country = r.country.trim().toUpperCase();
  return rules.foreign && country !== '' && country !== 'ES' && !validateTaxId(r.nif).valid;
};

function parseRecipient(
  model: SummaryModelType,
  row: RecipientDraft,
  index: number,
  errors: Record<string, string>,
  seen: Set<string>,
): AnnualRecipientInput | null {
  const rules = SUMMARY_EDITOR_RULES[model];
  const at = `recipients.${index}`;
  const before = Object.keys(errors).length;
  const country = row.country.trim().toUpperCase();
  if (rules.foreign && country && !/^[A-Z]{2}$/.test(country)) {
    errors[`${at}.country`] = 'El país de residencia debe ser un código de 2 letras';
  }
  const foreign = isForeignId(row, rules);
  const typedNif = row.nif.trim();
  if (foreign) {
    if (!typedNif || typedNif.length > 20) {
      errors[`${at}.nif`] =
        'El número de identificación fiscal del país de residencia es obligatorio (20 caracteres como máximo)';
    }
  } else if (!typedNif) {
    errors[`${at}.nif`] = 'Indica el NIF del perceptor';
  } else if (!validateTaxId(typedNif).valid) {
    errors[`${at}.nif`] = `El NIF ${typedNif} no es válido`;
  }
  const name = row.name.trim();
  if (!name) errors[`${at}.name`] = 'Falta el nombre o la razón social';
  const key = row.key.trim().toUpperCase();
  const parsed = rules.parseKey(key);
  if (parsed.error) errors[`${at}.key`] = capitalize(parsed.error);
  const base = cents(row.base, `${at}.base`, 'La base debe ser un importe mayor o igual que cero', errors);
  const withholding = cents(
    row.withholding,
    `${at}.withholding`,
    'La retención debe ser un importe mayor o igual que cero',
    errors,
  );
  let inKindValue: number | null = 0;
  let inKindWithholding: number | null = 0;
  if (rules.inKind) {
    const negative = 'Los importes en especie deben ser mayores o iguales que cero';
    inKindValue = cents(row.inKindValue, `${at}.inKindValue`, negative, errors);
    inKindWithholding = cents(row.inKindWithholding, `${at}.inKindWithholding`, negative, errors);
  }
  const province = row.province.trim();
  if (rules.province && province && !PROVINCE.test(province) && !rules.extraProvinces.includes(province)) {
    errors[`${at}.province`] = `La provincia ${province} no es un código de provincia (01 a 52)`;
  }
  if (base === 0 && withholding === 0 && inKindValue === 0 && !errors[`${at}.base`]) {
    errors[`${at}.base`] = 'El perceptor no tiene importes';
  }
  const nif = foreign ? typedNif.toUpperCase() : validateTaxId(typedNif).normalized;
  const id = `${foreign ? `~${nif}` : nif}|${parsed.key}|${parsed.subkey}`;
  if (!errors[`${at}.nif`] && !parsed.error && seen.has(id)) {
    errors[`${at}.nif`] = 'Está repetido con el mismo NIF y clave';
  }
  seen.add(id);
  if (Object.keys(errors).length > before || base === null || withholding === null) return null;
  return {
    ...row.kept,
    nif,
    name,
    ...(rules.province && province ? { province } : {}),
    ...(rules.foreign && country ? { country } : {}),
    key,
    baseCents: base,
    withholdingCents: withholding,
    ...(rules.inKind && inKindValue ? { inKindValueCents: inKindValue } : {}),
    ...(rules.inKind && inKindWithholding ? { inKindWithholdingCents: inKindWithholding } : {}),
  };
}

/**
 * The summary's entered recipients from the draft, or the messages of the fields that are not valid
 * (keys: 'recipients.0.nif', 'recipients.1.base'…).
 */
export function recipientsDraftToAdjustments(
  model: SummaryModelType,
  draft: RecipientsDraft,
): { adjustments: Pick<ModelAdjustments, 'annualRecipients'>; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const seen = new Set<string>();
  const sent = sentRecipients(draft.rows);
  const parsed = sent.map(({ row, index }) => parseRecipient(model, row, index, errors, seen));
  if (sent.length === 0 && !draft.stored) return { adjustments: {}, errors };
  return {
    adjustments: { annualRecipients: parsed.filter((r): r is AnnualRecipientInput => r !== null) },
    errors,
  };
}

/** The province a recipient's postal code gives, shown when the province is left empty. */
export const provinceHint = (row: RecipientDraft): string | undefined =>
  provinceOfPostalCode(row.kept.postalCode);

const API_RECIPIENT_FIELDS: Record<string, RecipientField> = {
  nif: 'nif',
  name: 'name',
  province: 'province',
  country: 'country',
  key: 'key',
  baseCents: 'base',
  withholdingCents: 'withholding',
  inKindValueCents: 'inKindValue',
  inKindWithholdingCents: 'inKindWithholding',
};

/** The draft field of an API field of a summary (`annualRecipients.1.nif` → `recipients.3.nif`). */
export function recipientsFieldOfApiField(parts: readonly string[], draft: RecipientsDraft): string | null {
  const [head, second, third] = parts;
  if (head !== 'annualRecipients') return null;
  const row = second === undefined ? undefined : sentRecipients(draft.rows)[Number(second)];
  if (!row) return 'recipients.list';
  const field = third ? API_RECIPIENT_FIELDS[third] : undefined;
  return `recipients.${row.index}.${field ?? 'nif'}`;
}
