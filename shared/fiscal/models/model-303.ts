/**
 * Modelo 303 (IVA, autoliquidación), quarterly and monthly, as versioned data (issue 14 items 2
 * and 3): each design lists its boxes (page 01 "Liquidación" and page 03 "Información adicional" /
 * "Resultado"), the box each VAT and recargo rate goes to and the constants of its rate fields, and
 * its AEAT record layout. The computation reads only the period's aggregate lines (grammar v2 of
 * ../aggregate-keys.ts) and the returns of earlier periods (the compensation carried in [110]).
 *
 * Box by box (reference notes ../shared/reference/tax-models.md §2.2; AEAT DR303e24v200):
 *  - issued S1 (sujeta y no exenta) by VAT rate: [150]-[152] 0 %, [165]-[167] 2 %, [01]-[03] 4 %,
 *    [153]-[155] 7,5 %, [04]-[06] 10 %, [07]-[09] 21 %; its recargo de equivalencia by RE rate:
 *    [156]-[158] 1,75 %, [168]-[170] 0,26 % / 0,5 %, [16]-[18] 1 %, [19]-[21] 1,4 %, [22]-[24] 5,2 %;
 *  - a rectificativa of an earlier period (the key's mod marker: `Q` for every filer, `M` too for a
 *    monthly filer — `isEarlierPeriod`) goes to [14]/[15] (and its recargo to [25]/[26]) instead of
 *    the rate boxes; received ones to [40]/[41] on the deductible side and to [14]/[15] on the
 *    self-assessed side (intra-EU acquisitions and inversión del sujeto pasivo, as OCA's 2024-10 map
 *    does: ../shared/data/aeat/models/303/oca_2024-10_l10n.es.aeat.map.tax.line.csv);
 *  - received INTRA_EU_GOODS / INTRA_EU_SERVICES: accrued [10]/[11] (base and self-assessed VAT),
 *    deductible [36]/[37] (current) or [38]/[39] (investment goods, art. 108 LIVA);
 *    REVERSE_CHARGE: accrued [12]/[13], deductible [28]/[29] or [30]/[31]; DOMESTIC: [28]/[29] or
 *    [30]/[31]; IMPORT: [32]/[33] or [34]/[35]. Deductible amounts are the deductible base and VAT
 *    (art. 95 LIVA), times the prorrata when the profile has one (arts. 102-104 LIVA: [29] [31] [33]
 *    [35] [37] [39] and [41], each rounded half up; [44] is then the person's final regularisation);
 *  - page 03: [59] E5 and N2 to another member state; [60] E2, E3, E4; [120] N2 outside the EU;
 *    [122] S2 (the customer self-assesses); [123] one-stop-shop sales (an N2 key with the member
 *    state of consumption, grammar v6: not subject here, declared in the modelo 369; OCA's
 *    l10n_es_aeat_mod303_oss maps every OSS tax to [123]), still open to the person's value; [124]
 *    (subject here and declared in the OSS: goods dispatched from another member state to Spanish
 *    consumers) is not recorded by the books: 0 unless the person fills it;
 *  - criterio de caja (art. 163 terdecies LIVA): an S1 invoice with regime `C` accrues when
 *    collected, so the rate boxes take the period's `CAJA|…` settlement lines instead of the
 *    invoice, and the invoice's base and VAT go to [62]/[63] (what would have accrued by the
 *    general rule of art. 75 LIVA). On the received side the deduction waits for our payment when
 *    the supplier is under the regime (art. 163 quinquiesdecies.Uno LIVA) or the company itself is
 *    (art. 163 terdecies LIVA): [74]/[75] are the acquisitions "a las que sea de aplicación o afecte
 *    el régimen especial del criterio de caja" (DR303e24v200), so both. The invoice's DOMESTIC lines
 *    (`…|C`, whichever the reason the invoice stores) go to [74]/[75] (base and VAT borne, in the
 *    period the general rule would have deducted them: their book date) and deduct nothing; the
 *    period's received `CAJA|…` settlements (the share of
 *    each payment, or what is unpaid on 31 December of the year after the operation) deduct in
 *    [28]/[29] or [30]/[31], their deductible base and VAT, prorrata included;
 *  - totals and result: [27], [45], [46] = [27] − [45], [64] = [46] + [58] (simplified regime, page
 *    02, not supported: 0) + [76], [65] 100 % unless the person says otherwise, [66] = [64] × [65],
 *    [110] the compensation pending, [78] = min([110], max(0, [66] + [77] + [68])), [87] = [110] − [78],
 *    [69] = [66] + [77] − [78] + [68] + [108], [71] = [69] − [70] + [109] (+ [112] from 2026).
 */

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
import { applyBp, formatEsDecimal, roundHalfUpBig } from '../money';
import type { AggregateLine } from '../tax-aggregates';
import { layout303v2024_10, layout303v2026 } from './layouts/303';
import { isLastPeriodOfYear, periodicityOfPeriod } from './periods';
import {
  allowedResultTypesFor,
  BoxSums,
  carriedCompensation,
  chooseResultType,
  completeBoxes,
  completeSources,
  hasOperations,
  identityIssue,
  manualBoxValues,
  negativeBoxIssues,
} from './result';
import type {
  BoxDef,
  ModelComputation,
  ModelDefinition,
  ModelDesign,
  ModelInput,
  ModelIssue,
  PeriodLines,
} from './types';

