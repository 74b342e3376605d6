/**
 * The annual withholding summaries with one record per recipient (issue 15 items 2, 5, 7): 190 (IRPF on
 * work, economic activities and prizes), 180 (rents of urban properties), 193 (movable capital) and 296
 * (non-residents without a permanent establishment). Shared machinery of ./model-190.ts, ./model-180.ts,
 * ./model-193.ts and ./model-296.ts. Pure; amounts in céntimos.
 *
 * A summary is Σ over the year's four quarters (`input.quarters`, '1T'..'4T') of the RECEIVED book's
 * recipient lines `W|<kind>|<key>` (aggregate grammar v4, ../aggregate-keys.ts) of the withholding kinds
 * it summarises (../withholdings.ts `summaryModel`), grouped per recipient (`counterpartyKey`) and key (a
 * legacy internal key read as the real one it stands for, ../withholdings.ts `canonicalWithholdingKey`):
 * one record each, its base the withholding base and its withholding the amount withheld. The person adds
 * the recipients the books do not know (`adjustments.annualRecipients`: employees while payroll runs
 * elsewhere, landlords paid outside the books…), validated and refused when the books already declare
 * the same NIF and key. The recipient's NIF comes from the counterparty key as the 347 reads it: the
 * Spanish NIF itself, or `<country>:<type>:<value>` for a foreign id (../tax-aggregates.ts
 * `counterpartyKeyOf`).
 */

import { parseWithholdingOpKey } from '../aggregate-keys';
import { formatEuros, roundHalfUp, sumCents } from '../money';
import { validateTaxId } from '../nif';
import { UNIDENTIFIED_COUNTERPARTY } from '../tax-aggregates';
import { canonicalWithholdingKey, isWithholdingKind, WITHHOLDING_KIND_INFO } from '../withholdings';
import { QUARTER_PERIODS } from './periods';
import type { AnnualRecipientInput, DeclaredRecord, ModelInput, ModelIssue, PeriodLines } from './types';

export type SummaryModel = '190' | '180' | '193' | '296';

/** A key split as the record carries it, or why it is not one of the model's. */
export interface ParsedKey {
  key: string;
  subkey: string;
  /** Spanish: why the key is not one of the model's (the record is still declared, with this error). */
  error?: string;
}

/** What differs between the four summaries. */
export interface SummaryRules {
  model: SummaryModel;
  /** Splits the key of a `W|…` line or an entered recipient into the record's key and subkey. */
  parseKey(raw: string): ParsedKey;
  /** 296: a recipient may be identified by the tax id of the country of residence alone. */
  foreignRecipients: boolean;
  /** The design writes the recipient's province (190, 180, 193). */
  province: boolean;
  /** Province codes valid besides 01-52 (190: 98, residents abroad of arts. 8.2 and 10 LIRPF). */
  extraProvinces?: readonly string[];
  /** The 190 alone declares payments in kind apart (the others declare money only). */
  inKind: boolean;
  /** Why an entered recipient's model-specific data cannot be written (Spanish), or undefined. */
  validate?(recipient: AnnualRecipientInput): string | undefined;
  /**
   * Fills the model's own fields of a record (rate, property, accrual…) and lists what the design asks
   * for that the data does not give (one WARNING per record names them).
   */
  complete(record: DeclaredRecord, context: RecordContext): string[];
}

export interface RecordContext {
  year: number;
  /** The entered recipient the record comes from (absent for the books' records). */
  entered?: AnnualRecipientInput;
  /** The quarters (0-3) with lines of this recipient and key. */
  quarters: number[];
}

export interface AnnualSummary {
  /** Sorted by recipient tax id, key and subkey. */
  records: DeclaredRecord[];
  issues: ModelIssue[];
  /** `RECEIVED:<opKey>` of the lines summed into the records. */
  sources: string[];
}

/** Spanish names of the four summaries, for messages. */
export const SUMMARY_NAMES: Record<SummaryModel, string> = {
  '190': 'modelo 190',
  '180': 'modelo 180',
  '193': 'modelo 193',
  '296': 'modelo 296',
};

// ---------------------------------------------------------------------------------------------------------
// Small helpers

/** INE province codes 01-52 (the list of the AEAT designs, e.g. DR190 "Código provincia"). */
const PROVINCE = /^(0[1-9]|[1-4]\d|5[0-2])$/;

/**
 * The province of a Spanish postal code: its first two digits are the INE province code (01-52); undefined
 * for anything else.
 */
