/**
 * Modelo 190, resumen anual de retenciones e ingresos a cuenta del IRPF sobre rendimientos del trabajo, de
 * actividades económicas, premios y determinadas ganancias patrimoniales e imputaciones de renta (art.
 * 108.3 RIRPF; issue 15 item 2). One record per recipient, perception key and subkey: the year's `W|…`
 * lines of the kinds whose summary is the 190 (professionals G, módulos H04, agriculture H01-H03,
 * courses F, prizes K) plus the recipients the person enters (employees A while payroll runs elsewhere…),
 * see ./annual-withholdings.ts. Pure; amounts in céntimos.
 *
 * Boxes ("Resumen de los datos incluidos en la declaración", the type-1 record): [01] number of
 * perceptions (type-2 records), [02] total of the perceptions (money and valuations in kind, signed), [03]
 * total of the withholdings and payments on account (those on payments in kind included).
 *
 * Invariant (AEAT: the 190 summarises the year's 111s): per block of the 111 — work [01]-[06] (keys A-F),
 * activities [07]-[12] (G, H, I), prizes [13]-[18] (K01, K03), forest gains [19]-[24] (K02), image rights
 * [25]-[27] (J) — the 190's perceptions equal Σ of the year's 111s' perceptions (money + in kind) and its
 * withholdings Σ of their withholdings and payments on account. Both come from the same `W|…` lines (the
 * 111 of a quarter sums that quarter's lines per block), so any difference is work income entered on the
 * 111s as totals (adjustments.workIncome) without its recipients here, or a return filed before the books
 * changed: a WARNING names the block and both amounts.
 */

import { formatEuros, sumCents } from '../money';
import {
  collectAnnualSummary,
  type ParsedKey,
  type SummaryRules,
  sumOfYearReturns,
  totalOf,
} from './annual-withholdings';
import { layout190v2017, layout190v2024, layout190v2025 } from './layouts/190';
import type {
  BoxDef,
  DeclaredRecord,
  ModelComputation,
  ModelDefinition,
  ModelDesign,
  ModelInput,
  ModelIssue,
} from './types';

/**
 * The perception keys and their subkeys (AEAT order of the 190; OCA/l10n-spain
 * l10n_es_aeat_mod190/data/perception_key_data.xml and perception_subkey_data.xml, copies in
 * ../shared/data/aeat/models/190/oca_perception_*.xml). A, D and J have no subkey ('00' in the file).
 */
export const PERCEPTION_KEYS_190: Readonly<Record<string, readonly string[]>> = {
  A: [],
  B: ['01', '02', '03'],
  C: ['01', '02', '03', '04', '05', '06', '07'],
  D: [],
  E: ['01', '02', '03', '04'],
  F: ['01', '02', '03', '04', '05', '06', '07'],
  G: ['01', '02', '03', '04', '05', '06', '07', '08'],
  H: ['01', '02', '03', '04'],
  I: ['01', '02'],
  J: [],
  K: ['01', '02', '03'],
  L: [...Array.from({ length: 31 }, (_, i) => String(i + 1).padStart(2, '0')), '99'],
};

/**
 * AEAT DR190 type 2, positions 153-254: "DATOS ADICIONALES (solo en las claves A, B.01, B.03, C, E.01 y
 * E.02)" (year of birth, family situation, disability, contract…), which Cuadra does not collect.
 */
const ADDITIONAL_DATA_KEYS = new Set(['A00', 'B01', 'B03', 'C', 'E01', 'E02']);
const needsAdditionalData = (key: string, subkey: string) =>
  ADDITIONAL_DATA_KEYS.has(`${key}${subkey}`) || ADDITIONAL_DATA_KEYS.has(key);

/** '<key>[<subkey>]' → key and subkey; 'A' and 'A00' are the same key without subkeys. */
export function parseKey190(raw: string): ParsedKey {
  const m = /^([A-Z])(\d{2})?$/.exec(raw);
  const subkeys = m ? PERCEPTION_KEYS_190[m[1] as string] : undefined;
  if (!m || !subkeys) {
    return {
      key: '',
      subkey: '',
      error: `la clave ${raw} no es una clave de percepción del modelo 190 (A a L)`,
    };
  }
  const key = m[1] as string;
  const subkey = m[2];
  if (subkeys.length === 0) {
    return subkey === undefined || subkey === '00'
      ? { key, subkey: '00' }
      : { key, subkey: '', error: `la clave ${key} del modelo 190 no tiene subclaves (indique ${key})` };
  }
  if (subkey === undefined) {
    return {
      key,
      subkey: '',
      error: `la clave ${key} del modelo 190 necesita subclave (${subkeys.join(', ')})`,
    };
  }
  return subkeys.includes(subkey)
    ? { key, subkey }
    : { key, subkey: '', error: `la subclave ${subkey} no existe para la clave ${key} del modelo 190` };
}

// --- blocks of the 111 ------------------------------------------------------------------------------

