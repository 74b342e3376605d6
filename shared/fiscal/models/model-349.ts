/**
 * Modelo 349, declaración recapitulativa de operaciones intracomunitarias (issue 14 item 2), computed
 * from the period's counterparty aggregates alone: one operator record per (EU VAT number, key) and one
 * rectification record per (EU VAT number, key, corrected period). Pure; amounts in céntimos.
 *
 * Periods (RIVA, RD 1624/1992, art. 81): monthly '01'..'12' by default (81.1), quarterly '1T'..'4T' when
 * neither the quarter nor any of the four before exceeded 50.000 € of deliveries and services (81.2).
 * The annual period '0A' that the 2016 record design still lists belonged to the old art. 81.3 option
 * for very small operators, which is no longer in the regulation: it is not offered.
 *
 * Keys (AEAT NREG-349, position 133): E intra-EU deliveries, T deliveries after a triangular acquisition
 * (a record apart from E even for the same customer), S services supplied, A acquisitions of goods,
 * I services acquired. M/H (deliveries after an exempt import) and the call-off stock keys R/D/C (from
 * March 2020) are not produced: no invoice of the books carries them.
 */

import { isEuCountry, validateEuVatNumber } from '../../schemas/countries';
import { parseOpKey } from '../aggregate-keys';
import { formatEuros, sumCents } from '../money';
import type { CounterpartyLine, TaxBook } from '../tax-aggregates';
import { layout349 } from './layouts/349';
import { MONTH_PERIODS, QUARTER_PERIODS } from './periods';
import type {
  BoxDef,
  DeclaredRecord,
  ModelComputation,
  ModelDefinition,
  ModelDesign,
  ModelInput,
  ModelIssue,
  ModelPeriod,
} from './types';

const PERIODS_349_MONTHLY: readonly string[] = MONTH_PERIODS;
const PERIODS_349_QUARTERLY: readonly string[] = QUARTER_PERIODS;

const BOOKS: readonly TaxBook[] = ['ISSUED', 'RECEIVED'];
/** The keys each book may carry: deliveries and services supplied are issued, acquisitions received. */
const KEYS_OF_BOOK: Record<TaxBook, readonly string[]> = {
  ISSUED: ['E', 'T', 'S'],
  RECEIVED: ['A', 'I'],
};

const SECTION = 'Resumen de los datos incluidos en la declaración';
const BOXES_349: BoxDef[] = [
  {
    box: '01',
    label: 'Número total de operadores intracomunitarios',
    unit: 'COUNT',
    signed: false,
    section: SECTION,
  },
  {
    box: '02',
    label: 'Importe de las operaciones intracomunitarias',
    unit: 'CENTS',
    signed: false,
    section: SECTION,
  },
  {
    box: '03',
    label: 'Número total de operadores intracomunitarios con rectificaciones',
    unit: 'COUNT',
    signed: false,
    section: SECTION,
  },
  { box: '04', label: 'Importe de las rectificaciones', unit: 'CENTS', signed: false, section: SECTION },
];

/**
 * The AEAT design of Orden EHA/769/2010 annex II as published in NREG-349-2016 (type 1 declarant,
 * type 2 operator and rectification records of 500 positions), in force for the periods of 2020 on.
 */
export const design349v2020: ModelDesign = {
  id: '349-2020',
  modelType: '349',
  validFrom: '2020-01-01',
  validTo: null,
  source:
    'AEAT, diseño de registro del modelo 349 (Orden EHA/769/2010, anexo II; documento NREG-349-2016) y ' +
    'OCA/l10n-spain l10n_es_aeat_mod349 data/aeat_export_mod349_data.xml, _partner_data.xml y ' +
    '_partner_refund_data.xml (rama 17.0). Sin las claves R, D y C de ventas en consigna (desde marzo de 2020).',
  boxes: BOXES_349,
  pages: layout349,
  fileFormat: 'BOE',
};

// --- periods -------------------------------------------------------------------------------------

/** The first and last month ('yyyy-mm') a 349 period covers; undefined for an unknown period code. */
export function monthsOf349Period(
  year: number,
  period: ModelPeriod,
): { first: string; last: string } | undefined {
  const ym = (m: number) => `${year}-${String(m).padStart(2, '0')}`;
  if (PERIODS_349_MONTHLY.includes(period)) return { first: ym(Number(period)), last: ym(Number(period)) };
  if (PERIODS_349_QUARTERLY.includes(period)) {
    const q = Number(period[0]);
    return { first: ym(q * 3 - 2), last: ym(q * 3) };
  }
  return undefined;
}

const monthCode = (month: string): string => month.slice(5, 7);
const quarterCode = (month: string): string => `${Math.ceil(Number(month.slice(5, 7)) / 3)}T`;

const previousKey = (taxId: string, key: string, year: number, period: string) =>
  `${taxId}|${key}|${year}|${period}`;

/**
 * The declaration a rectification of `month` corrects: the filer's return containing that month. What
 * was filed decides (a 349 of that month or of its quarter among the earlier returns, or a base declared
 * for this operator and key); otherwise the periodicity the profile states now (`intraEuMonthly`).
 */