// --- design data --------------------------------------------------------------------------------

/** Where the rates of a design go: base, rate field and quota boxes. */
export interface Rules303 {
  /** Issued S1 VAT rate (bp) → [base, rate field, quota]. A rate not listed has no box in the design. */
  vat: Readonly<Record<number, readonly [string, string, string]>>;
  /** Recargo de equivalencia rate (bp) → [base, rate field, quota]. */
  recargo: Readonly<Record<number, readonly [string, string, string]>>;
  /**
   * The value of each rate field (bp): the design's constant, or the default of a field that admits
   * several values ([169] "00026" or "00050"), which the period's lines decide when they have one rate.
   */
  rateFields: Readonly<Record<string, number>>;
  /** Boxes added to [71] besides [69] − [70] + [109] (2026: [112]). */
  resultAddends: readonly string[];
}

export interface Design303 extends ModelDesign {
  rules: Rules303;
}

type BoxOpts = { unit?: BoxDef['unit']; signed?: boolean; manual?: boolean };
const box = (b: string, label: string, section: string, o: BoxOpts = {}): BoxDef => ({
  box: b,
  label,
  unit: o.unit ?? 'CENTS',
  signed: o.signed ?? false,
  ...(o.manual ? { manual: true } : {}),
  section,
});

const S_RG = 'IVA devengado - Régimen general';
const S_AIB = 'IVA devengado - Adquisiciones intracomunitarias e inversión del sujeto pasivo';
const S_MOD = 'IVA devengado - Modificación de bases y cuotas';
const S_RE = 'IVA devengado - Recargo de equivalencia';
const S_TOT = 'IVA devengado - Total';
const S_DED = 'IVA deducible';
const S_INFO = 'Información adicional';
const S_RES = 'Resultado';
const S_RECT = 'Autoliquidación rectificativa';

/** A base / rate / quota triple of the form. */
const rateTriple = (b: string, t: string, c: string, what: string, section: string): BoxDef[] => [
  box(b, `${what} - Base imponible`, section),
  box(t, `${what} - Tipo %`, section, { unit: 'BP' }),
  box(c, `${what} - Cuota`, section),
];
const pair = (b: string, c: string, what: string, section: string, o: BoxOpts = {}): BoxDef[] => [
  box(b, `${what} - Base imponible`, section, o),
  box(c, `${what} - Cuota`, section, o),
];

/**
 * Pages 01 and 03 of the 303 as printed since period 10 / 4T-2024 (AEAT DR303e24v200, labels from
 * the design's descriptions; ../shared/data/aeat/models/303/layout_303_2024-10_from_AEAT_DR303e24v200.csv).
 * `signed` follows the design's field type (N = signed, Num = unsigned).
 */
