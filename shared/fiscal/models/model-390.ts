/**
 * Modelo 390 (IVA, declaración-resumen anual) as versioned data (issue 14 items 2 and 3): the sum of
 * the year's 303s with finer splits (by rate, goods and services, current and investment goods).
 * Computed from the year's aggregate lines (grammar v2 of ../aggregate-keys.ts) and, for the
 * results of page 6 (compensations, payments, last-period result), from the year's 303s in
 * `input.earlier`. The AEAT publishes a design every year, so each design is valid for one year.
 *
 * Box by box (reference notes ../shared/reference/tax-models.md §2.9; AEAT "Modelo 390. Diseño de
 * registro" v1.03 for 2024 and 2025, OCA/l10n-spain l10n_es_aeat_mod390/data/{2023,2024,2025}):
 *  - IVA devengado: issued S1 (régimen general, `G`) by rate in the "régimen ordinario" boxes
 *    ([700]/[701] 0 %, [667]/[668] 2 %, [01]/[02] 4 %, [702]/[703] 5 %, [669]/[670] 7,5 %,
 *    [03]/[04] 10 %, [05]/[06] 21 %); the criterio de caja settlements (`CAJA|…` lines) in the
 *    "régimen especial del criterio de caja" boxes ([708]/[709] … [647]/[648]); received intra-EU
 *    acquisitions of goods ([716]/[717] … [25]/[26]) and services ([720]/[721] … [551]/[552]) by
 *    rate; other inversión del sujeto pasivo [27]/[28]; modifications of earlier periods [29]/[30]
 *    (the 303's [14]/[15]); recargo de equivalencia by rate ([663]-[666], [691]-[694], [35]/[36],
 *    [599]-[602], [41]/[42]) and its modifications [43]/[44]; totals [33]/[34] and [47];
 *  - IVA deducible by kind and rate: domestic current goods and services (DOMESTIC and the
 *    deductible side of REVERSE_CHARGE) [695]…[606], total [48]/[49]; domestic investment goods
 *    [749]…[614], [50]/[51]; imports [757]…[622], [52]/[53] and [761]…[626], [54]/[55]; intra-EU
 *    goods [765]…[630], [56]/[57] and [769]…[634], [58]/[59]; intra-EU services [773]…[638],
 *    [597]/[598]; rectification of deductions [639]/[62] (the 303's [40]/[41]); the 303's manual
 *    [42], [43], [44] summed into [61], [63], [522]; total [64]; result [65] = [47] − [64]. A 0 %
 *    deductible base has no box (its quota is zero). The prorrata applies to each deductible quota
 *    box (arts. 102-104 LIVA), so with a prorrata the 390 may differ from the sum of the 303s by the
 *    rounding of each box;
 *  - results: [658] = Σ 303 [76], [84] = [65] + [658], [659] = Σ 303 [77], [85] the compensation
 *    carried from earlier years applied in the year (min of what was pending on 1 January and the
 *    year's Σ 303 [78]: compensations are applied oldest first; OCA/l10n-spain PR #3948),
 *    [86] = [84] + [659] − [85], [95] Σ of the year's 303 results to pay (I, U, G), [96] Σ of the
 *    monthly refunds (REDEME, D before the last period), [97] / [98] the last period's result to
 *    compensate / to refund, [662] the compensation pending at the end of the year that was
 *    generated in the year's other periods (the last 303's [87] minus what is still pending from
 *    earlier years; PRs #3960, #4617/#4671);
 *  - volume of operations: [99] S1 régimen general, [653] S1 criterio de caja (by invoice date,
 *    art. 75 LIVA), [103] E5 and N2 to the EU, [104] E2-E4, [105] E1 and E6, [110] N2 outside the
 *    EU, [125] S2, [106]/[107] manual, [108] their total;
 *  - [232] bases of the input VAT that is not deductible, [654]/[655] the criterio de caja invoices
 *    (the 303's [62]/[63]); [656]/[657] the received invoices whose deduction the regime defers —
 *    acquisitions "a las que sea de aplicación o afecte" it (dr390e2022): the company's own regime
 *    (art. 163 terdecies LIVA) or its supplier's (art. 163 quinquiesdecies.Uno LIVA); their `…|C`
 *    lines: base and VAT borne, the 303's [74]/[75] — whose deduction comes, by rate, from the
 *    received `CAJA|…` settlements of the year's payments.
 *
 * The 390's result (`result`): the type of the last period's 303 (C to compensate, D refund, I/U/G
 * paid, N zero) — the 390 itself settles nothing — and as amount the year's liquidation result [86].
 * Without that 303 the type follows the sign of [86] (I, N, C) with a warning.
 */

import { filesVatMonthly } from '../../schemas/tax-profile';
import {
  CASH_KEY_PREFIX,
  IRPF_KEY,
  IRPF_KEY_PREFIX,
  isEarlierPeriod,
  parseCashKey,
  parseIssuedKey,
  parseReceivedCashKey,
  parseReceivedKey,
} from '../aggregate-keys';
import { applyBp, formatEsDecimal, formatEuros, roundHalfUpBig } from '../money';
import type { AggregateLine } from '../tax-aggregates';
import { layout390v2023, layout390v2024, layout390v2025 } from './layouts/390';
import { comparePeriods, isLastPeriodOfYear, periodicityOfPeriod } from './periods';
import {
  BoxSums,
  carriedCompensation,
  completeBoxes,
  completeSources,
  manualBoxValues,
  negativeBoxIssues,
} from './result';
import type {
  BoxDef,
  EarlierReturn,
  ModelComputation,
  ModelDefinition,
  ModelDesign,
  ModelInput,
  ModelIssue,
  PeriodLines,
  ResultType,
} from './types';