export function provinceOfPostalCode(postalCode: string | undefined): string | undefined {
  const code = (postalCode ?? '').trim();
  return /^\d{5}$/.test(code) && PROVINCE.test(code.slice(0, 2)) ? code.slice(0, 2) : undefined;
}

const isProvince = (value: string, rules: SummaryRules) =>
  PROVINCE.test(value) || (rules.extraProvinces ?? []).includes(value);

/** The withholding rate a record shows (its "% retención"): withheld ÷ base, in basis points, rounded once. */
export const rateOf = (baseCents: number, withholdingCents: number): number =>
  baseCents > 0 ? roundHalfUp(withholdingCents * 10_000, baseCents) : 0;

/** Whether a Spanish NIF names an individual (DNI, NIE, K/L/M) or an entity (CIF). */
export function personTypeOfNif(nif: string): 'F' | 'J' | undefined {
  const r = validateTaxId(nif);
  if (!r.valid) return undefined;
  return r.kind === 'CIF' ? 'J' : 'F';
}

interface RecipientId {
  /** The Spanish NIF declared ('' when the recipient has none). */
  taxId: string;
  valid: boolean;
  /** A foreign id: its value and country (ISO alpha-2). */
  foreignTaxId?: string;
  country?: string;
}

/** What a record names: the Spanish NIF of the counterparty key, or the foreign id it is made of. */
export function recipientIdOf(counterpartyKey: string): RecipientId {
  const foreign = /^([A-Z]{2}):([A-Z_]+):(.+)$/.exec(counterpartyKey);
  if (foreign) {
    const country = foreign[1] as string;
    const value = (foreign[3] as string).trim().toUpperCase();
    if (country === 'ES') {
      const r = validateTaxId(value);
      return { taxId: r.normalized, valid: r.valid };
    }
    return { taxId: '', valid: false, foreignTaxId: value, country };
  }
  const r = validateTaxId(counterpartyKey);
  return { taxId: r.normalized, valid: r.valid };
}

// ---------------------------------------------------------------------------------------------------------
// The lines

interface Accumulated {
  counterpartyKey: string;
  rawKey: string;
  name: string;
  country: string;
  baseCents: number;
  withholdingCents: number;
  quarters: Set<number>;
  sources: Set<string>;
}

/** The year's lines per quarter (all four present), else the year's aggregates with an ERROR. */
function yearLines(
  input: ModelInput,
  model: SummaryModel,
  issues: ModelIssue[],
): (PeriodLines | undefined)[] {
  const missing = QUARTER_PERIODS.filter((q) => !input.quarters?.[q]);
  if (missing.length === 0) return QUARTER_PERIODS.map((q) => input.quarters?.[q]);
  issues.push({
    code: 'QUARTERS_MISSING',
    message:
      `Faltan los acumulados de ${missing.join(', ')} para el ${SUMMARY_NAMES[model]}: se han usado los ` +
      'del ejercicio completo; recalcula los acumulados fiscales del ejercicio.',
    severity: 'ERROR',
  });
  return [input.aggregates];
}

function accumulate(lines: (PeriodLines | undefined)[], model: SummaryModel): Map<string, Accumulated> {
  const acc = new Map<string, Accumulated>();
  lines.forEach((period, index) => {
    for (const line of period?.byCounterparty.RECEIVED ?? []) {
      const w = parseWithholdingOpKey(line.opKey);
      if (!w || !isWithholdingKind(w.kind) || WITHHOLDING_KIND_INFO[w.kind].summaryModel !== model) continue;
      // A key written before the 193/296 lists ('INT') is declared under the real key it stands for, together
      // with the lines already carrying that key.
      const key = canonicalWithholdingKey(w.kind, w.key);
      const id = `${line.counterpartyKey}|${key}`;
      const a = acc.get(id) ?? {
        counterpartyKey: line.counterpartyKey,
        rawKey: key,
        name: '',
        country: line.country,
        baseCents: 0,
        withholdingCents: 0,
        quarters: new Set<number>(),
        sources: new Set<string>(),
      };
      a.baseCents = sumCents([a.baseCents, line.baseCents]);
      a.withholdingCents = sumCents([a.withholdingCents, line.irpfCents ?? 0]);
      // One period of four quarters: the index is the quarter; the year's aggregates say nothing of it.
      if (lines.length === 4 && (line.baseCents !== 0 || (line.irpfCents ?? 0) !== 0)) a.quarters.add(index);
      a.sources.add(`RECEIVED:${line.opKey}`);
      if (line.name.trim()) a.name = line.name.trim();
      if (line.country) a.country = line.country;
      acc.set(id, a);
    }
  });
  return acc;
}