const BOXES_303_2024_10: BoxDef[] = [
  ...rateTriple('150', '151', '152', 'Régimen general 0 %', S_RG),
  ...rateTriple('165', '166', '167', 'Régimen general 2 %', S_RG),
  ...rateTriple('01', '02', '03', 'Régimen general 4 %', S_RG),
  ...rateTriple('153', '154', '155', 'Régimen general 5 % / 7,5 %', S_RG),
  ...rateTriple('04', '05', '06', 'Régimen general 10 %', S_RG),
  ...rateTriple('07', '08', '09', 'Régimen general 21 %', S_RG),
  ...pair('10', '11', 'Adquisiciones intracomunitarias de bienes y servicios', S_AIB),
  ...pair('12', '13', 'Otras operaciones con inversión del sujeto pasivo (excepto adq. intracom.)', S_AIB),
  ...pair('14', '15', 'Modificación bases y cuotas', S_MOD, { signed: true }),
  ...rateTriple('156', '157', '158', 'Recargo de equivalencia 1,75 %', S_RE),
  ...rateTriple('168', '169', '170', 'Recargo de equivalencia 0,26 % / 0,5 %', S_RE),
  ...rateTriple('16', '17', '18', 'Recargo de equivalencia 1 %', S_RE),
  ...rateTriple('19', '20', '21', 'Recargo de equivalencia 1,4 %', S_RE),
  ...rateTriple('22', '23', '24', 'Recargo de equivalencia 5,2 %', S_RE),
  ...pair('25', '26', 'Modificaciones bases y cuotas del recargo de equivalencia', S_MOD, { signed: true }),
  box(
    '27',
    'Total cuota devengada ([152] + [167] + [03] + [155] + [06] + [09] + [11] + [13] + [15] + [158] + [170] + [18] + [21] + [24] + [26])',
    S_TOT,
    { signed: true },
  ),
  ...pair('28', '29', 'Por cuotas soportadas en operaciones interiores corrientes', S_DED),
  ...pair('30', '31', 'Por cuotas soportadas en operaciones interiores con bienes de inversión', S_DED),
  ...pair('32', '33', 'Por cuotas soportadas en las importaciones de bienes corrientes', S_DED),
  ...pair('34', '35', 'Por cuotas soportadas en las importaciones de bienes de inversión', S_DED),
  ...pair('36', '37', 'En adquisiciones intracomunitarias de bienes y servicios corrientes', S_DED),
  ...pair('38', '39', 'En adquisiciones intracomunitarias de bienes de inversión', S_DED),
  ...pair('40', '41', 'Rectificación de deducciones', S_DED, { signed: true }),
  box('42', 'Compensaciones Régimen especial de agricultura, ganadería y pesca - Cuota', S_DED, {
    signed: true,
    manual: true,
  }),
  box('43', 'Regularización bienes de inversión', S_DED, { signed: true, manual: true }),
  box('44', 'Regularización por aplicación del porcentaje definitivo de prorrata', S_DED, {
    signed: true,
    manual: true,
  }),
  box('45', 'Total a deducir ([29] + [31] + [33] + [35] + [37] + [39] + [41] + [42] + [43] + [44])', S_DED, {
    signed: true,
  }),
  box('46', 'Resultado régimen general ([27] - [45])', S_DED, { signed: true }),
  box('59', 'Entregas intracomunitarias de bienes y servicios', S_INFO, { signed: true }),
  box('60', 'Exportaciones y operaciones asimiladas', S_INFO, { signed: true }),
  box(
    '120',
    'Operaciones no sujetas por reglas de localización (excepto las incluidas en la casilla 123)',
    S_INFO,
    { signed: true },
  ),
  box('122', 'Operaciones sujetas con inversión del sujeto pasivo', S_INFO, { signed: true }),
  box(
    '123',
    'Operaciones no sujetas por reglas de localización acogidas a los regímenes especiales de ventanilla única',
    S_INFO,
    { signed: true, manual: true },
  ),
  box('124', 'Operaciones sujetas y acogidas a los regímenes especiales de ventanilla única', S_INFO, {
    signed: true,
    manual: true,
  }),
  ...pair(
    '62',
    '63',
    'Entregas y prestaciones en régimen especial del criterio de caja que habrían devengado por la regla general (art. 75 LIVA)',
    S_INFO,
    { signed: true },
  ),
  ...pair(
    '74',
    '75',
    'Adquisiciones a las que se aplica o afecta el régimen especial del criterio de caja',
    S_INFO,
    { signed: true },
  ),
  box('76', 'Regularización cuotas art. 80.Cinco.5ª LIVA', S_RES, { signed: true, manual: true }),
  box('64', 'Suma de resultados ([46] + [58] + [76])', S_RES, { signed: true }),
  box('65', '% atribuible a la Administración del Estado', S_RES, { unit: 'BP', manual: true }),
  box('66', 'Atribuible a la Administración del Estado', S_RES, { signed: true }),
  box('77', 'IVA a la importación liquidado por la Aduana pendiente de ingreso', S_RES, { manual: true }),
  box('110', 'Cuotas a compensar pendientes de periodos anteriores', S_RES),
  box('78', 'Cuotas a compensar de periodos anteriores aplicadas en este periodo', S_RES),
  box(
    '87',
    'Cuotas a compensar de periodos previos pendientes para periodos posteriores ([110] - [78])',
    S_RES,
  ),
  box(
    '68',
    'Resultado de la regularización anual (tributación conjunta a la Administración del Estado y a las Haciendas Forales)',
    S_RES,
    { signed: true, manual: true },
  ),
  box('69', 'Resultado de la autoliquidación ([66] + [77] - [78] + [68] + [108])', S_RES, { signed: true }),
  box(
    '70',
    'Resultados a ingresar de anteriores autoliquidaciones o liquidaciones administrativas del mismo periodo',
    S_RES,
    { manual: true },
  ),
  box(
    '109',
    'Devoluciones acordadas por la Agencia Tributaria por anteriores autoliquidaciones del mismo periodo',
    S_RES,
    { manual: true },
  ),
  box('71', 'Resultado ([69] - [70] + [109])', S_RES, { signed: true }),
  box(
    '108',
    'Otros ajustes (autoliquidación rectificativa por discrepancia de criterio administrativo)',
    S_RECT,
    { signed: true, manual: true },
  ),
  box('111', 'Rectificación - Importe', S_RECT, { manual: true }),
];

