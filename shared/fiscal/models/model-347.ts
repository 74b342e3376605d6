/**
 * Modelo 347, declaración anual de operaciones con terceras personas (issue 14 item 2), computed from
 * the year's counterparty aggregates and those of its four quarters. Pure; amounts in céntimos, VAT and
 * recargo included (RGAT, RD 1065/2007, arts. 31 to 35).
 *
 * Declared: per counterparty and key (B sales from the `347B` lines, A purchases from `347A`) when the
 * year's total exceeds 3.005,06 € in absolute value (art. 33). A negative total (credit notes only) is
 * declared with its sign, never turned into its absolute value (OCA l10n-spain PR #3470, issue #142).
 * Cash (art. 34.1.h): what a counterparty paid in cash during the year above 6.000 € is declared with
 * the year of the operations it settles; for operations of an earlier year in a record of its own with
 * a zero annual amount. Excluded: the `X_*` lines (withholdings → 190/180, imports, foreign, no tax id)
 * and `SIN_IDENTIFICAR`; SII filers do not file the 347 at all (RGAT art. 32, as amended by
 * RD 596/2016: their books already reach the AEAT).
 */

import { validateEuVatNumber } from '../../schemas/countries';
import { parseOpKey } from '../aggregate-keys';
import { formatEuros, sumCents } from '../money';
import { validateTaxId } from '../nif';
import type { CounterpartyLine, TaxBook } from '../tax-aggregates';
import { UNIDENTIFIED_COUNTERPARTY } from '../tax-aggregates';
import { MODELO_347_THRESHOLD_CENTS } from '../thresholds';
import { layout347 } from './layouts/347';
import type {
  BoxDef,
  DeclaredRecord,
  ModelComputation,
  ModelDefinition,
  ModelDesign,
  ModelInput,
  ModelIssue,
} from './types';

/** RGAT art. 34.1.h: cash received from one person or entity in the year above 6.000 € is declared. */
export const MODELO_347_CASH_THRESHOLD_CENTS = 600_000;

export const PERIODS_347 = ['0A'];
const QUARTERS = ['1T', '2T', '3T', '4T'] as const;
const BOOKS: readonly TaxBook[] = ['ISSUED', 'RECEIVED'];

const SECTION = 'Resumen de los datos incluidos en la declaración';
const BOXES_347: BoxDef[] = [
  {
    box: '01',
    label: 'Número total de personas y entidades',
    unit: 'COUNT',
    signed: false,
    section: SECTION,
  },
  {
    box: '02',
    label: 'Importe total anual de las operaciones',
    unit: 'CENTS',
    signed: true,
    section: SECTION,
  },
  { box: '03', label: 'Número total de inmuebles', unit: 'COUNT', signed: false, section: SECTION },
  {
    box: '04',
    label: 'Importe total de las operaciones de arrendamiento de locales de negocio',
    unit: 'CENTS',
    signed: true,
    section: SECTION,
  },
];

/** The AEAT record design of the 347 (type 1 declarant, type 2 declared party and property records). */
export const design347: ModelDesign = {
  id: '347-2014',
  modelType: '347',
  validFrom: '2014-01-01',
  validTo: null,
  source:
    'AEAT, diseño de registro del modelo 347 (Orden EHA/3012/2008 y sus modificaciones; con desglose ' +
    'trimestral desde el ejercicio 2014, RD 828/2013) según OCA/l10n-spain l10n_es_aeat_mod347 ' +
    'docs/347_register_design.pdf y data/aeat_export_mod347_*.xml (rama 17.0).',
  boxes: BOXES_347,
  pages: layout347,
  fileFormat: 'BOE',
};

// --- counterparties ------------------------------------------------------------------------------

interface Party {
  counterpartyKey: string;
  name: string;
  country: string;
  key: 'A' | 'B';
  totalCents: number;
  quarters: [number, number, number, number];
  sources: Set<string>;
}

/** What a 347 record names: the Spanish NIF, or the EU VAT number of an operator without one. */
function taxIdOf(counterpartyKey: string): { taxId: string; valid: boolean } {
  const eu = /^([A-Z]{2}):NIF_IVA:(.+)$/.exec(counterpartyKey);
  if (eu && eu[1] !== 'ES') {
    const country = eu[1] as string;
    const value = (eu[2] as string).toUpperCase();
    const prefix = country === 'GR' ? 'EL' : country;
    const taxId = value.startsWith(prefix) ? value : `${prefix}${value}`;
    return { taxId, valid: validateEuVatNumber(taxId, country).valid };
  }
  const r = validateTaxId(counterpartyKey);
  return { taxId: r.normalized, valid: r.valid };
}