function correctedPeriodOf(input: ModelInput, month: string, taxId: string, key: string): ModelPeriod {
  const year = Number(month.slice(0, 4));
  const candidates = [monthCode(month), quarterCode(month)];
  const filed = candidates.find((p) =>
    input.earlier.some((r) => r.modelType === '349' && r.year === year && r.period === p),
  );
  if (filed) return filed;
  const declared = candidates.find(
    (p) => input.previouslyDeclared349?.[previousKey(taxId, key, year, p)] !== undefined,
  );
  if (declared) return declared;
  return input.facts.intraEuMonthly ? monthCode(month) : quarterCode(month);
}

// --- operators -----------------------------------------------------------------------------------

interface Operator {
  /** EU VAT number with its prefix ('FR12345678901', 'EL123456789'); the raw key when not valid. */
  taxId: string;
  country: string;
  valid: boolean;
  reason?: string;
}

/**
 * The EU VAT number of a counterparty key `<country>:NIF_IVA:<value>` (the value is stored with the
 * member state's prefix; one without it gets it, as the VeriFacTu record does).
 */
export function operatorOf(counterpartyKey: string, fallbackCountry: string): Operator {
  const m = /^([A-Z]{2}):NIF_IVA:(.+)$/.exec(counterpartyKey);
  if (!m) {
    return {
      taxId: counterpartyKey,
      country: fallbackCountry,
      valid: false,
      reason: 'no está identificado con un NIF-IVA',
    };
  }
  const country = m[1] as string;
  const value = (m[2] as string).toUpperCase().replace(/[\s.\-_/]/g, '');
  if (country === 'ES' || !isEuCountry(country)) {
    return {
      taxId: value,
      country,
      valid: false,
      reason: 'no es un operador de otro Estado miembro de la UE',
    };
  }
  const prefix = country === 'GR' ? 'EL' : country;
  const taxId = value.startsWith(prefix) ? value : `${prefix}${value}`;
  return validateEuVatNumber(taxId, country).valid
    ? { taxId, country, valid: true }
    : { taxId, country, valid: false, reason: `tiene un NIF-IVA (${taxId}) sin el formato de ${country}` };
}

interface Group {
  operator: Operator;
  counterpartyKeys: Set<string>;
  name: string;
  key: string;
  /** Net base of the period's operations (operator) or of the correction (rectification), céntimos. */
  netCents: number;
  sources: Set<string>;
  correctedYear?: number;
  correctedPeriod?: ModelPeriod;
}

function addTo(
  groups: Map<string, Group>,
  id: string,
  seed: Omit<Group, 'netCents' | 'sources' | 'counterpartyKeys' | 'name'>,
  line: CounterpartyLine,
  book: TaxBook,
) {
  const g = groups.get(id) ?? {
    ...seed,
    counterpartyKeys: new Set(),
    name: '',
    netCents: 0,
    sources: new Set(),
  };
  g.netCents = sumCents([g.netCents, line.baseCents]);
  g.counterpartyKeys.add(line.counterpartyKey);
  g.sources.add(`${book}:${line.opKey}`);
  if (!g.name && line.name.trim()) g.name = line.name.trim();
  groups.set(id, g);
}

const keyText = (g: Group) => `${g.operator.taxId} (clave ${g.key})`;
const fieldOf = (g: Group) => [...g.counterpartyKeys][0] as string;

// --- computation ---------------------------------------------------------------------------------