/**
 * 2026 (AEAT DR303e26v101): the same boxes re-ordered on page 01, plus [112] on page 03 (sum of box
 * [36] of the year's modelos 319, pago a cuenta de gasolinas, gasóleos y biocarburantes) and
 * [71] = [69] − [70] + [109] + [112] (reference notes §3.3).
 */
const BOXES_303_2026: BoxDef[] = [
  ...BOXES_303_2024_10.filter((b) => b.box !== '71'),
  box(
    '112',
    'Pagos a cuenta de gasolinas, gasóleos y biocarburantes (suma de la casilla [36] de los modelos 319)',
    S_RES,
    { signed: true, manual: true },
  ),
  box('71', 'Resultado ([69] - [70] + [109] + [112])', S_RES, { signed: true }),
];

/**
 * AEAT DR303e24v200 (v2.02), notes 8-10: from periods 10 / 4T-2024 [154] is the constant 7,5 %
 * ("00750"; 5 % only in 09 / 3T-2024, an earlier design), [17] the constant 1 % ("00100"),
 * [166] 2 % and [169] 0,26 % or 0,5 %; the other rate fields are constants (Nota 7).
 */
export const design303v2024_10: Design303 = {
  id: '303-2024-10',
  modelType: '303',
  validFrom: '2024-10-01',
  validTo: '2025-12-31',
  source:
    'AEAT, diseño de registro DR303e24v200 (v2.02, periodos 10 y 4T de 2024 en adelante; notas 7-10 para los tipos). ' +
    'Copia en ../shared/data/aeat/models/303/AEAT_DR303e24v200.xlsx (OCA/l10n-spain l10n_es_aeat_mod303/docs).',
  boxes: BOXES_303_2024_10,
  pages: layout303v2024_10,
  fileFormat: 'T',
  rules: {
    vat: {
      0: ['150', '151', '152'],
      200: ['165', '166', '167'],
      400: ['01', '02', '03'],
      750: ['153', '154', '155'],
      1000: ['04', '05', '06'],
      2100: ['07', '08', '09'],
    },
    recargo: {
      175: ['156', '157', '158'],
      26: ['168', '169', '170'],
      50: ['168', '169', '170'],
      100: ['16', '17', '18'],
      140: ['19', '20', '21'],
      520: ['22', '23', '24'],
    },
    rateFields: {
      '151': 0,
      '166': 200,
      '02': 400,
      '154': 750,
      '05': 1000,
      '08': 2100,
      '157': 175,
      '169': 50,
      '17': 100,
      '20': 140,
      '23': 520,
    },
    resultAddends: [],
  },
};

/**
 * From 1 January 2026 (AEAT DR303e26v101 as mirrored by OCA/l10n-spain PR #4819; derived table
 * ../shared/data/aeat/models/303/layout_303_2026_derived_from_oca_pr4819.csv, not yet checked
 * against AEAT's own xlsx): the temporary rates are gone — [166], [154] and [17] are written as
 * "00000" and no rate of 2 %, 5 %, 7,5 % or RE 0,26 % / 1 % has a box; [169] is 0,5 %.
 */
export const design303v2026: Design303 = {
  id: '303-2026',
  modelType: '303',
  validFrom: '2026-01-01',
  validTo: null,
  source:
    'AEAT, diseño de registro DR303e26v101 (periodos de 2026 en adelante), según OCA/l10n-spain PR #4819 ' +
    '(l10n_es_aeat_mod303/data/2026); tabla derivada ../shared/data/aeat/models/303/layout_303_2026_derived_from_oca_pr4819.csv.',
  boxes: BOXES_303_2026,
  pages: layout303v2026,
  fileFormat: 'T',
  rules: {
    vat: {
      0: ['150', '151', '152'],
      400: ['01', '02', '03'],
      1000: ['04', '05', '06'],
      2100: ['07', '08', '09'],
    },
    recargo: {
      175: ['156', '157', '158'],
      50: ['168', '169', '170'],
      140: ['19', '20', '21'],
      520: ['22', '23', '24'],
    },
    rateFields: {
      '151': 0,
      '166': 0,
      '02': 400,
      '154': 0,
      '05': 1000,
      '08': 2100,
      '157': 175,
      '169': 50,
      '17': 0,
      '20': 140,
      '23': 520,
    },
    resultAddends: ['112'],
  },
};