export type Block190 = 'WORK' | 'ACTIVITY' | 'PRIZES' | 'FOREST' | 'IMAGE';

/** The 111 block a 190 key is paid in with (L, exempt income, is in none). */
export function blockOf190(key: string, subkey: string): Block190 | undefined {
  if ('ABCDEF'.includes(key)) return 'WORK';
  if ('GHI'.includes(key)) return 'ACTIVITY';
  if (key === 'K') return subkey === '02' ? 'FOREST' : 'PRIZES';
  if (key === 'J') return 'IMAGE';
  return undefined;
}

/** The 111 boxes of each block: perceptions (money, in kind) and withholdings (on money, on kind). */
export const BLOCK_BOXES_111: Readonly<Record<Block190, { perceptions: string[]; withholdings: string[] }>> =
  {
    WORK: { perceptions: ['02', '05'], withholdings: ['03', '06'] },
    ACTIVITY: { perceptions: ['08', '11'], withholdings: ['09', '12'] },
    PRIZES: { perceptions: ['14', '17'], withholdings: ['15', '18'] },
    FOREST: { perceptions: ['20', '23'], withholdings: ['21', '24'] },
    IMAGE: { perceptions: ['26'], withholdings: ['27'] },
  };

const BLOCK_NAMES: Record<Block190, string> = {
  WORK: 'rendimientos del trabajo',
  ACTIVITY: 'actividades económicas',
  PRIZES: 'premios',
  FOREST: 'aprovechamientos forestales',
  IMAGE: 'derechos de imagen',
};

export interface BlockTotals {
  perceptionsCents: number;
  withholdingsCents: number;
}

const perceptionsOf = (r: DeclaredRecord) => sumCents([r.amountCents, r.inKindValueCents ?? 0]);
const withholdingsOf = (r: DeclaredRecord) =>
  sumCents([r.withholdingCents ?? 0, r.inKindWithholdingCents ?? 0]);

/** The 190's perceptions and withholdings per 111 block. */
export function blockTotals190(records: readonly DeclaredRecord[]): Record<Block190, BlockTotals> {
  const totals = {} as Record<Block190, BlockTotals>;
  for (const block of Object.keys(BLOCK_BOXES_111) as Block190[]) {
    const of = records.filter((r) => blockOf190(r.key, r.subkey ?? '') === block);
    totals[block] = {
      perceptionsCents: totalOf(of, perceptionsOf),
      withholdingsCents: totalOf(of, withholdingsOf),
    };
  }
  return totals;
}

// --- design ---------------------------------------------------------------------------------------

const SECTION = 'Resumen de los datos incluidos en la declaración';
const BOXES_190: BoxDef[] = [
  { box: '01', label: 'Número total de percepciones', unit: 'COUNT', signed: false, section: SECTION },
  {
    box: '02',
    label: 'Importe total de las percepciones (dinerarias y valoración de las percepciones en especie)',
    unit: 'CENTS',
    signed: true,
    section: SECTION,
  },
  {
    box: '03',
    label:
      'Importe total de las retenciones e ingresos a cuenta (los de las percepciones en especie incluidos)',
    unit: 'CENTS',
    signed: false,
    section: SECTION,
  },
];

const SOURCE_2017 =
  'AEAT, modelo 190, diseño de registro (DR190_2017, mirrored by OCA/l10n-spain l10n_es_aeat_mod190/docs) as ' +
  'implemented by OCA l10n_es_aeat_mod190/data/aeat_export_mod190_data.xml and _partner_data.xml (branch ' +
  '16.0, commit 5fadee3fa8d7181adbd0e5df49e6f07d03b87411; date_start 2017-01-01).';

/** 2017-2023: the record of OCA 16.0 (positions 322-387 zero, 388-500 blank). */
export const design190v2017: ModelDesign = {
  id: '190-2017',
  modelType: '190',
  validFrom: '2017-01-01',
  validTo: '2023-12-31',
  source: SOURCE_2017,
  boxes: BOXES_190,
  pages: layout190v2017,
  fileFormat: 'BOE',
};

/** 2024: position 388 (excesos en la entrega de acciones de empresas emergentes) written as '0'. */
export const design190v2024: ModelDesign = {
  id: '190-2024',
  modelType: '190',
  validFrom: '2024-01-01',
  validTo: '2024-12-31',
  source:
    `${SOURCE_2017} Position 388 as OCA's l10n_es_aeat_mod190/data/2017/aeat.model.export.config.line.csv ` +
    '(commit e0cd41fb0f2e454e07bc002a2e287a6fd50a39e0: "0" when the year is after 2023).',
  boxes: BOXES_190,
  pages: layout190v2024,
  fileFormat: 'BOE',
};