// --- design data --------------------------------------------------------------------------------

type RateBoxes = Readonly<Record<number, readonly [string, string]>>;

/** Where each kind of operation goes, by rate (bp) → [base, quota]. A rate not listed has no box. */
export interface Rules390 {
  ordinary: RateBoxes;
  cashBasis: RateBoxes;
  intraEuGoods: RateBoxes;
  intraEuServices: RateBoxes;
  recargo: RateBoxes;
  deductibleCurrent: RateBoxes;
  deductibleInvestment: RateBoxes;
  importCurrent: RateBoxes;
  importInvestment: RateBoxes;
  intraEuGoodsCurrent: RateBoxes;
  intraEuGoodsInvestment: RateBoxes;
  intraEuServicesDeductible: RateBoxes;
}

export interface Design390 extends ModelDesign {
  rules: Rules390;
}

/** The 2024 and 2025 designs: every rate of 2024 (0, 2, 4, 5, 7,5, 10 and 21 %) has its boxes. */
const RULES_2024: Rules390 = {
  ordinary: {
    0: ['700', '701'],
    200: ['667', '668'],
    400: ['01', '02'],
    500: ['702', '703'],
    750: ['669', '670'],
    1000: ['03', '04'],
    2100: ['05', '06'],
  },
  cashBasis: {
    0: ['708', '709'],
    200: ['675', '676'],
    400: ['643', '644'],
    500: ['710', '711'],
    750: ['677', '678'],
    1000: ['645', '646'],
    2100: ['647', '648'],
  },
  intraEuGoods: {
    0: ['716', '717'],
    200: ['683', '684'],
    400: ['21', '22'],
    500: ['718', '719'],
    750: ['685', '686'],
    1000: ['23', '24'],
    2100: ['25', '26'],
  },
  intraEuServices: {
    0: ['720', '721'],
    200: ['687', '688'],
    400: ['545', '546'],
    500: ['722', '723'],
    750: ['689', '690'],
    1000: ['547', '548'],
    2100: ['551', '552'],
  },
  recargo: {
    26: ['691', '692'],
    50: ['35', '36'],
    62: ['665', '666'],
    100: ['693', '694'],
    140: ['599', '600'],
    175: ['41', '42'],
    520: ['601', '602'],
  },
  deductibleCurrent: {
    200: ['695', '696'],
    400: ['190', '191'],
    500: ['724', '725'],
    750: ['697', '698'],
    1000: ['603', '604'],
    2100: ['605', '606'],
  },
  deductibleInvestment: {
    200: ['749', '750'],
    400: ['196', '197'],
    500: ['728', '729'],
    750: ['751', '752'],
    1000: ['611', '612'],
    2100: ['613', '614'],
  },
  importCurrent: {
    200: ['757', '758'],
    400: ['202', '203'],
    500: ['732', '733'],
    750: ['759', '760'],
    1000: ['619', '620'],
    2100: ['621', '622'],
  },
  importInvestment: {
    200: ['761', '762'],
    400: ['208', '209'],
    500: ['734', '735'],
    750: ['763', '764'],
    1000: ['623', '624'],
    2100: ['625', '626'],
  },
  intraEuGoodsCurrent: {
    200: ['765', '766'],
    400: ['214', '215'],
    500: ['736', '737'],
    750: ['767', '768'],
    1000: ['627', '628'],
    2100: ['629', '630'],
  },
  intraEuGoodsInvestment: {
    200: ['769', '770'],
    400: ['220', '221'],
    500: ['738', '739'],
    750: ['771', '772'],
    1000: ['631', '632'],
    2100: ['633', '634'],
  },
  intraEuServicesDeductible: {
    200: ['773', '774'],
    400: ['587', '588'],
    500: ['740', '741'],
    750: ['775', '776'],
    1000: ['635', '636'],
    2100: ['637', '638'],
  },
};

/** Drops the rates of a rules table (the 2023 design has no 2 %, 7,5 %, RE 0,26 % or 1 % boxes). */
function withoutRates(rules: Rules390, rates: readonly number[], recargoRates: readonly number[]): Rules390 {
  const drop = (t: RateBoxes, rs: readonly number[]) =>
    Object.fromEntries(Object.entries(t).filter(([r]) => !rs.includes(Number(r)))) as RateBoxes;
  return {
    ordinary: drop(rules.ordinary, rates),
    cashBasis: drop(rules.cashBasis, rates),
    intraEuGoods: drop(rules.intraEuGoods, rates),
    intraEuServices: drop(rules.intraEuServices, rates),
    recargo: drop(rules.recargo, recargoRates),
    deductibleCurrent: drop(rules.deductibleCurrent, rates),
    deductibleInvestment: drop(rules.deductibleInvestment, rates),
    importCurrent: drop(rules.importCurrent, rates),
    importInvestment: drop(rules.importInvestment, rates),
    intraEuGoodsCurrent: drop(rules.intraEuGoodsCurrent, rates),
    intraEuGoodsInvestment: drop(rules.intraEuGoodsInvestment, rates),
    intraEuServicesDeductible: drop(rules.intraEuServicesDeductible, rates),
  };
}