export const DESIGNS_303: readonly Design303[] = [design303v2024_10, design303v2026];

/** The rules of a design (its own, or those of the registered design with its id). */
export function rulesOf303(design: ModelDesign): Rules303 {
  const own = (design as Partial<Design303>).rules;
  const rules = own ?? DESIGNS_303.find((d) => d.id === design.id)?.rules;
  if (!rules) throw new Error(`El diseño ${design.id} no tiene reglas del modelo 303`);
  return rules;
}

// --- the formulas shared by the computation and the validation ----------------------------------

const TOTAL_ACCRUED = [
  '152',
  '167',
  '03',
  '155',
  '06',
  '09',
  '11',
  '13',
  '15',
  '158',
  '170',
  '18',
  '21',
  '24',
  '26',
];
const TOTAL_DEDUCTIBLE = ['29', '31', '33', '35', '37', '39', '41', '42', '43', '44'];
/** Deductible quotas the prorrata applies to (arts. 102-104 LIVA), [41] included: a rectified deduction was prorated too. */
const PRORATED = ['29', '31', '33', '35', '37', '39', '41'];

/** [66] = [64] × [65] (basis points), rounded half up. */
const percentOf = (cents: number, bp: number) => applyBp(cents, bp);

/**
 * The identities of pages 01 and 03 checked on a set of boxes (a computed or an edited return):
 * [27], [45], [46], [64], [66], [87], [69], [71] and [78] ≤ [110].
 */
export function check303Identities(boxes: Record<string, number>, design: ModelDesign): ModelIssue[] {
  const rules = rulesOf303(design);
  const v = (b: string) => boxes[b] ?? 0;
  const sum = (bs: readonly string[]) => bs.reduce((s, b) => s + v(b), 0);
  const issues: ModelIssue[] = [];
  const expect = (b: string, expected: number, formula: string) => {
    if (v(b) !== expected) issues.push(identityIssue(b, expected, v(b), formula));
  };
  expect('27', sum(TOTAL_ACCRUED), 'la suma de las cuotas devengadas');
  expect('45', sum(TOTAL_DEDUCTIBLE), 'la suma de las cuotas a deducir');
  expect('46', v('27') - v('45'), '[27] - [45]');
  expect('64', v('46') + v('76'), '[46] + [58] + [76]');
  expect('66', percentOf(v('64'), v('65')), '[64] × [65]');
  expect('87', v('110') - v('78'), '[110] - [78]');
  expect('69', v('66') + v('77') - v('78') + v('68') + v('108'), '[66] + [77] - [78] + [68] + [108]');
  const addends = rules.resultAddends;
  expect(
    '71',
    v('69') - v('70') + v('109') + sum(addends),
    `[69] - [70] + [109]${addends.map((a) => ` + [${a}]`).join('')}`,
  );
  if (v('78') > v('110')) {
    issues.push({
      code: 'BOX_IDENTITY',
      field: '78',
      message: '[78] no puede ser mayor que las cuotas pendientes de compensar [110].',
      severity: 'ERROR',
    });
  }
  return issues;
}

/** Negative unsigned boxes and broken identities of a 303 (for an edited or stored return). */
export function validate303Boxes(boxes: Record<string, number>, design: ModelDesign): ModelIssue[] {
  return [...negativeBoxIssues(design.boxes, boxes), ...check303Identities(boxes, design)];
}

// --- the computation ----------------------------------------------------------------------------

const pct = (bp: number) => formatEsDecimal(bp, 2, { trimZeros: true, grouping: false });

/** The base whose VAT is deductible (art. 95 LIVA share, before the prorrata), as the books record it. */
function deductibleBaseOf(line: AggregateLine): number {
  if (line.deductibleBaseCents !== 0 || line.deductibleVatCents === 0) return line.deductibleBaseCents;
  if (line.vatCents === 0) return line.baseCents;
  // A line recorded without its deductible base (before grammar v2): in proportion to the deductible VAT.
  return Number(
    roundHalfUpBig(BigInt(line.baseCents) * BigInt(line.deductibleVatCents), BigInt(line.vatCents)),
  );
}

const ISSUED_OPERATIONS = new Set(['S1', 'S2', 'N1', 'N2', 'E1', 'E2', 'E3', 'E4', 'E5', 'E6']);