// ---------------------------------------------------------------------------------------------------------
// The summary

/** The records of a summary: the books' recipients, then the entered ones (validated). */
export function collectAnnualSummary(input: ModelInput, rules: SummaryRules): AnnualSummary {
  const issues: ModelIssue[] = [];
  const name = SUMMARY_NAMES[rules.model];
  if (input.period !== '0A') {
    issues.push({
      code: 'PERIOD',
      field: 'period',
      message: `El ${name} es anual (periodo 0A), no del periodo ${input.period}.`,
      severity: 'ERROR',
    });
  }
  const lines = yearLines(input, rules.model, issues);
  const accumulated = accumulate(lines, rules.model);
  const records: DeclaredRecord[] = [];
  const sources = new Set<string>();

  for (const a of [...accumulated.values()].sort((x, y) =>
    x.counterpartyKey < y.counterpartyKey ? -1 : 1,
  )) {
    // A recipient whose invoices cancel out over the year (an invoice and its full rectification).
    if (a.baseCents === 0 && a.withholdingCents === 0) continue;
    for (const s of a.sources) sources.add(s);
    if (a.counterpartyKey === UNIDENTIFIED_COUNTERPARTY) {
      issues.push({
        code: 'RECIPIENT_WITHOUT_NIF',
        field: a.counterpartyKey,
        message:
          `Hay retenciones sin NIF del perceptor (base ${formatEuros(a.baseCents)}, retenido ` +
          `${formatEuros(a.withholdingCents)}): el ${name} no puede declararlas; identifica al proveedor en sus facturas.`,
        severity: 'ERROR',
      });
      continue;
    }
    records.push(bookRecord(a, rules, input.year, issues));
  }

  addEntered(input, rules, records, issues);
  records.sort(compareRecords);
  return { records, issues, sources: [...sources].sort() };
}

const recordId = (r: Pick<DeclaredRecord, 'taxId' | 'foreignTaxId'>) => r.taxId || `~${r.foreignTaxId ?? ''}`;

function compareRecords(a: DeclaredRecord, b: DeclaredRecord): number {
  const ka = `${recordId(a)}|${a.key}|${a.subkey ?? ''}`;
  const kb = `${recordId(b)}|${b.key}|${b.subkey ?? ''}`;
  return ka < kb ? -1 : ka > kb ? 1 : 0;
}

function bookRecord(a: Accumulated, rules: SummaryRules, year: number, issues: ModelIssue[]): DeclaredRecord {
  const who = a.name || a.counterpartyKey;
  const id = recipientIdOf(a.counterpartyKey);
  const parsed = rules.parseKey(a.rawKey);
  const record: DeclaredRecord = {
    kind: 'OPERATOR',
    counterpartyKey: a.counterpartyKey,
    taxId: id.taxId,
    name: a.name,
    country: id.country ?? (a.country || 'ES'),
    key: parsed.key,
    subkey: parsed.subkey,
    amountCents: a.baseCents,
    withholdingCents: a.withholdingCents,
    origin: 'BOOKS',
  };
  if (rules.province) record.province = '';
  if (id.foreignTaxId !== undefined) {
    if (rules.foreignRecipients) {
      record.foreignTaxId = id.foreignTaxId;
      record.residenceCountry = id.country ?? '';
    } else {
      issues.push({
        code: 'NON_RESIDENT',
        field: a.counterpartyKey,
        message:
          `${who} no tiene NIF español: las rentas de no residentes sin establecimiento permanente se ` +
          `declaran en el modelo 296, no en el ${SUMMARY_NAMES[rules.model]}.`,
        severity: 'ERROR',
      });
    }
  } else if (!id.valid) {
    issues.push({
      code: 'INVALID_NIF',
      field: a.counterpartyKey,
      message: `El NIF ${id.taxId} de ${who} no es válido: corrígelo antes de presentar el ${SUMMARY_NAMES[rules.model]}.`,
      severity: 'ERROR',
    });
  }
  if (parsed.error) {
    issues.push({
      code: 'KEY',
      field: a.counterpartyKey,
      message: `${who}: ${parsed.error}`,
      severity: 'ERROR',
    });
  }
  if (!a.name) {
    issues.push({
      code: 'NAME_REQUIRED',
      field: a.counterpartyKey,
      message: `Falta el nombre o la razón social del perceptor ${id.taxId || id.foreignTaxId}.`,
      severity: 'ERROR',
    });
  }
  checkAmounts(record, who, rules.model, issues);
  const missing = rules.complete(record, { year, quarters: [...a.quarters].sort() });
  if (rules.province && !record.province) missing.unshift('la provincia del domicilio');
  warnMissing(record, who, missing, rules.model, issues);
  return record;
}