/** 2023 (OCA/l10n-spain data/2023 and AEAT dr390e2022): the temporary 2 % and 7,5 % rates did not exist yet. */
const RULES_2023: Rules390 = withoutRates(RULES_2024, [200, 750], [26, 100]);

// --- boxes --------------------------------------------------------------------------------------

const S_DEV = '5. Régimen general - IVA devengado';
const S_RE = '5. Régimen general - Recargo de equivalencia';
const S_DED = '5. Régimen general - IVA deducible';
const S_RES = '7. Resultado de la liquidación anual';
const S_LIQ = '9. Resultado de las liquidaciones';
const S_VOL = '10. Volumen de operaciones';
const S_ESP = '11. Operaciones específicas';

type BoxOpts = { signed?: boolean; manual?: boolean };
const box = (b: string, label: string, section: string, o: BoxOpts = {}): BoxDef => ({
  box: b,
  label,
  unit: 'CENTS',
  signed: o.signed ?? true,
  ...(o.manual ? { manual: true } : {}),
  section,
});

const pct = (bp: number) => formatEsDecimal(bp, 2, { trimZeros: true, grouping: false });

/** Base and quota boxes of a rate table, labelled as the AEAT design does. */
const rateBoxes = (t: RateBoxes, what: string, section: string, recargo = false): BoxDef[] =>
  Object.entries(t)
    .sort(([a], [b]) => Number(a) - Number(b))
    .flatMap(([rate, [b, c]]) => [
      box(b, `${what} - Tipo ${pct(Number(rate))} % - Base imponible`, section),
      box(c, `${what} - Tipo ${pct(Number(rate))} % - ${recargo ? 'Cuota (recargo)' : 'Cuota'}`, section),
    ]);