export function compute349(input: ModelInput, design: ModelDesign): ModelComputation {
  const issues: ModelIssue[] = [];
  const range = monthsOf349Period(input.year, input.period);
  if (!range) {
    issues.push({
      code: 'PERIOD',
      field: 'period',
      message: `El periodo ${input.period} no existe en el modelo 349: mensual (01 a 12) o trimestral (1T a 4T).`,
      severity: 'ERROR',
    });
  } else {
    const monthlyPeriod = PERIODS_349_MONTHLY.includes(input.period);
    if (monthlyPeriod !== input.facts.intraEuMonthly) {
      issues.push({
        code: 'PERIODICITY',
        field: 'period',
        message: monthlyPeriod
          ? 'El perfil fiscal indica presentación trimestral del modelo 349 y se está preparando un periodo mensual.'
          : 'El perfil fiscal indica presentación mensual del modelo 349 y se está preparando un periodo trimestral.',
        severity: 'WARNING',
      });
    }
  }

  const operators = new Map<string, Group>();
  const rectifications = new Map<string, Group>();
  for (const book of BOOKS) {
    for (const line of input.aggregates.byCounterparty[book]) {
      const op = parseOpKey(line.opKey);
      if (op?.family !== '349' || !KEYS_OF_BOOK[book].includes(op.key)) continue;
      const operator = operatorOf(line.counterpartyKey, line.country);
      // A credit note of an earlier month inside this very period reduces the period's operations.
      if (!op.of || !range || op.of >= range.first) {
        addTo(operators, `${operator.taxId}|${op.key}`, { operator, key: op.key }, line, book);
        continue;
      }
      const correctedYear = Number(op.of.slice(0, 4));
      const correctedPeriod = correctedPeriodOf(input, op.of, operator.taxId, op.key);
      addTo(
        rectifications,
        previousKey(operator.taxId, op.key, correctedYear, correctedPeriod),
        { operator, key: op.key, correctedYear, correctedPeriod },
        line,
        book,
      );
    }
  }

  const records: DeclaredRecord[] = [];
  const operatorSources = new Set<string>();
  const rectificationSources = new Set<string>();

  for (const g of sorted(operators)) {
    if (g.netCents === 0) continue;
    if (g.netCents < 0) {
      issues.push({
        code: 'NEGATIVE_BASE',
        field: fieldOf(g),
        message:
          `La base del operador ${g.name || g.operator.taxId} ${keyText(g)} es negativa en el periodo ` +
          `(${formatEuros(g.netCents)}): las bases del 349 son siempre positivas; la factura rectificativa ` +
          'de una operación de otro periodo debe declararse como rectificación de ese periodo.',
        severity: 'ERROR',
      });
      continue;
    }
    checkOperator(g, issues);
    for (const s of g.sources) operatorSources.add(s);
    records.push(recordOf(g, 'OPERATOR', g.netCents));
  }

  for (const g of sorted(rectifications)) {
    if (g.netCents === 0) continue;
    const id = previousKey(g.operator.taxId, g.key, g.correctedYear as number, g.correctedPeriod as string);
    const known = input.previouslyDeclared349?.[id];
    const previous = known ?? 0;
    const corrected = sumCents([previous, g.netCents]);
    const where = `${g.correctedPeriod}/${g.correctedYear}`;
    if (known === undefined) {
      issues.push({
        code: 'PREVIOUS_UNKNOWN',
        field: fieldOf(g),
        message:
          `No consta la base declarada en ${where} para ${keyText(g)}: la rectificación parte de 0,00 €. ` +
          'Comprueba la declaración de ese periodo.',
        severity: 'WARNING',
      });
    }
    if (corrected < 0) {
      issues.push({
        code: 'NEGATIVE_RECTIFIED_BASE',
        field: fieldOf(g),
        message:
          `La base rectificada de ${keyText(g)} en ${where} sería negativa (${formatEuros(corrected)}): ` +
          `la base declarada (${formatEuros(previous)}) no cubre las rectificaciones (${formatEuros(g.netCents)}).`,
        severity: 'ERROR',
      });
      continue;
    }
    checkOperator(g, issues);
    for (const s of g.sources) rectificationSources.add(s);
    records.push({
      ...recordOf(g, 'RECTIFICATION', corrected),
      correctedYear: g.correctedYear as number,
      correctedPeriod: g.correctedPeriod as string,
      previouslyDeclaredCents: previous,
    });
  }

  const ops = records.filter((r) => r.kind === 'OPERATOR');
  const rects = records.filter((r) => r.kind === 'RECTIFICATION');
  const boxes = {
    '01': ops.length,
    '02': sumCents(ops.map((r) => r.amountCents)),
    '03': rects.length,
    '04': sumCents(rects.map((r) => r.amountCents)),
  };
  const opSources = [...operatorSources].sort();
  const rectSources = [...rectificationSources].sort();
  return {
    modelType: '349',
    year: input.year,
    period: input.period,
    design: design.id,
    boxes,
    result: { type: 'INFORMATIVE', amountCents: boxes['02'] },
    allowedResultTypes: ['INFORMATIVE'],
    records,
    issues,
    sources: { '01': opSources, '02': opSources, '03': rectSources, '04': rectSources },
  };
}

const sorted = (groups: Map<string, Group>): Group[] =>
  [...groups.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, g]) => g);

function recordOf(g: Group, kind: 'OPERATOR' | 'RECTIFICATION', amountCents: number): DeclaredRecord {
  return {
    kind,
    counterpartyKey: fieldOf(g),
    taxId: g.operator.taxId,
    name: g.name,
    country: g.operator.country,
    key: g.key,
    amountCents,
  };
}

/** NREG-349 positions 76-92 and 93-132: an EU VAT number of another member state and a name. */
function checkOperator(g: Group, issues: ModelIssue[]) {
  if (!g.operator.valid) {
    issues.push({
      code: 'INVALID_VAT_NUMBER',
      field: fieldOf(g),
      message: `El operador ${g.name || g.operator.taxId} ${g.operator.reason ?? ''} (clave ${g.key}): el modelo 349 exige el NIF-IVA del operador intracomunitario.`,
      severity: 'ERROR',
    });
  }
  if (!g.name) {
    issues.push({
      code: 'NAME_REQUIRED',
      field: fieldOf(g),
      message: `Falta el nombre o la razón social del operador ${keyText(g)}.`,
      severity: 'ERROR',
    });
  }
}

export const model349: ModelDefinition = {
  modelType: '349',
  name: 'Declaración recapitulativa de operaciones intracomunitarias',
  periodicities: ['MONTHLY', 'QUARTERLY'],
  designs: [design349v2020],
  compute: compute349,
};