type BoxPair = readonly [string, string];
/** The deduction boxes of a received kind: current goods and services, investment goods (art. 108 LIVA). */
const DEDUCTION_BOXES: Readonly<Record<string, { current: BoxPair; investment: BoxPair }>> = {
  DOMESTIC: { current: ['28', '29'], investment: ['30', '31'] },
  REVERSE_CHARGE: { current: ['28', '29'], investment: ['30', '31'] },
  IMPORT: { current: ['32', '33'], investment: ['34', '35'] },
  INTRA_EU_GOODS: { current: ['36', '37'], investment: ['38', '39'] },
  // Services are never investment goods (art. 108 LIVA): always [36]/[37].
  INTRA_EU_SERVICES: { current: ['36', '37'], investment: ['36', '37'] },
};

/** Sums the period's lines into the 303 boxes (before totals, prorrata and result). */
function sumLines(lines: PeriodLines, periodicity: 'MONTHLY' | 'QUARTERLY', design: Design303) {
  const { rules } = design;
  const sums = new BoxSums();
  const issues: ModelIssue[] = [];
  /** The rates actually routed to each rate field (to decide a field that admits several values). */
  const fieldRates = new Map<string, Set<number>>();
  const unknown = (key: string, book: string) =>
    issues.push({
      code: 'UNKNOWN_KEY',
      field: key,
      message: `La clave ${key} del libro ${book === 'ISSUED' ? 'de facturas emitidas' : 'de facturas recibidas'} no se reconoce; no se ha incluido en ninguna casilla.`,
      severity: 'WARNING',
    });

  /** S1 base, VAT and recargo to the rate boxes of the design. */
  const toRateBoxes = (
    vatRateBp: number,
    recargoRateBp: number,
    l: Pick<AggregateLine, 'baseCents' | 'vatCents' | 'recargoCents'>,
    src: string,
  ) => {
    const vat = rules.vat[vatRateBp];
    if (vat) {
      sums.add(vat[0], l.baseCents, src);
      sums.add(vat[2], l.vatCents, src);
      if (!fieldRates.has(vat[1])) fieldRates.set(vat[1], new Set());
      fieldRates.get(vat[1])?.add(vatRateBp);
    } else {
      issues.push({
        code: 'UNMAPPED_RATE',
        field: src,
        message: `El tipo de IVA del ${pct(vatRateBp)} % no tiene casilla en el diseño ${design.id} del modelo 303 (${src}).`,
        severity: 'ERROR',
      });
    }
    if (recargoRateBp === 0) return;
    const re = rules.recargo[recargoRateBp];
    if (re) {
      sums.add(re[0], l.baseCents, src);
      sums.add(re[2], l.recargoCents, src);
      if (!fieldRates.has(re[1])) fieldRates.set(re[1], new Set());
      fieldRates.get(re[1])?.add(recargoRateBp);
    } else {
      issues.push({
        code: 'UNMAPPED_RATE',
        field: src,
        message: `El recargo de equivalencia del ${pct(recargoRateBp)} % no tiene casilla en el diseño ${design.id} del modelo 303 (${src}).`,
        severity: 'ERROR',
      });
    }
  };

  for (const l of lines.byKey.ISSUED ?? []) {
    const src = `ISSUED:${l.taxKey}`;
    if (l.taxKey === IRPF_KEY) continue;
    if (l.taxKey.startsWith(CASH_KEY_PREFIX)) {
      const cash = parseCashKey(l.taxKey);
      if (!cash) {
        unknown(l.taxKey, 'ISSUED');
        continue;
      }
      // Only subject, non-exempt operations (S1) accrue on collection; the settlements of an RECC
      // invoice's other groups (exempt, ISP…) repeat amounts already declared by invoice date.
      if (cash.operation !== 'S1') continue;
      // Criterio de caja: what the period's collections settle accrues now (art. 163 terdecies LIVA).
      toRateBoxes(cash.vatRateBp, cash.recargoRateBp, l, src);
      continue;
    }
    const k = parseIssuedKey(l.taxKey);
    if (!k || !ISSUED_OPERATIONS.has(k.operation)) {
      unknown(l.taxKey, 'ISSUED');
      continue;
    }
    switch (k.operation) {
      case 'S1':
        if (k.regime === 'C') {
          // Accrues on collection (CAJA lines); informative by invoice date.
          sums.add('62', l.baseCents, src);
          sums.add('63', l.vatCents, src);
        } else if (isEarlierPeriod(k.mod, periodicity)) {
          sums.add('14', l.baseCents, src);
          sums.add('15', l.vatCents, src);
          if (k.recargoRateBp !== 0 || l.recargoCents !== 0) {
            sums.add('25', l.baseCents, src);
            sums.add('26', l.recargoCents, src);
          }
        } else {
          toRateBoxes(k.vatRateBp, k.recargoRateBp, l, src);
        }
        break;
      case 'S2':
        sums.add('122', l.baseCents, src);
        break;
      case 'E5':
        sums.add('59', l.baseCents, src);
        break;
      case 'N2':
        // One-stop shop: not subject here by the place-of-supply rules and declared in the 369.
        sums.add(k.oss ? '123' : k.region === 'EU' ? '59' : '120', l.baseCents, src);
        break;
      case 'E2':
      case 'E3':
      case 'E4':
        sums.add('60', l.baseCents, src);
        break;
      default:
        // E1, E6 (exempt without the right to deduct) and N1 (not subject, arts. 7 and 14 LIVA)
        // are not declared in the 303.
        break;
    }
  }

  for (const l of lines.byKey.RECEIVED ?? []) {
    const src = `RECEIVED:${l.taxKey}`;
    // Withholdings, untyped or typed (`IRPF|<kind>|<key>`, issue 15): the 111/115/123/216's, not VAT.
    if (l.taxKey === IRPF_KEY || l.taxKey.startsWith(IRPF_KEY_PREFIX)) continue;
    if (l.taxKey.startsWith(CASH_KEY_PREFIX)) {
      // Arts. 163 terdecies and quinquiesdecies.Uno LIVA: what the period's payments (or the
      // deadline) make deductible.
      const cash = parseReceivedCashKey(l.taxKey);
      const boxes = cash && DEDUCTION_BOXES[cash.kind];
      if (!cash || !boxes) {
        unknown(l.taxKey, 'RECEIVED');
        continue;
      }
      const [b, c] = cash.investmentGoods ? boxes.investment : boxes.current;
      sums.add(b, deductibleBaseOf(l), src);
      sums.add(c, l.deductibleVatCents, src);
      continue;
    }
    const k = parseReceivedKey(l.taxKey);
    if (!k) {
      unknown(l.taxKey, 'RECEIVED');
      continue;
    }
    if (k.regime === 'C') {
      // The criterio de caja (the supplier's or the company's own): informative by the general rule;
      // deducted when paid.
      sums.add('74', l.baseCents, src);
      sums.add('75', l.vatCents, src);
      continue;
    }
    const earlier = isEarlierPeriod(k.mod, periodicity);
    const dBase = deductibleBaseOf(l);
    const dVat = l.deductibleVatCents;
    const deduct = (current: [string, string], investment: [string, string]) => {
      const [b, c] = earlier ? ['40', '41'] : k.investmentGoods ? investment : current;
      sums.add(b, dBase, src);
      sums.add(c, dVat, src);
    };
    const accrue = (b: string, c: string) => {
      const [bb, cc] = earlier ? ['14', '15'] : [b, c];
      sums.add(bb, l.baseCents, src);
      sums.add(cc, l.vatCents, src);
    };
    switch (k.kind) {
      case 'DOMESTIC':
        deduct(['28', '29'], ['30', '31']);
        break;
      case 'REVERSE_CHARGE':
        accrue('12', '13');
        deduct(['28', '29'], ['30', '31']);
        break;
      case 'INTRA_EU_GOODS':
        accrue('10', '11');
        deduct(['36', '37'], ['38', '39']);
        break;
      case 'INTRA_EU_SERVICES':
        // Services are never investment goods (art. 108 LIVA): always [36]/[37].
        accrue('10', '11');
        deduct(['36', '37'], ['36', '37']);
        break;
      case 'IMPORT':
        deduct(['32', '33'], ['34', '35']);
        break;
      case 'EXEMPT':
      case 'NOT_SUBJECT':
        break;
      default:
        unknown(l.taxKey, 'RECEIVED');
    }
  }

  // Rate fields: the design's constant, or the single rate the lines of a multi-valued field carry.
  for (const [field, constant] of Object.entries(rules.rateFields)) {
    const rates = fieldRates.get(field);
    if (rates && rates.size === 1) {
      sums.set(field, [...rates][0] as number);
    } else {
      sums.set(field, constant);
      if (rates && rates.size > 1) {
        issues.push({
          code: 'RATE_FIELD',
          field,
          message: `La casilla [${field}] admite un solo tipo y el periodo tiene varios (${[...rates].map((r) => `${pct(r)} %`).join(', ')}); se declara el ${pct(constant)} %.`,
          severity: 'WARNING',
        });
      }
    }
  }
  return { sums, issues };
}