function boxesOf(rules: Rules390): BoxDef[] {
  return [
    ...rateBoxes(rules.ordinary, 'Régimen ordinario', S_DEV),
    ...rateBoxes(rules.cashBasis, 'Régimen especial del criterio de caja', S_DEV),
    ...rateBoxes(rules.intraEuGoods, 'Adquisiciones intracomunitarias de bienes', S_DEV),
    ...rateBoxes(rules.intraEuServices, 'Adquisiciones intracomunitarias de servicios', S_DEV),
    box('27', 'IVA devengado por inversión del sujeto pasivo - Base imponible', S_DEV),
    box('28', 'IVA devengado por inversión del sujeto pasivo - Cuota', S_DEV),
    box('29', 'Modificación de bases y cuotas - Base imponible', S_DEV),
    box('30', 'Modificación de bases y cuotas - Cuota', S_DEV),
    box('31', 'Modificación de bases y cuotas por concurso de acreedores - Base imponible', S_DEV, {
      manual: true,
    }),
    box('32', 'Modificación de bases y cuotas por concurso de acreedores - Cuota', S_DEV, { manual: true }),
    box('33', 'Total bases imponibles y cuotas del IVA - Base imponible', S_DEV),
    box('34', 'Total bases imponibles y cuotas del IVA - Cuota', S_DEV),
    ...rateBoxes(rules.recargo, 'Recargo de equivalencia', S_RE, true),
    box('43', 'Modificación de recargo de equivalencia - Base imponible', S_RE),
    box('44', 'Modificación de recargo de equivalencia - Cuota', S_RE),
    box('45', 'Modificación de recargo de equivalencia por concurso de acreedores - Base imponible', S_RE, {
      manual: true,
    }),
    box('46', 'Modificación de recargo de equivalencia por concurso de acreedores - Cuota', S_RE, {
      manual: true,
    }),
    box('47', 'Total cuotas de IVA y recargo de equivalencia', S_RE),
    ...rateBoxes(rules.deductibleCurrent, 'Operaciones interiores corrientes de bienes y servicios', S_DED),
    box('48', 'Total operaciones interiores corrientes - Base imponible', S_DED),
    box('49', 'Total operaciones interiores corrientes - Cuota deducible', S_DED),
    ...rateBoxes(rules.deductibleInvestment, 'Operaciones interiores con bienes de inversión', S_DED),
    box('50', 'Total operaciones interiores con bienes de inversión - Base imponible', S_DED),
    box('51', 'Total operaciones interiores con bienes de inversión - Cuota deducible', S_DED),
    ...rateBoxes(rules.importCurrent, 'Importaciones de bienes corrientes', S_DED),
    box('52', 'Total importaciones de bienes corrientes - Base imponible', S_DED),
    box('53', 'Total importaciones de bienes corrientes - Cuota deducible', S_DED),
    ...rateBoxes(rules.importInvestment, 'Importaciones de bienes de inversión', S_DED),
    box('54', 'Total importaciones de bienes de inversión - Base imponible', S_DED),
    box('55', 'Total importaciones de bienes de inversión - Cuota deducible', S_DED),
    ...rateBoxes(rules.intraEuGoodsCurrent, 'Adquisiciones intracomunitarias de bienes corrientes', S_DED),
    box('56', 'Total adquisiciones intracomunitarias de bienes corrientes - Base imponible', S_DED),
    box('57', 'Total adquisiciones intracomunitarias de bienes corrientes - Cuota deducible', S_DED),
    ...rateBoxes(
      rules.intraEuGoodsInvestment,
      'Adquisiciones intracomunitarias de bienes de inversión',
      S_DED,
    ),
    box('58', 'Total adquisiciones intracomunitarias de bienes de inversión - Base imponible', S_DED),
    box('59', 'Total adquisiciones intracomunitarias de bienes de inversión - Cuota deducible', S_DED),
    ...rateBoxes(rules.intraEuServicesDeductible, 'Adquisiciones intracomunitarias de servicios', S_DED),
    box('597', 'Total adquisiciones intracomunitarias de servicios - Base imponible', S_DED),
    box('598', 'Total adquisiciones intracomunitarias de servicios - Cuota deducible', S_DED),
    box(
      '60',
      'Compensaciones del régimen especial de agricultura, ganadería y pesca - Base imponible',
      S_DED,
      {
        manual: true,
      },
    ),
    box(
      '61',
      'Compensaciones del régimen especial de agricultura, ganadería y pesca - Cuota deducible',
      S_DED,
      {
        manual: true,
      },
    ),
    box('639', 'Rectificación de deducciones - Base imponible', S_DED),
    box('62', 'Rectificación de deducciones - Cuota', S_DED),
    box('63', 'Regularización de inversiones', S_DED, { manual: true }),
    box('522', 'Regularización por aplicación del porcentaje definitivo de prorrata', S_DED, {
      manual: true,
    }),
    box('64', 'Suma de deducciones', S_DED),
    box('65', 'Resultado régimen general', S_DED),
    box('658', 'Regularización cuotas art. 80.Cinco.5ª LIVA', S_RES, { manual: true }),
    box('84', 'Suma de resultados', S_RES),
    box(
      '659',
      'IVA a la importación liquidado por la Aduana (sólo sujetos pasivos con opción de diferimiento)',
      S_RES,
      { signed: false, manual: true },
    ),
    box('85', 'Compensación de cuotas del ejercicio anterior', S_RES, { signed: false }),
    box('86', 'Resultado de la liquidación', S_RES),
    box('95', 'Total resultados a ingresar en las autoliquidaciones de IVA del ejercicio', S_LIQ, {
      signed: false,
    }),
    box('96', 'Total devoluciones mensuales de IVA (registro de devolución mensual)', S_LIQ, {
      signed: false,
    }),
    box(
      '524',
      'Total devoluciones por cuotas soportadas en la adquisición de elementos de transporte',
      S_LIQ,
      {
        signed: false,
        manual: true,
      },
    ),
    box('97', 'Resultado de la autoliquidación del último periodo - A compensar', S_LIQ, { signed: false }),
    box('98', 'Resultado de la autoliquidación del último periodo - A devolver', S_LIQ, { signed: false }),
    box(
      '662',
      'Cuotas pendientes de compensación generadas en el ejercicio y distintas de las incluidas en la casilla 97',
      S_LIQ,
      { signed: false },
    ),
    box('99', 'Operaciones en régimen general', S_VOL),
    box('653', 'Operaciones en régimen especial del criterio de caja', S_VOL),
    box('103', 'Entregas intracomunitarias de bienes y servicios', S_VOL),
    box('104', 'Exportaciones y otras operaciones exentas con derecho a deducción', S_VOL),
    box('105', 'Operaciones exentas sin derecho a deducción', S_VOL),
    box(
      '110',
      'Operaciones no sujetas por reglas de localización (excepto las incluidas en la casilla 126)',
      S_VOL,
    ),
    box('125', 'Operaciones sujetas con inversión del sujeto pasivo', S_VOL),
    box('126', 'OSS. Operaciones no sujetas por reglas de localización acogidas a la OSS', S_VOL, {
      manual: true,
    }),
    box('127', 'OSS. Operaciones sujetas y acogidas a la OSS', S_VOL, { manual: true }),
    box('106', 'Entregas de bienes inmuebles y operaciones financieras no habituales', S_VOL, {
      manual: true,
    }),
    box('107', 'Entregas de bienes de inversión', S_VOL, { manual: true }),
    box('108', 'Total volumen de operaciones', S_VOL),
    box('232', 'Bases imponibles del IVA soportado no deducible', S_ESP),
    box(
      '654',
      'Entregas de bienes y prestaciones de servicios en régimen especial del criterio de caja - Base imponible',
      S_ESP,
    ),
    box(
      '655',
      'Entregas de bienes y prestaciones de servicios en régimen especial del criterio de caja - Cuota',
      S_ESP,
    ),
    box('656', 'Adquisiciones en régimen especial del criterio de caja - Base imponible', S_ESP),
    box('657', 'Adquisiciones en régimen especial del criterio de caja - Cuota', S_ESP),
  ];
}

const SOURCE_2024_2025 =
  'AEAT, Modelo 390 «Diseño de registro» v1.03 (páginas 1 a 7); OCA/l10n-spain l10n_es_aeat_mod390/data';

export const design390v2023: Design390 = {
  id: '390-2023',
  modelType: '390',
  validFrom: '2023-01-01',
  validTo: '2023-12-31',
  source:
    'AEAT, diseño de registro del modelo 390 (dr390e2022) y OCA/l10n-spain l10n_es_aeat_mod390/data/2023; ' +
    'copias en ../shared/data/aeat/models/390/.',
  boxes: boxesOf(RULES_2023),
  pages: layout390v2023,
  fileFormat: 'T',
  rules: RULES_2023,
};