function checkAmounts(record: DeclaredRecord, who: string, model: SummaryModel, issues: ModelIssue[]) {
  if ((record.withholdingCents ?? 0) < 0) {
    issues.push({
      code: 'NEGATIVE_WITHHOLDING',
      field: record.counterpartyKey,
      message:
        `Las retenciones de ${who} (clave ${record.key}${record.subkey ?? ''}) suman ` +
        `${formatEuros(record.withholdingCents ?? 0)} en el año: el ${SUMMARY_NAMES[model]} no admite importes negativos.`,
      severity: 'ERROR',
    });
  }
}

function warnMissing(
  record: DeclaredRecord,
  who: string,
  missing: readonly string[],
  model: SummaryModel,
  issues: ModelIssue[],
) {
  if (missing.length === 0) return;
  issues.push({
    code: 'RECIPIENT_DATA',
    field: record.counterpartyKey,
    message: `Faltan datos de ${who} para el ${SUMMARY_NAMES[model]}: ${missing.join(', ')}.`,
    severity: 'WARNING',
  });
}

// ---------------------------------------------------------------------------------------------------------
// Entered recipients

const isNonNegativeInteger = (v: number | undefined) =>
  v === undefined || (Number.isSafeInteger(v) && v >= 0);

/** Why an entered recipient cannot be declared (Spanish), or undefined. */
function invalidEntered(r: AnnualRecipientInput, rules: SummaryRules, parsed: ParsedKey): string | undefined {
  if (rules.foreignRecipients && r.country !== undefined && !/^[A-Z]{2}$/.test(r.country.toUpperCase())) {
    return 'el país de residencia debe ser un código de 2 letras';
  }
  if (isForeignId(r, rules)) {
    if (!r.nif.trim() || r.nif.trim().length > 20) {
      return 'el número de identificación fiscal del país de residencia es obligatorio (20 caracteres como máximo)';
    }
  } else if (!validateTaxId(r.nif).valid) {
    return `el NIF ${r.nif} no es válido`;
  }
  if (!r.name.trim()) return 'falta el nombre o la razón social';
  if (parsed.error) return parsed.error;
  if (!isNonNegativeInteger(r.baseCents))
    return 'la base debe ser un importe en céntimos mayor o igual que cero';
  if (!isNonNegativeInteger(r.withholdingCents))
    return 'la retención debe ser un importe en céntimos mayor o igual que cero';
  if (!isNonNegativeInteger(r.inKindValueCents) || !isNonNegativeInteger(r.inKindWithholdingCents)) {
    return 'los importes en especie deben ser céntimos mayores o iguales que cero';
  }
  if (!rules.inKind && ((r.inKindValueCents ?? 0) > 0 || (r.inKindWithholdingCents ?? 0) > 0)) {
    return `el ${SUMMARY_NAMES[rules.model]} no declara aquí rentas en especie`;
  }
  if (r.province !== undefined && r.province !== '' && !isProvince(r.province, rules)) {
    return `la provincia ${r.province} no es un código de provincia (01 a 52)`;
  }
  if (r.postalCode !== undefined && r.postalCode !== '' && !provinceOfPostalCode(r.postalCode)) {
    return `el código postal ${r.postalCode} no es un código postal español`;
  }
  const total = (r.baseCents ?? 0) + (r.withholdingCents ?? 0) + (r.inKindValueCents ?? 0);
  if (total === 0) return 'no tiene importes';
  return rules.validate?.(r);
}

/**
 * A 296 recipient named by the tax id of the country of residence: a country other than Spain and a `nif`
 * that is not a Spanish NIF (a non-resident with a Spanish NIF keeps it, with the country of residence).
 */
const isForeignId = (r: AnnualRecipientInput, rules: SummaryRules) =>
  rules.foreignRecipients && !!r.country && r.country.toUpperCase() !== 'ES' && !validateTaxId(r.nif).valid;