/** Whether a 303 is declared "sin actividad" (page 03): the person's choice, else no operation in the books. */
export const isNoActivity303 = (input: Pick<ModelInput, 'aggregates' | 'adjustments'>): boolean =>
  input.adjustments.noActivity ?? !hasOperations(input.aggregates);

export function compute303(input: ModelInput, design: ModelDesign): ModelComputation {
  const rules = rulesOf303(design);
  const d: Design303 = { ...design, rules };
  const periodicity = periodicityOfPeriod(input.period);
  if (periodicity === 'ANNUAL' || periodicity === 'INSTALMENTS') {
    throw new RangeError('El modelo 303 es mensual o trimestral');
  }
  const { sums, issues } = sumLines(input.aggregates, periodicity, d);
  const manual = manualBoxValues(design.boxes, input.adjustments, issues);
  for (const [b, v] of Object.entries(manual)) sums.set(b, v);

  // Prorrata (arts. 102-104 LIVA): only that share of the deductible quotas is deducted.
  const prorrataBp = input.facts.prorrataBp;
  if (prorrataBp !== null) {
    for (const b of PRORATED) sums.set(b, applyBp(sums.get(b), prorrataBp));
  } else if ((manual['44'] ?? 0) !== 0) {
    issues.push({
      code: 'PRORRATA',
      field: '44',
      message: '[44] solo procede cuando se aplica la prorrata; el perfil fiscal no tiene prorrata.',
      severity: 'WARNING',
    });
  }
  if ((manual['44'] ?? 0) !== 0 && !isLastPeriodOfYear(input.period)) {
    issues.push({
      code: 'PRORRATA',
      field: '44',
      message: '[44] (prorrata definitiva) se consigna en la autoliquidación del último periodo del año.',
      severity: 'WARNING',
    });
  }
  if ((manual['68'] ?? 0) !== 0 && !isLastPeriodOfYear(input.period)) {
    issues.push({
      code: 'LAST_PERIOD_ONLY',
      field: '68',
      message: '[68] (regularización anual) solo se consigna en el último periodo del año.',
      severity: 'WARNING',
    });
  }

  // Totals.
  sums.set('27', sums.sum(TOTAL_ACCRUED));
  sums.set('45', sums.sum(TOTAL_DEDUCTIBLE));
  sums.set('46', sums.get('27') - sums.get('45'));
  sums.set('64', sums.get('46') + sums.get('76'));
  const statePercent = manual['65'] ?? 10_000;
  if (statePercent < 0 || statePercent > 10_000) {
    issues.push({
      code: 'PERCENT_RANGE',
      field: '65',
      message: '[65] debe estar entre 0 y 100 %.',
      severity: 'ERROR',
    });
  }
  sums.set('65', statePercent);
  sums.set('66', percentOf(sums.get('64'), statePercent));

  // Compensation from earlier periods (art. 99.Cinco LIVA).
  const carried = carriedCompensation(input.earlier, input.year, input.period);
  const pending = input.adjustments.compensationFromPreviousCents ?? carried?.cents ?? 0;
  sums.set('110', pending);
  const applied = Math.min(pending, Math.max(0, sums.get('66') + sums.get('77') + sums.get('68')));
  sums.set('78', applied);
  sums.set('87', pending - applied);
  sums.set('69', sums.get('66') + sums.get('77') - applied + sums.get('68') + sums.get('108'));
  sums.set('71', sums.get('69') - sums.get('70') + sums.get('109') + sums.sum(rules.resultAddends));

  const boxes = completeBoxes(design.boxes, sums);
  const amount = boxes['71'] as number;
  const allowedResultTypes = allowedResultTypesFor(amount, input.period, input.facts);
  const type = chooseResultType(allowedResultTypes, input.adjustments, issues);

  const noActivity = isNoActivity303(input);
  if (noActivity && input.adjustments.noActivity === true && hasOperations(input.aggregates)) {
    issues.push({
      code: 'NO_ACTIVITY',
      field: 'noActivity',
      message: 'Se ha marcado «sin actividad» pero el periodo tiene operaciones en los libros.',
      severity: 'ERROR',
    });
  } else if (noActivity) {
    issues.push({
      code: 'NO_ACTIVITY',
      field: 'noActivity',
      message: 'El periodo no tiene operaciones: se declara «sin actividad».',
      severity: 'WARNING',
    });
  }
  if (noActivity && amount !== 0) {
    issues.push({
      code: 'NO_ACTIVITY',
      field: '71',
      message: 'Una declaración «sin actividad» debe tener resultado cero.',
      severity: 'ERROR',
    });
  }

  issues.push(...validate303Boxes(boxes, design));
  return {
    modelType: '303',
    year: input.year,
    period: input.period,
    design: design.id,
    boxes,
    result: { type, amountCents: amount },
    allowedResultTypes,
    records: [],
    issues,
    sources: completeSources(design.boxes, sums),
  };
}

export const model303: ModelDefinition = {
  modelType: '303',
  name: 'IVA. Autoliquidación',
  periodicities: ['QUARTERLY', 'MONTHLY'],
  designs: [...DESIGNS_303],
  compute: compute303,
};