export const design390v2024: Design390 = {
  id: '390-2024',
  modelType: '390',
  validFrom: '2024-01-01',
  validTo: '2024-12-31',
  source: `${SOURCE_2024_2025}/2024.`,
  boxes: boxesOf(RULES_2024),
  pages: layout390v2024,
  fileFormat: 'T',
  rules: RULES_2024,
};

/**
 * The 2025 summary (filed in January 2026). Current design: it stays valid (validTo null) so a later
 * exercise can still be computed, but the AEAT publishes the 390 design per exercise ("390 - Ejercicio
 * 2025", dr390e2025.xlsx, updated 05/12/2025), so it is published only through 2025-12-31: the 390 of
 * 2026 is computed with it under the DESIGN_NOT_PUBLISHED warning and its AEAT file is refused
 * (../index.ts). The 2026 form does change: Orden HAC/27/2026 (BOE 26-01-2026) adds to the 390 of the
 * 2026 exercise a box for the payments on account (modelo 319) deducted in the year, the 303's [112];
 * its number and position come with the AEAT's 2026 design, not published in the sources checked on
 * 2026-11-27 (layouts/sources/SOURCES.md). When it is, add it here as `design390v2026` (validFrom
 * 2026-01-01) with its layout, and close this one (validTo 2025-12-31).
 */
export const design390v2025: Design390 = {
  id: '390-2025',
  modelType: '390',
  validFrom: '2025-01-01',
  validTo: null,
  publishedThrough: '2025-12-31',
  source: `${SOURCE_2024_2025}/2025.`,
  boxes: boxesOf(RULES_2024),
  pages: layout390v2025,
  fileFormat: 'T',
  rules: RULES_2024,
};

export const DESIGNS_390: readonly Design390[] = [design390v2023, design390v2024, design390v2025];

export function rulesOf390(design: ModelDesign): Rules390 {
  const rules = (design as Partial<Design390>).rules ?? DESIGNS_390.find((d) => d.id === design.id)?.rules;
  if (!rules) throw new Error(`El diseño ${design.id} no tiene reglas del modelo 390`);
  return rules;
}

// --- the computation ----------------------------------------------------------------------------

const sumOf = (sums: BoxSums, t: RateBoxes, which: 0 | 1) => sums.sum(Object.values(t).map((p) => p[which]));

/** The year's lines: `input.aggregates` ('0A'), else the four quarters merged. */
function linesOfYear(input: ModelInput): PeriodLines {
  const hasLines = (p: PeriodLines) => (p.byKey.ISSUED?.length ?? 0) + (p.byKey.RECEIVED?.length ?? 0) > 0;
  if (hasLines(input.aggregates) || !input.quarters) return input.aggregates;
  const quarters = Object.values(input.quarters);
  return {
    byKey: {
      ISSUED: quarters.flatMap((q) => q.byKey.ISSUED ?? []),
      RECEIVED: quarters.flatMap((q) => q.byKey.RECEIVED ?? []),
    },
    byCounterparty: {
      ISSUED: quarters.flatMap((q) => q.byCounterparty.ISSUED ?? []),
      RECEIVED: quarters.flatMap((q) => q.byCounterparty.RECEIVED ?? []),
    },
    byInvoiceType: {
      ISSUED: quarters.flatMap((q) => q.byInvoiceType.ISSUED ?? []),
      RECEIVED: quarters.flatMap((q) => q.byInvoiceType.RECEIVED ?? []),
    },
  };
}

/** The year's 303s, one per period (a submitted one wins over a generated one), in period order. */
export function year303s(earlier: readonly EarlierReturn[], year: number): EarlierReturn[] {
  const byPeriod = new Map<string, EarlierReturn>();
  for (const r of earlier) {
    if (r.modelType !== '303' || r.year !== year || r.period === '0A') continue;
    const seen = byPeriod.get(r.period);
    if (!seen || r.status === 'SUBMITTED' || seen.status !== 'SUBMITTED') byPeriod.set(r.period, r);
  }
  return [...byPeriod.values()].sort(comparePeriods);
}

function deductibleBaseOf(line: AggregateLine): number {
  if (line.deductibleBaseCents !== 0 || line.deductibleVatCents === 0) return line.deductibleBaseCents;
  if (line.vatCents === 0) return line.baseCents;
  // A line recorded without its deductible base (before grammar v2): in proportion to the deductible VAT.
  return Number(
    roundHalfUpBig(BigInt(line.baseCents) * BigInt(line.deductibleVatCents), BigInt(line.vatCents)),
  );
}

/** The deduction tables of a received kind: current goods and services, investment goods. */
const DEDUCTION_TABLES: Readonly<Record<string, readonly [keyof Rules390, keyof Rules390]>> = {
  DOMESTIC: ['deductibleCurrent', 'deductibleInvestment'],
  REVERSE_CHARGE: ['deductibleCurrent', 'deductibleInvestment'],
  IMPORT: ['importCurrent', 'importInvestment'],
  INTRA_EU_GOODS: ['intraEuGoodsCurrent', 'intraEuGoodsInvestment'],
  INTRA_EU_SERVICES: ['intraEuServicesDeductible', 'intraEuServicesDeductible'],
};