/** 2025 onward: OCA PR #4718 (positions 389-394: fund-management income and the B.01 benefit marks). */
export const design190v2025: ModelDesign = {
  id: '190-2025',
  modelType: '190',
  validFrom: '2025-01-01',
  validTo: null,
  source:
    'OCA/l10n-spain PR #4718, l10n_es_aeat_mod190/data/2025/aeat.model.export.config.line.csv (commit ' +
    'ae885a6da6919242781758c7048a47dca5a83a48; "Exportación modelo 190 2025 - actualidad", date_start ' +
    "2025-01-01). Not checked against the AEAT's own 2025 design.",
  boxes: BOXES_190,
  pages: layout190v2025,
  fileFormat: 'BOE',
};

// --- computation ----------------------------------------------------------------------------------

const RULES_190: SummaryRules = {
  model: '190',
  parseKey: parseKey190,
  foreignRecipients: false,
  province: true,
  extraProvinces: ['98'],
  inKind: true,
  complete(record) {
    return needsAdditionalData(record.key, record.subkey ?? '')
      ? [
          'los datos adicionales de la clave (año de nacimiento, situación familiar, contrato…), que Cuadra no recoge',
        ]
      : [];
  },
};

export function compute190(input: ModelInput, design: ModelDesign): ModelComputation {
  const summary = collectAnnualSummary(input, RULES_190);
  const { records } = summary;
  const issues: ModelIssue[] = [...summary.issues, ...checkAgainst111(input, records)];
  const boxes = {
    '01': records.length,
    '02': totalOf(records, perceptionsOf),
    '03': totalOf(records, withholdingsOf),
  };
  if (boxes['03'] < 0) {
    issues.push({
      code: 'NEGATIVE_BOX',
      field: '03',
      message: '[03] no puede ser negativo: revisa las retenciones rectificadas del ejercicio.',
      severity: 'ERROR',
    });
  }
  return {
    modelType: '190',
    year: input.year,
    period: input.period,
    design: design.id,
    boxes,
    result: { type: 'INFORMATIVE', amountCents: boxes['02'] },
    allowedResultTypes: ['INFORMATIVE'],
    records,
    issues,
    sources: { '01': summary.sources, '02': summary.sources, '03': summary.sources },
  };
}

/**
 * The invariant against the year's 111s (when any is stored) and the work income entered on them as
 * totals (111 [01]-[06] from adjustments.workIncome) that has no recipients here.
 */
function checkAgainst111(input: ModelInput, records: readonly DeclaredRecord[]): ModelIssue[] {
  const year111 = sumOfYearReturns(input, '111');
  if (!year111) return [];
  const issues: ModelIssue[] = [];
  const ours = blockTotals190(records);
  const of111 = (boxes: readonly string[]) => sumCents(boxes.map((b) => year111.boxes(b)));

  // Work income on the 111s beyond what the books' own work recipients (F keys) explain.
  const work111 = of111(BLOCK_BOXES_111.WORK.perceptions);
  const workFromBooks = totalOf(
    records.filter((r) => r.origin === 'BOOKS' && blockOf190(r.key, r.subkey ?? '') === 'WORK'),
    perceptionsOf,
  );
  const enteredWork = records.some(
    (r) => r.origin === 'ENTERED' && blockOf190(r.key, r.subkey ?? '') === 'WORK',
  );
  const uncovered = work111 - workFromBooks;
  if (uncovered > 0 && !enteredWork) {
    issues.push({
      code: 'WORK_INCOME_WITHOUT_RECIPIENTS',
      field: 'annualRecipients',
      message: `Los rendimientos del trabajo declarados en los 111 del año (${formatEuros(uncovered)}) no tienen perceptores en el 190: añádalos.`,
      severity: 'WARNING',
    });
  }

  for (const block of Object.keys(BLOCK_BOXES_111) as Block190[]) {
    const boxes = BLOCK_BOXES_111[block];
    const pairs: [string, number, number, string[]][] = [
      ['percepciones', ours[block].perceptionsCents, of111(boxes.perceptions), boxes.perceptions],
      [
        'retenciones e ingresos a cuenta',
        ours[block].withholdingsCents,
        of111(boxes.withholdings),
        boxes.withholdings,
      ],
    ];
    for (const [what, in190, in111, boxList] of pairs) {
      if (in190 === in111) continue;
      issues.push({
        code: 'SUM_111',
        field: block,
        message:
          `Las ${what} de ${BLOCK_NAMES[block]} del 190 (${formatEuros(in190)}) no coinciden con la suma de ` +
          `${boxList.map((b) => `[${b}]`).join(' + ')} de los 111 del año (${year111.periods.join(', ')}: ` +
          `${formatEuros(in111)}).`,
        severity: 'WARNING',
      });
    }
  }
  return issues;
}

export const model190: ModelDefinition = {
  modelType: '190',
  name: 'Retenciones e ingresos a cuenta del IRPF sobre rendimientos del trabajo, actividades económicas y premios. Resumen anual',
  periodicities: ['ANNUAL'],
  designs: [design190v2017, design190v2024, design190v2025],
  compute: compute190,
};