const declarable = (counterpartyKey: string) => counterpartyKey !== UNIDENTIFIED_COUNTERPARTY;

/** Adds a period's 347 lines per `<counterpartyKey>|<A|B>`: to the annual total, or to quarter index `quarter`. */
function collect(
  parties: Map<string, Party>,
  lines: Record<TaxBook, CounterpartyLine[]>,
  quarter: number | undefined,
) {
  for (const book of BOOKS) {
    for (const line of lines[book]) {
      const op = parseOpKey(line.opKey);
      if (op?.family !== '347' || !declarable(line.counterpartyKey)) continue;
      const key = op.key as 'A' | 'B';
      const id = `${line.counterpartyKey}|${key}`;
      const p = parties.get(id) ?? {
        counterpartyKey: line.counterpartyKey,
        name: '',
        country: line.country,
        key,
        totalCents: 0,
        quarters: [0, 0, 0, 0],
        sources: new Set<string>(),
      };
      if (quarter === undefined) {
        p.totalCents = sumCents([p.totalCents, line.totalCents]);
        p.sources.add(`${book}:${line.opKey}`);
      } else {
        p.quarters[quarter] = sumCents([p.quarters[quarter] as number, line.totalCents]);
      }
      if (!p.name && line.name.trim()) p.name = line.name.trim();
      if (line.country) p.country = line.country;
      parties.set(id, p);
    }
  }
}

interface Cash {
  name: string;
  country: string;
  /** Operations' year → cash received this year for them, céntimos. */
  byYear: Map<number, number>;
  sources: Set<string>;
}

function collectCash(lines: Record<TaxBook, CounterpartyLine[]>): Map<string, Cash> {
  const cash = new Map<string, Cash>();
  for (const book of BOOKS) {
    for (const line of lines[book]) {
      const op = parseOpKey(line.opKey);
      if (op?.family !== 'CASH' || !op.of || !declarable(line.counterpartyKey)) continue;
      const c = cash.get(line.counterpartyKey) ?? {
        name: '',
        country: line.country,
        byYear: new Map<number, number>(),
        sources: new Set<string>(),
      };
      const year = Number(op.of);
      c.byYear.set(year, sumCents([c.byYear.get(year) ?? 0, line.totalCents]));
      c.sources.add(`${book}:${line.opKey}`);
      if (!c.name && line.name.trim()) c.name = line.name.trim();
      cash.set(line.counterpartyKey, c);
    }
  }
  return cash;
}

// --- computation ---------------------------------------------------------------------------------