/** The boxes summed from the year's lines (devengado, deducible, volume). */
function sumYear(
  lines: PeriodLines,
  periodicity: 'MONTHLY' | 'QUARTERLY',
  design: ModelDesign,
  rules: Rules390,
) {
  const sums = new BoxSums();
  const issues: ModelIssue[] = [];
  const unmapped = (what: string, rateBp: number, src: string) =>
    issues.push({
      code: 'UNMAPPED_RATE',
      field: src,
      message: `${what} del ${pct(rateBp)} % no tiene casilla en el diseño ${design.id} del modelo 390 (${src}).`,
      severity: 'ERROR',
    });
  const unknown = (key: string) =>
    issues.push({
      code: 'UNKNOWN_KEY',
      field: key,
      message: `La clave ${key} de los libros no se reconoce; no se ha incluido en ninguna casilla.`,
      severity: 'WARNING',
    });
  const byRate = (
    t: RateBoxes,
    rateBp: number,
    base: number,
    quota: number,
    src: string,
    what: string,
    quiet = false,
  ) => {
    const p = t[rateBp];
    if (p) {
      sums.add(p[0], base, src);
      sums.add(p[1], quota, src);
    } else if (!quiet) {
      unmapped(what, rateBp, src);
    }
  };

  for (const l of lines.byKey.ISSUED ?? []) {
    const src = `ISSUED:${l.taxKey}`;
    if (l.taxKey === IRPF_KEY) continue;
    if (l.taxKey.startsWith(CASH_KEY_PREFIX)) {
      const cash = parseCashKey(l.taxKey);
      if (!cash) {
        unknown(l.taxKey);
        continue;
      }
      // Only subject, non-exempt operations (S1) accrue on collection; the settlements of an RECC
      // invoice's other groups (exempt, ISP…) repeat amounts already declared by invoice date.
      if (cash.operation !== 'S1') continue;
      byRate(rules.cashBasis, cash.vatRateBp, l.baseCents, l.vatCents, src, 'El tipo de IVA');
      if (cash.recargoRateBp !== 0) {
        byRate(
          rules.recargo,
          cash.recargoRateBp,
          l.baseCents,
          l.recargoCents,
          src,
          'El recargo de equivalencia',
        );
      }
      continue;
    }
    const k = parseIssuedKey(l.taxKey);
    if (!k) {
      unknown(l.taxKey);
      continue;
    }
    switch (k.operation) {
      case 'S1':
        if (k.regime === 'C') {
          sums.add('654', l.baseCents, src);
          sums.add('655', l.vatCents, src);
          sums.add('653', l.baseCents, src);
          break;
        }
        sums.add('99', l.baseCents, src);
        if (isEarlierPeriod(k.mod, periodicity)) {
          sums.add('29', l.baseCents, src);
          sums.add('30', l.vatCents, src);
          if (k.recargoRateBp !== 0 || l.recargoCents !== 0) {
            sums.add('43', l.baseCents, src);
            sums.add('44', l.recargoCents, src);
          }
        } else {
          byRate(rules.ordinary, k.vatRateBp, l.baseCents, l.vatCents, src, 'El tipo de IVA');
          if (k.recargoRateBp !== 0) {
            byRate(
              rules.recargo,
              k.recargoRateBp,
              l.baseCents,
              l.recargoCents,
              src,
              'El recargo de equivalencia',
            );
          }
        }
        break;
      case 'S2':
        sums.add('125', l.baseCents, src);
        break;
      case 'E5':
        sums.add('103', l.baseCents, src);
        break;
      case 'N2':
        // One-stop shop (grammar v6 `oss` part): [126], as the 303's [123].
        sums.add(k.oss ? '126' : k.region === 'EU' ? '103' : '110', l.baseCents, src);
        break;
      case 'E2':
      case 'E3':
      case 'E4':
        sums.add('104', l.baseCents, src);
        break;
      case 'E1':
      case 'E6':
        sums.add('105', l.baseCents, src);
        break;
      case 'N1':
        break;
      default:
        unknown(l.taxKey);
    }
  }

  for (const l of lines.byKey.RECEIVED ?? []) {
    const src = `RECEIVED:${l.taxKey}`;
    // Withholdings, untyped or typed (`IRPF|<kind>|<key>`, issue 15): the 111/115/123/216's, not VAT.
    if (l.taxKey === IRPF_KEY || l.taxKey.startsWith(IRPF_KEY_PREFIX)) continue;
    if (l.taxKey.startsWith(CASH_KEY_PREFIX)) {
      // Arts. 163 terdecies and quinquiesdecies.Uno LIVA: deducted when paid (or at the deadline), by rate.
      const cash = parseReceivedCashKey(l.taxKey);
      const tables = cash && DEDUCTION_TABLES[cash.kind];
      if (!cash || !tables) {
        unknown(l.taxKey);
        continue;
      }
      byRate(
        rules[cash.investmentGoods ? tables[1] : tables[0]],
        cash.vatRateBp,
        deductibleBaseOf(l),
        l.deductibleVatCents,
        src,
        'El tipo de IVA',
        cash.vatRateBp === 0,
      );
      continue;
    }
    const k = parseReceivedKey(l.taxKey);
    if (!k) {
      unknown(l.taxKey);
      continue;
    }
    if (k.regime === 'C') {
      // The criterio de caja (the supplier's or the company's own): informative by the general
      // rule; the non-deductible base (art. 95 LIVA) is the invoice's, its deduction comes from the
      // CAJA settlements.
      sums.add('656', l.baseCents, src);
      sums.add('657', l.vatCents, src);
      sums.add('232', l.baseCents - deductibleBaseOf(l), src);
      continue;
    }
    const earlier = isEarlierPeriod(k.mod, periodicity);
    const dBase = deductibleBaseOf(l);
    const dVat = l.deductibleVatCents;
    const accrue = (t: RateBoxes) => {
      if (earlier) {
        sums.add('29', l.baseCents, src);
        sums.add('30', l.vatCents, src);
      } else {
        byRate(t, k.vatRateBp, l.baseCents, l.vatCents, src, 'El tipo de IVA');
      }
    };
    const deduct = (current: RateBoxes, investment: RateBoxes) => {
      if (['DOMESTIC', 'REVERSE_CHARGE', 'INTRA_EU_GOODS', 'INTRA_EU_SERVICES', 'IMPORT'].includes(k.kind)) {
        sums.add('232', l.baseCents - dBase, src);
      }
      if (earlier) {
        sums.add('639', dBase, src);
        sums.add('62', dVat, src);
        return;
      }
      // A 0 % base deducts nothing and has no box in the 390.
      byRate(
        k.investmentGoods ? investment : current,
        k.vatRateBp,
        dBase,
        dVat,
        src,
        'El tipo de IVA',
        k.vatRateBp === 0,
      );
    };
    switch (k.kind) {
      case 'DOMESTIC':
        deduct(rules.deductibleCurrent, rules.deductibleInvestment);
        break;
      case 'REVERSE_CHARGE':
        sums.add(earlier ? '29' : '27', l.baseCents, src);
        sums.add(earlier ? '30' : '28', l.vatCents, src);
        deduct(rules.deductibleCurrent, rules.deductibleInvestment);
        break;
      case 'INTRA_EU_GOODS':
        accrue(rules.intraEuGoods);
        deduct(rules.intraEuGoodsCurrent, rules.intraEuGoodsInvestment);
        break;
      case 'INTRA_EU_SERVICES':
        accrue(rules.intraEuServices);
        deduct(rules.intraEuServicesDeductible, rules.intraEuServicesDeductible);
        break;
      case 'IMPORT':
        deduct(rules.importCurrent, rules.importInvestment);
        break;
      case 'EXEMPT':
      case 'NOT_SUBJECT':
        break;
      default:
        unknown(l.taxKey);
    }
  }
  return { sums, issues };
}