function addEntered(input: ModelInput, rules: SummaryRules, records: DeclaredRecord[], issues: ModelIssue[]) {
  const declared = new Set(records.map((r) => `${recordId(r)}|${r.key}|${r.subkey ?? ''}`));
  (input.adjustments.annualRecipients ?? []).forEach((r, index) => {
    const field = `annualRecipients[${index}]`;
    const parsed = rules.parseKey(r.key.trim().toUpperCase());
    const who = `${r.name || r.nif} (clave ${r.key})`;
    const invalid = invalidEntered(r, rules, parsed);
    if (invalid) {
      issues.push({
        code: 'ANNUAL_RECIPIENT',
        field,
        message: `No se ha añadido el perceptor ${who}: ${invalid}.`,
        severity: 'ERROR',
      });
      return;
    }
    const foreign = isForeignId(r, rules);
    const country = (r.country ?? 'ES').toUpperCase();
    const nif = foreign ? '' : validateTaxId(r.nif).normalized;
    const record: DeclaredRecord = {
      kind: 'OPERATOR',
      counterpartyKey: foreign ? `${country}:ENTERED:${r.nif.trim().toUpperCase()}` : nif,
      taxId: nif,
      name: r.name.trim(),
      country: rules.foreignRecipients ? country : 'ES',
      key: parsed.key,
      subkey: parsed.subkey,
      amountCents: r.baseCents,
      withholdingCents: r.withholdingCents,
      origin: 'ENTERED',
    };
    if (foreign) record.foreignTaxId = r.nif.trim().toUpperCase();
    if (rules.foreignRecipients && country !== 'ES') record.residenceCountry = country;
    const id = `${recordId(record)}|${record.key}|${record.subkey ?? ''}`;
    if (declared.has(id)) {
      const inBooks = records.some(
        (x) => x.origin === 'BOOKS' && `${recordId(x)}|${x.key}|${x.subkey ?? ''}` === id,
      );
      issues.push({
        code: 'DUPLICATE_RECIPIENT',
        field,
        message: inBooks
          ? `No se ha añadido el perceptor ${who}: ya figura en los libros con el mismo NIF y clave.`
          : `No se ha añadido el perceptor ${who}: está repetido con el mismo NIF y clave.`,
        severity: 'ERROR',
      });
      return;
    }
    declared.add(id);
    if (records.some((x) => x.origin === 'BOOKS' && recordId(x) === recordId(record))) {
      issues.push({
        code: 'SAME_RECIPIENT',
        field,
        message:
          `El perceptor ${who} ya figura en los libros con otra clave: comprueba que sus rentas no se ` +
          'declaran dos veces.',
        severity: 'WARNING',
      });
    }
    if (rules.inKind) {
      record.inKindValueCents = r.inKindValueCents ?? 0;
      record.inKindWithholdingCents = r.inKindWithholdingCents ?? 0;
    }
    if (rules.province) {
      record.province = r.province || provinceOfPostalCode(r.postalCode) || '';
    }
    const missing = rules.complete(record, { year: input.year, entered: r, quarters: [] });
    if (rules.province && !record.province) missing.unshift('la provincia del domicilio');
    warnMissing(record, who, missing, rules.model, issues);
    records.push(record);
  });
}

// ---------------------------------------------------------------------------------------------------------
// Totals and the quarterly returns of the year

/** Σ of a field over the records. */
export const totalOf = (
  records: readonly DeclaredRecord[],
  pick: (r: DeclaredRecord) => number | undefined,
) => sumCents(records.map((r) => pick(r) ?? 0));

/**
 * The boxes of the year's quarterly (or monthly) returns of a model summed (`input.earlier`; one return
 * per period, the submitted one when both exist), or undefined when none is there.
 */
export function sumOfYearReturns(
  input: ModelInput,
  modelType: '111' | '115' | '123' | '216',
): { boxes: (box: string) => number; periods: string[] } | undefined {
  const byPeriod = new Map<string, ModelInput['earlier'][number]>();
  for (const r of input.earlier) {
    if (r.modelType !== modelType || r.year !== input.year) continue;
    const current = byPeriod.get(r.period);
    if (!current || (current.status !== 'SUBMITTED' && r.status === 'SUBMITTED')) byPeriod.set(r.period, r);
  }
  if (byPeriod.size === 0) return undefined;
  const returns = [...byPeriod.values()];
  return {
    boxes: (box) => sumCents(returns.map((r) => r.boxes[box] ?? 0)),
    periods: [...byPeriod.keys()].sort(),
  };
}