export function compute347(input: ModelInput, design: ModelDesign): ModelComputation {
  const issues: ModelIssue[] = [];
  if (input.facts.siiEnabled) {
    issues.push({
      code: 'SII_NOT_FILED',
      message: 'Las empresas acogidas al SII no presentan el modelo 347',
      severity: 'ERROR',
    });
  }
  if (input.period !== '0A') {
    issues.push({
      code: 'PERIOD',
      field: 'period',
      message: `El modelo 347 es anual (periodo 0A), no del periodo ${input.period}.`,
      severity: 'ERROR',
    });
  }

  const parties = new Map<string, Party>();
  collect(parties, input.aggregates.byCounterparty, undefined);
  const quarterParties = new Map<string, Party>();
  QUARTERS.forEach((q, i) => {
    const lines = input.quarters?.[q];
    if (lines) collect(quarterParties, lines.byCounterparty, i);
  });
  const missingQuarters = QUARTERS.filter((q) => !input.quarters?.[q]);
  if (missingQuarters.length > 0) {
    issues.push({
      code: 'QUARTERS_MISSING',
      message: `Faltan los datos de ${missingQuarters.join(', ')} para el desglose trimestral del modelo 347.`,
      severity: 'ERROR',
    });
  }
  const cash = collectCash(input.aggregates.byCounterparty);

  const records: DeclaredRecord[] = [];
  const amountSources = new Set<string>();
  const recordSources = new Set<string>();
  const sortedParties = [...parties.values()].sort((a, b) =>
    a.counterpartyKey === b.counterpartyKey
      ? a.key.localeCompare(b.key)
      : a.counterpartyKey < b.counterpartyKey
        ? -1
        : 1,
  );

  // Cash above 6.000 € collected from a counterparty this year (whatever the operations' year).
  const cashDeclared = new Map<string, Cash>();
  for (const [counterpartyKey, c] of cash) {
    if (sumCents([...c.byYear.values()]) > MODELO_347_CASH_THRESHOLD_CENTS)
      cashDeclared.set(counterpartyKey, c);
  }

  for (const p of sortedParties) {
    const currentCash =
      p.key === 'B' ? cashDeclared.get(p.counterpartyKey)?.byYear.get(input.year) : undefined;
    const hasCash = currentCash !== undefined && currentCash > 0;
    // Art. 33 RGAT: more than 3.005,06 € in absolute value; the sign stays as the books give it.
    if (Math.abs(p.totalCents) <= MODELO_347_THRESHOLD_CENTS && !hasCash) continue;
    const quarters = quarterParties.get(`${p.counterpartyKey}|${p.key}`)?.quarters ?? [0, 0, 0, 0];
    if (missingQuarters.length === 0 && sumCents(quarters) !== p.totalCents) {
      issues.push({
        code: 'QUARTER_SUM',
        field: p.counterpartyKey,
        message:
          `Los importes trimestrales de ${p.name || p.counterpartyKey} (clave ${p.key}) suman ` +
          `${formatEuros(sumCents(quarters))} y el importe anual es ${formatEuros(p.totalCents)}: ` +
          'recalcula los acumulados fiscales del ejercicio.',
        severity: 'ERROR',
      });
    }
    const { taxId, valid } = taxIdOf(p.counterpartyKey);
    checkParty(p.counterpartyKey, p.name, taxId, valid, p.key, issues);
    for (const s of p.sources) {
      amountSources.add(s);
      recordSources.add(s);
    }
    const record: DeclaredRecord = {
      kind: 'OPERATOR',
      counterpartyKey: p.counterpartyKey,
      taxId,
      name: p.name,
      country: p.country,
      key: p.key,
      amountCents: p.totalCents,
      quarterAmountsCents: [...quarters],
    };
    if (hasCash) {
      record.cashAmountCents = currentCash;
      record.cashYear = input.year;
      for (const s of cashDeclared.get(p.counterpartyKey)?.sources ?? []) {
        if (s.endsWith(`@${input.year}`)) recordSources.add(s);
      }
    }
    records.push(record);
  }

  // Cash above the limit with no record of this year to carry it: a sale record of its own, with the
  // annual amount at zero for operations of earlier years (AEAT instructions, "importe percibido en metálico").
  for (const [counterpartyKey, c] of [...cashDeclared].sort(([a], [b]) => (a < b ? -1 : 1))) {
    for (const [year, amount] of [...c.byYear].sort(([a], [b]) => a - b)) {
      if (amount <= 0) continue;
      const carried = records.some(
        (r) => r.counterpartyKey === counterpartyKey && r.key === 'B' && r.cashYear === year,
      );
      if (carried) continue;
      const { taxId, valid } = taxIdOf(counterpartyKey);
      checkParty(counterpartyKey, c.name, taxId, valid, 'B', issues);
      for (const s of c.sources) if (s.endsWith(`@${year}`)) recordSources.add(s);
      records.push({
        kind: 'OPERATOR',
        counterpartyKey,
        taxId,
        name: c.name,
        country: c.country,
        key: 'B',
        amountCents: 0,
        quarterAmountsCents: [0, 0, 0, 0],
        cashAmountCents: amount,
        cashYear: year,
      });
    }
  }

  const boxes = {
    '01': records.length,
    '02': sumCents(records.map((r) => r.amountCents)),
    // Properties rented as landlord (type 2 'I' records) are not kept in the books yet.
    '03': 0,
    '04': 0,
  };
  return {
    modelType: '347',
    year: input.year,
    period: input.period,
    design: design.id,
    boxes,
    result: { type: 'INFORMATIVE', amountCents: boxes['02'] },
    allowedResultTypes: ['INFORMATIVE'],
    records,
    issues,
    sources: { '01': [...recordSources].sort(), '02': [...amountSources].sort(), '03': [], '04': [] },
  };
}

function checkParty(
  counterpartyKey: string,
  name: string,
  taxId: string,
  valid: boolean,
  key: string,
  issues: ModelIssue[],
) {
  if (!valid) {
    issues.push({
      code: 'INVALID_NIF',
      field: counterpartyKey,
      message: `El NIF ${taxId} de ${name || counterpartyKey} (clave ${key}) no es válido: corrígelo antes de presentar el modelo 347.`,
      severity: 'ERROR',
    });
  }
  if (!name) {
    issues.push({
      code: 'NAME_REQUIRED',
      field: counterpartyKey,
      message: `Falta el nombre o la razón social del declarado ${taxId} (clave ${key}).`,
      severity: 'ERROR',
    });
  }
}

export const model347: ModelDefinition = {
  modelType: '347',
  name: 'Declaración anual de operaciones con terceras personas',
  periodicities: ['ANNUAL'],
  designs: [design347],
  compute: compute347,
};