const DEDUCTIBLE_TABLES: readonly (keyof Rules390)[] = [
  'deductibleCurrent',
  'deductibleInvestment',
  'importCurrent',
  'importInvestment',
  'intraEuGoodsCurrent',
  'intraEuGoodsInvestment',
  'intraEuServicesDeductible',
];

export function compute390(input: ModelInput, design: ModelDesign): ModelComputation {
  const rules = rulesOf390(design);
  const returns = year303s(input.earlier, input.year);
  const periodicity: 'MONTHLY' | 'QUARTERLY' =
    returns.length > 0
      ? returns.some((r) => periodicityOfPeriod(r.period) === 'MONTHLY')
        ? 'MONTHLY'
        : 'QUARTERLY'
      : filesVatMonthly(input.facts)
        ? 'MONTHLY'
        : 'QUARTERLY';
  const { sums, issues } = sumYear(linesOfYear(input), periodicity, design, rules);

  // The 303s' manual boxes (page entries), unless the person gives them here.
  const from303 = (b: string) => returns.reduce((s, r) => s + (r.boxes[b] ?? 0), 0);
  sums.set('61', from303('42'));
  sums.set('63', from303('43'));
  sums.set('522', from303('44'));
  sums.set('658', from303('76'));
  sums.set('659', from303('77'));
  const manual = manualBoxValues(design.boxes, input.adjustments, issues);
  for (const [b, v] of Object.entries(manual)) sums.set(b, v);

  // Prorrata (arts. 102-104 LIVA) on each deductible quota box.
  const prorrataBp = input.facts.prorrataBp;
  if (prorrataBp !== null) {
    for (const t of DEDUCTIBLE_TABLES) {
      for (const [, quota] of Object.values(rules[t])) sums.set(quota, applyBp(sums.get(quota), prorrataBp));
    }
    sums.set('62', applyBp(sums.get('62'), prorrataBp));
  }

  // Totals of IVA devengado.
  const accruedTables = [rules.ordinary, rules.cashBasis, rules.intraEuGoods, rules.intraEuServices];
  sums.set('33', accruedTables.reduce((s, t) => s + sumOf(sums, t, 0), 0) + sums.sum(['27', '29', '31']));
  sums.set('34', accruedTables.reduce((s, t) => s + sumOf(sums, t, 1), 0) + sums.sum(['28', '30', '32']));
  sums.set('47', sums.get('34') + sumOf(sums, rules.recargo, 1) + sums.sum(['44', '46']));
  // Totals of IVA deducible.
  const totals: [keyof Rules390, string, string][] = [
    ['deductibleCurrent', '48', '49'],
    ['deductibleInvestment', '50', '51'],
    ['importCurrent', '52', '53'],
    ['importInvestment', '54', '55'],
    ['intraEuGoodsCurrent', '56', '57'],
    ['intraEuGoodsInvestment', '58', '59'],
    ['intraEuServicesDeductible', '597', '598'],
  ];
  for (const [t, b, c] of totals) {
    sums.set(b, sumOf(sums, rules[t], 0));
    sums.set(c, sumOf(sums, rules[t], 1));
  }
  sums.set('64', sums.sum(['49', '51', '53', '55', '57', '59', '598', '61', '62', '63', '522']));
  sums.set('65', sums.get('47') - sums.get('64'));
  sums.set('84', sums.get('65') + sums.get('658'));

  // Compensation from earlier years: what was pending on 1 January, applied oldest first.
  // The year's first 303 shows it in [110]; without it, the previous year's last 303 carries it.
  const first = returns[0];
  const firstOfYear = first && (first.period === '1T' || first.period === '01') ? first : undefined;
  const pendingAtStart =
    input.adjustments.compensationFromPreviousCents ??
    firstOfYear?.boxes['110'] ??
    carriedCompensation(input.earlier, input.year, '01')?.cents ??
    0;
  const appliedInYear =
    returns.length > 0
      ? from303('78')
      : Math.min(pendingAtStart, Math.max(0, sums.get('84') + sums.get('659')));
  sums.set('85', Math.min(pendingAtStart, appliedInYear));
  sums.set('86', sums.get('84') + sums.get('659') - sums.get('85'));

  // Results of the year's 303s.
  const last = returns.find((r) => isLastPeriodOfYear(r.period));
  const isPaid = (t: ResultType) => t === 'I' || t === 'U' || t === 'G';
  const isRefund = (t: ResultType) => t === 'D' || t === 'X' || t === 'V';
  sums.set(
    '95',
    returns
      .filter((r) => isPaid(r.result.type))
      .reduce((s, r) => s + (r.boxes['71'] ?? r.result.amountCents), 0),
  );
  sums.set(
    '96',
    returns
      .filter((r) => r !== last && isRefund(r.result.type))
      .reduce((s, r) => s + Math.abs(r.boxes['71'] ?? r.result.amountCents), 0),
  );
  const lastAmount = last ? Math.abs(last.boxes['71'] ?? last.result.amountCents) : 0;
  sums.set('97', last?.result.type === 'C' ? lastAmount : 0);
  sums.set('98', last && isRefund(last.result.type) ? lastAmount : 0);
  if (last) {
    const stillFromEarlierYears = pendingAtStart - sums.get('85');
    sums.set('662', Math.max(0, (last.boxes['87'] ?? 0) - stillFromEarlierYears));
  }

  // Volume of operations (art. 121 LIVA).
  sums.set(
    '108',
    sums.sum(['99', '653', '103', '104', '105', '110', '125', '126', '127']) - sums.sum(['106', '107']),
  );

  const boxes = completeBoxes(design.boxes, sums);
  issues.push(...negativeBoxIssues(design.boxes, boxes));
  issues.push(...crossCheck(returns, boxes, input.year));

  let type: ResultType;
  if (last) {
    type = last.result.type;
  } else {
    const r = boxes['86'] as number;
    type = r > 0 ? 'I' : r === 0 ? 'N' : 'C';
    issues.push({
      code: 'MISSING_LAST_303',
      field: 'result',
      message:
        'No consta la autoliquidación (303) del último periodo del año: las casillas [97] y [98] quedan a cero y el resultado se toma de [86].',
      severity: 'WARNING',
    });
  }
  return {
    modelType: '390',
    year: input.year,
    period: input.period,
    design: design.id,
    boxes,
    result: { type, amountCents: boxes['86'] as number },
    allowedResultTypes: [type],
    records: [],
    issues,
    sources: completeSources(design.boxes, sums),
  };
}

/**
 * The 390 against the year's 303s (reference notes §6, advice 4): when every period of the year has
 * its 303, Σ [27] = [47], Σ [45] = [64] and Σ [46] = [65]; a difference is a warning (a 303 computed
 * before an invoice was added or removed, or the rounding of the prorrata per box).
 */
function crossCheck(returns: EarlierReturn[], boxes: Record<string, number>, year: number): ModelIssue[] {
  const periods = new Set(returns.map((r) => r.period));
  const complete =
    ['1T', '2T', '3T', '4T'].every((p) => periods.has(p)) ||
    ['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12'].every((p) => periods.has(p));
  if (!complete) {
    return [
      {
        code: 'MISSING_303',
        field: 'earlier',
        message: `No constan todas las autoliquidaciones (303) de ${year}; no se puede contrastar el resumen anual con ellas.`,
        severity: 'WARNING',
      },
    ];
  }
  const out: ModelIssue[] = [];
  for (const [b303, b390] of [
    ['27', '47'],
    ['45', '64'],
    ['46', '65'],
  ] as const) {
    const total = returns.reduce((s, r) => s + (r.boxes[b303] ?? 0), 0);
    if (total !== boxes[b390]) {
      out.push({
        code: 'CROSS_CHECK_303',
        field: b390,
        message: `La suma de las casillas [${b303}] de los modelos 303 de ${year} (${formatEuros(total)}) no coincide con la casilla [${b390}] del 390 (${formatEuros(boxes[b390] ?? 0)}).`,
        severity: 'WARNING',
      });
    }
  }
  return out;
}

export const model390: ModelDefinition = {
  modelType: '390',
  name: 'IVA. Declaración-resumen anual',
  periodicities: ['ANNUAL'],
  designs: [...DESIGNS_390],
  compute: compute390,
};
