/**
 * Modelo 131 (IRPF, pago fraccionado de actividades económicas en estimación objetiva, "módulos"), quarterly,
 * as versioned data (issue 15 items 2 and 5): its boxes, the dated percentages the computation reads and its
 * AEAT record layout. Unlike the 130 it is NOT cumulative: each quarter is computed on its own (art. 110.1.b
 * RIRPF), from the activities' modules the person enters (adjustments.modulesData), the quarter's books (the
 * withholdings borne) and the 131s of the earlier quarters (negative results still to deduct).
 *
 * Box by box (AEAT design DR131e2019; art. 110 RIRPF):
 *  - per activity (at most the design's occurrences, 5): the IAE epigraph; RN<n> its net income under the
 *    method, from the data on 1 January: roundHalfUp(moduleUnits × unitValue) − deductions (the module values
 *    of the Orden de módulos are ANNUAL amounts per unit, and so is this net income: art. 110.1.b applies the
 *    percentage to "los rendimientos netos resultantes de la aplicación de dicho método en función de los
 *    datos-base del primer día del año"; the quarterly share is in the percentage itself); PA<n> the
 *    percentage: 4 %, 3 % when the activity has only one employee, 2 % without employees (adjustments.
 *    irpfRateBp overrides it for every activity); RP<n> = RN<n> × PA<n>, rounded half up to the cent;
 *  - [01] Σ RN; [02] Σ RP;
 *  - [03] the quarter's sales of activities for which no data-base could be determined (the person's) and
 *    [04] 2 % of it; [05] the quarter's income of agricultural, livestock and forestry activities (the
 *    person's; excluding capital subsidies and compensation) and [06] 2 % of it (art. 110.1.b last
 *    paragraph and 110.1.c RIRPF);
 *  - [07] = [02] + [04] + [06]; [08] the withholdings borne in the quarter (art. 110.3.b RIRPF: the 1 % of
 *    art. 95.6 RIRPF on módulos invoices, 2 % for agricultural ones): Σ irpf of the ISSUED `IRPF` key of the
 *    quarter's books; [09] the reduction by the previous year's net activity income (art. 110.3.c RIRPF, the
 *    130's brackets: ./model-130.ts `previousYearReduction`), at most the positive [07] − [08];
 *  - [10] = [07] − [08] − [09]; [11] the negative results ([15]) of the year's earlier 131s not deducted yet
 *    (their own [11]), at most the positive [10]; [12] the housing-loan deduction (the person's; DT 18ª
 *    LIRPF), at most [10] − [11]; [13] = [10] − [11] − [12]; [14] (complementary returns) the result of the
 *    earlier return for the period; [15] = [13] − [14].
 * Result: [15] > 0 → I (or U, G); 0 → N; negative → B (a deducir, recovered through [11] of the later quarters)
 * in 1T–3T and N in 4T (the annual IRPF return settles it), as the 130.
 *
 * Earlier instalments are not deducted: the 131 has no box for them (a quarter is never cumulative), so an
 * `adjustments.previousPaymentsCents` is reported and ignored. The number of employees of each activity is
 * read from the activity's `employees` (see `ModuleActivity131`): ModuleActivityInput does not carry it yet.
 */

import { IRPF_KEY } from '../aggregate-keys';
import { applyBp, formatEuros, roundHalfUp } from '../money';
import { layout131v2019 } from './layouts/131';
import { previousYearReduction } from './model-130';
import { isLastPeriodOfYear, periodicityOfPeriod, QUARTER_PERIODS } from './periods';
import {
  BoxSums,
  chooseResultType,
  completeBoxes,
  completeSources,
  manualBoxValues,
  negativeBoxIssues,
} from './result';
import type {
  BoxDef,
  EarlierReturn,
  ModelAdjustments,
  ModelComputation,
  ModelDefinition,
  ModelDesign,
  ModelInput,
  ModelIssue,
  ModelPeriod,
  ModuleActivityInput,
  ResultType,
} from './types';

// --- dated data ---------------------------------------------------------------------------------

/** The percentages of the 131 in force for tax years (art. 110.1.b and c RIRPF). */
export interface ModulesInstalmentRule {
  fromYear: number;
  /** Last tax year it applies to; null while current. */
  toYear: number | null;
  /** Of the activity's annual net income: in general, with only one employee, without employees. */
  generalBp: number;
  oneEmployeeBp: number;
  noEmployeesBp: number;
  /** Of the quarter's sales when no data-base can be determined ([03] → [04]). */
  noDataBaseBp: number;
  /** Of the quarter's agricultural, livestock and forestry income ([05] → [06]). */
  agriculturalBp: number;
  source: string;
}

export const MODULES_INSTALMENT_RULES: readonly ModulesInstalmentRule[] = [
  {
    fromYear: 2007,
    toYear: null,
    generalBp: 400,
    oneEmployeeBp: 300,
    noEmployeesBp: 200,
    noDataBaseBp: 200,
    agriculturalBp: 200,
    source:
      'Art. 110.1.b y c del Reglamento del IRPF (RD 439/2007): 4 %, 3 % con una sola persona asalariada, 2 % sin personal asalariado; 2 % de las ventas del trimestre sin datos-base y de los ingresos agrícolas, ganaderos y forestales.',
  },
];

export const modulesInstalmentRule = (year: number): ModulesInstalmentRule | undefined =>
  MODULES_INSTALMENT_RULES.find((r) => r.fromYear <= year && (r.toYear === null || r.toYear >= year));

// --- activities ---------------------------------------------------------------------------------

/**
 * An activity of the 131 with the number of salaried employees it had on 1 January (art. 110.1.b RIRPF:
 * the percentage depends on it). `employees` is not part of ModuleActivityInput yet; absent, the profile's
 * `hasEmployees` decides between 4 % and 2 %.
 */
export interface ModuleActivity131 extends ModuleActivityInput {
  employees?: number;
}

function employeesOf(activity: ModuleActivityInput): number | undefined {
  if (!('employees' in activity)) return undefined;
  const value: unknown = activity.employees;
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** The number of activity occurrences of a design: its RN<n> fields (5 in DR131e2019). */
export function activityOccurrences(design: ModelDesign): number {
  return design.pages.reduce(
    (n, page) => n + page.fields.filter((f) => /^box:RN\d+$/.test(f.source)).length,
    0,
  );
}

/**
 * The file values of the 131 that are not boxes: each activity's IAE epigraph (`iaeEpigraph<n>`), for the
 * "<T" file's identity (../aeat-file.ts `FileIdentity`).
 */
export function fileValues131(adjustments: ModelAdjustments): Record<string, string> {
  const out: Record<string, string> = {};
  (adjustments.modulesData ?? []).forEach((a, i) => {
    out[`iaeEpigraph${i + 1}`] = a.activityCode;
  });
  return out;
}

// --- design data --------------------------------------------------------------------------------

type BoxOpts = { signed?: boolean; manual?: boolean; unit?: BoxDef['unit'] };
const box = (b: string, label: string, section: string, o: BoxOpts = {}): BoxDef => ({
  box: b,
  label,
  unit: o.unit ?? 'CENTS',
  signed: o.signed ?? false,
  ...(o.manual ? { manual: true } : {}),
  section,
});

const S_MODULES = 'Actividades en estimación objetiva (excepto agrícolas, ganaderas y forestales)';
const S_NO_DATA = 'Actividades sin datos-base';
const S_AGRI = 'Actividades agrícolas, ganaderas y forestales';
const S_TOTAL = 'Total liquidación';

const activityBoxes = (n: number): BoxDef[] => [
  box(`RN${n}`, `Actividad ${n}: rendimiento neto de la actividad`, S_MODULES, { signed: true }),
  box(`PA${n}`, `Actividad ${n}: porcentaje aplicable`, S_MODULES, { unit: 'BP' }),
  box(`RP${n}`, `Actividad ${n}: resultado de aplicar el porcentaje`, S_MODULES, { signed: true }),
];

/** The boxes of DR131e2019: five activities, then [01]–[15]. */
const BOXES_131: BoxDef[] = [
  ...[1, 2, 3, 4, 5].flatMap(activityBoxes),
  box('01', 'Suma de rendimientos netos', S_MODULES, { signed: true }),
  box('02', 'Pago fraccionado previo: suma de resultados', S_MODULES, { signed: true }),
  box('03', 'Volumen de ventas o ingresos del trimestre', S_NO_DATA, { manual: true }),
  box('04', 'Pago fraccionado previo (2 % de [03])', S_NO_DATA),
  box(
    '05',
    'Volumen de ingresos del trimestre (excluidas subvenciones de capital e indemnizaciones)',
    S_AGRI,
    {
      manual: true,
    },
  ),
  box('06', 'Pago fraccionado previo del trimestre (2 % de [05])', S_AGRI),
  box('07', 'Suma de los pagos fraccionados previos del trimestre ([02] + [04] + [06])', S_TOTAL, {
    signed: true,
  }),
  box('08', 'A deducir: retenciones e ingresos a cuenta del trimestre', S_TOTAL),
  box('09', 'A deducir: minoración por aplicación de la deducción del art. 110.3.c) del Reglamento', S_TOTAL),
  box('10', 'Diferencia ([07] - [08] - [09])', S_TOTAL, { signed: true }),
  box('11', 'A deducir: resultados negativos de trimestres anteriores', S_TOTAL),
  box(
    '12',
    'A deducir: pago de préstamos para la adquisición o rehabilitación de la vivienda habitual',
    S_TOTAL,
    {
      manual: true,
    },
  ),
  box('13', 'Total ([10] - [11] - [12])', S_TOTAL, { signed: true }),
  box(
    '14',
    'A deducir (exclusivamente en caso de autoliquidación complementaria): resultado de las anteriores declaraciones',
    S_TOTAL,
    { manual: true },
  ),
  box('15', 'Resultado de la autoliquidación ([13] - [14])', S_TOTAL, { signed: true }),
];

/** AEAT DR131e2019 v1.00, the 131 since tax year 2019. */
export const design131v2019: ModelDesign = {
  id: '131-2019',
  modelType: '131',
  validFrom: '2019-01-01',
  validTo: null,
  source:
    'AEAT, diseño de registro DR131e2019 v1.00 (modelo 131, ejercicio 2019 y siguientes), según ' +
    'pbarcelog/AeatModelos Src/Mod131e2019v1_00 (commit 3d696d9635a693aa91b251d87fc6307cf95ea8f8); tabla ' +
    'derivada layouts/sources/131/layout_131_e2019_derived_from_aeatmodelos.csv.',
  boxes: BOXES_131,
  pages: layout131v2019,
  fileFormat: 'T',
};

export const DESIGNS_131: readonly ModelDesign[] = [design131v2019];

// --- result types -------------------------------------------------------------------------------

/** Positive → I, U, G; zero → N; negative → B (a deducir) in 1T–3T, N in 4T. */
export function allowedResultTypes131(amountCents: number, period: ModelPeriod): ResultType[] {
  if (amountCents > 0) return ['I', 'U', 'G'];
  if (amountCents === 0 || isLastPeriodOfYear(period)) return ['N'];
  return ['B'];
}

// --- the computation ----------------------------------------------------------------------------

const ACTIVITY_FIELDS = [
  ['moduleUnits', 'Unidades del módulo'],
  ['unitValue', 'Rendimiento anual por unidad'],
  ['deductions', 'Minoraciones y reducciones'],
] as const;

/** '{field} no puede ser negativo', the epigraph of 1 to 4 characters, the number of activities. */
function activityIssues(activities: readonly ModuleActivityInput[], max: number): ModelIssue[] {
  const out: ModelIssue[] = [];
  if (activities.length > max) {
    out.push({
      code: 'TOO_MANY_ACTIVITIES',
      field: 'modulesData',
      message: `El modelo 131 admite como máximo ${max} actividades; se han indicado ${activities.length}.`,
      severity: 'ERROR',
    });
  }
  activities.forEach((a, i) => {
    const n = i + 1;
    for (const [field, label] of ACTIVITY_FIELDS) {
      if (!Number.isFinite(a[field]) || a[field] < 0) {
        out.push({
          code: 'NEGATIVE_AMOUNT',
          field: `modulesData.${i}.${field}`,
          message: `${label} (actividad ${n}) no puede ser negativo`,
          severity: 'ERROR',
        });
      }
    }
    if (!Number.isInteger(a.unitValue) || !Number.isInteger(a.deductions)) {
      out.push({
        code: 'NOT_CENTS',
        field: `modulesData.${i}`,
        message: `Los importes de la actividad ${n} deben expresarse en céntimos enteros.`,
        severity: 'ERROR',
      });
    }
    const code = a.activityCode.trim();
    if (code.length < 1 || code.length > 4) {
      out.push({
        code: 'ACTIVITY_CODE',
        field: `modulesData.${i}.activityCode`,
        message: `El epígrafe IAE de la actividad ${n} debe tener entre 1 y 4 caracteres.`,
        severity: 'ERROR',
      });
    }
    const employees = employeesOf(a);
    if (employees !== undefined && (employees < 0 || !Number.isInteger(employees))) {
      out.push({
        code: 'NEGATIVE_AMOUNT',
        field: `modulesData.${i}.employees`,
        message: `Personas asalariadas (actividad ${n}) debe ser un número entero no negativo`,
        severity: 'ERROR',
      });
    }
  });
  return out;
}

/** The module units with two decimals, as the AEAT takes them ("se tomarán con dos cifras decimales"). */
const hundredths = (units: number): number => Math.round(units * 100);

/** The activity's annual net income: roundHalfUp(units × value per unit) − deductions. */
function netIncomeOf(a: ModuleActivityInput): number {
  if (!Number.isFinite(a.moduleUnits) || !Number.isInteger(a.unitValue) || !Number.isInteger(a.deductions)) {
    return 0;
  }
  return roundHalfUp(hundredths(a.moduleUnits) * a.unitValue, 100) - a.deductions;
}

/** The percentage of an activity (art. 110.1.b RIRPF), with a warning when the employees are unknown. */
function rateOf(
  a: ModuleActivityInput,
  n: number,
  input: ModelInput,
  rule: ModulesInstalmentRule,
  issues: ModelIssue[],
): number {
  const override = input.adjustments.irpfRateBp;
  if (override !== undefined) return override;
  const employees = employeesOf(a);
  if (employees === undefined) {
    if (!input.facts.hasEmployees) return rule.noEmployeesBp;
    issues.push({
      code: 'EMPLOYEES_UNKNOWN',
      field: `modulesData.${n - 1}.employees`,
      message: `Indique las personas asalariadas de la actividad ${n}: se aplica el ${rule.generalBp / 100} %; con una sola persona asalariada es el ${rule.oneEmployeeBp / 100} %.`,
      severity: 'WARNING',
    });
    return rule.generalBp;
  }
  if (employees === 0) return rule.noEmployeesBp;
  return employees === 1 ? rule.oneEmployeeBp : rule.generalBp;
}

/** The stored 131 of a quarter of the year (a submitted one before a generated one), if any. */
function storedReturn(input: ModelInput, quarter: ModelPeriod): EarlierReturn | undefined {
  const candidates = input.earlier.filter(
    (r) => r.modelType === '131' && r.year === input.year && r.period === quarter,
  );
  return candidates.find((r) => r.status === 'SUBMITTED') ?? candidates[0];
}

/**
 * The negative results of the earlier quarters not deducted yet: Σ |negative [15]| − Σ [11] of those
 * quarters (each [11] deducted results of the quarters before it). A quarter without a stored 131 is left
 * out, with a warning.
 */
function pendingNegativeResults(input: ModelInput, issues: ModelIssue[]): number {
  const index = QUARTER_PERIODS.indexOf(input.period as (typeof QUARTER_PERIODS)[number]);
  let negatives = 0;
  let deducted = 0;
  for (const q of QUARTER_PERIODS.slice(0, index)) {
    const stored = storedReturn(input, q);
    if (!stored) {
      issues.push({
        code: 'EARLIER_QUARTER_MISSING',
        field: '11',
        message: `No hay modelo 131 del ${q} de ${input.year}: la casilla [11] no tiene en cuenta un resultado negativo de ese trimestre.`,
        severity: 'WARNING',
      });
      continue;
    }
    const result = stored.boxes['15'] ?? stored.result.amountCents;
    if (result < 0) negatives -= result;
    deducted += stored.boxes['11'] ?? 0;
  }
  return Math.max(0, negatives - deducted);
}

/** Σ irpf of the quarter's ISSUED `IRPF` key: what our customers withheld (art. 95.6 RIRPF). */
function withholdingsBorne(input: ModelInput, sums: BoxSums): void {
  sums.set('08', 0);
  for (const l of input.aggregates.byKey.ISSUED ?? []) {
    if (l.taxKey === IRPF_KEY) sums.add('08', l.irpfCents, `ISSUED:${IRPF_KEY}`);
  }
}

/** [12] within [10] − [11], [14] only in a complementary return, the profile's method, the reductions. */
function checkIssues(input: ModelInput, boxes: Record<string, number>, hasPrevious: boolean): ModelIssue[] {
  const out: ModelIssue[] = [];
  const v = (b: string) => boxes[b] ?? 0;
  const a = input.adjustments;
  const limit12 = Math.max(0, v('10') - v('11'));
  if (v('12') > limit12) {
    out.push({
      code: 'HOUSING_LOAN_LIMIT',
      field: '12',
      message: `[12] no puede superar ${formatEuros(limit12)}: la diferencia positiva [10] - [11].`,
      severity: 'ERROR',
    });
  }
  if (v('14') !== 0 && !a.previousReceipt) {
    out.push({
      code: 'COMPLEMENTARY',
      field: '14',
      message:
        '[14] solo se consigna en una autoliquidación complementaria: indique el número de justificante de la declaración anterior.',
      severity: 'WARNING',
    });
  }
  if (!hasPrevious) {
    out.push({
      code: 'PREVIOUS_YEAR_INCOME',
      field: 'previousYearNetIncomeCents',
      message:
        'Indique el rendimiento neto de actividades del ejercicio anterior para calcular la casilla [09].',
      severity: 'WARNING',
    });
  }
  if (a.previousPaymentsCents !== undefined) {
    out.push({
      code: 'PREVIOUS_PAYMENTS_IGNORED',
      field: 'previousPaymentsCents',
      message:
        'El modelo 131 no descuenta los pagos fraccionados de trimestres anteriores (cada trimestre se calcula por sí solo, art. 110.1.b del Reglamento del IRPF); solo se deducen en [11] los resultados negativos pendientes. Se ignora el importe indicado.',
      severity: 'WARNING',
    });
  }
  if (
    a.irpfRateBp !== undefined &&
    (!Number.isInteger(a.irpfRateBp) || a.irpfRateBp < 0 || a.irpfRateBp > 10_000)
  ) {
    out.push({
      code: 'RATE',
      field: 'irpfRateBp',
      message: 'El porcentaje aplicable debe estar entre el 0 % y el 100 %.',
      severity: 'ERROR',
    });
  }
  if (input.facts.irpfMethod !== 'MODULOS') {
    out.push({
      code: 'IRPF_METHOD',
      field: 'irpfMethod',
      message:
        'El modelo 131 es de la estimación objetiva; el perfil fiscal no indica estimación objetiva (módulos).',
      severity: 'WARNING',
    });
  }
  return out;
}

export function compute131(input: ModelInput, design: ModelDesign): ModelComputation {
  if (periodicityOfPeriod(input.period) !== 'QUARTERLY') {
    throw new RangeError('El modelo 131 es trimestral (1T a 4T)');
  }
  const rule = modulesInstalmentRule(input.year);
  if (!rule) throw new RangeError(`No hay porcentajes del modelo 131 para ${input.year}`);
  const a = input.adjustments;
  const issues: ModelIssue[] = [];
  const sums = new BoxSums();
  const max = activityOccurrences(design);
  const activities = a.modulesData ?? [];
  issues.push(...activityIssues(activities, max));

  // Section I: each activity, then [01] and [02].
  activities.slice(0, max).forEach((activity, i) => {
    const n = i + 1;
    const net = netIncomeOf(activity);
    const rate = rateOf(activity, n, input, rule, issues);
    sums.set(`RN${n}`, net);
    sums.set(`PA${n}`, rate);
    sums.set(`RP${n}`, applyBp(net, rate));
    sums.add('01', net);
    sums.add('02', applyBp(net, rate));
    if (net < 0) {
      issues.push({
        code: 'NEGATIVE_NET_INCOME',
        field: `modulesData.${i}.deductions`,
        message: `Las minoraciones de la actividad ${n} superan el rendimiento de sus módulos.`,
        severity: 'ERROR',
      });
    }
  });

  // Sections II and III: the person's volumes, 2 % each.
  const manual = manualBoxValues(design.boxes, a, issues);
  const m = (b: string) => manual[b] ?? 0;
  sums.set('03', m('03'));
  sums.set('04', applyBp(m('03'), rule.noDataBaseBp));
  sums.set('05', m('05'));
  sums.set('06', applyBp(m('05'), rule.agriculturalBp));

  // Section IV.
  sums.set('07', sums.sum(['02', '04', '06']));
  withholdingsBorne(input, sums);
  const previous = a.previousYearNetIncomeCents ?? input.previousYearNetIncomeCents ?? undefined;
  const reduction = previous === undefined ? 0 : previousYearReduction(input.year, previous);
  sums.set('09', Math.min(reduction, Math.max(0, sums.get('07') - sums.get('08'))));
  sums.set('10', sums.get('07') - sums.get('08') - sums.get('09'));
  sums.set('11', Math.min(pendingNegativeResults(input, issues), Math.max(0, sums.get('10'))));
  sums.set('12', m('12'));
  sums.set('13', sums.get('10') - sums.get('11') - sums.get('12'));
  sums.set('14', m('14'));
  sums.set('15', sums.get('13') - sums.get('14'));

  const boxes = completeBoxes(design.boxes, sums);
  const amount = boxes['15'] as number;
  const allowedResultTypes = allowedResultTypes131(amount, input.period);
  const type = chooseResultType(allowedResultTypes, a, issues);
  if (activities.length === 0 && m('03') === 0 && m('05') === 0) {
    issues.push({
      code: 'NO_ACTIVITIES',
      field: 'modulesData',
      message:
        'Indique las actividades en estimación objetiva con sus módulos para calcular el pago fraccionado.',
      severity: 'WARNING',
    });
  }
  issues.push(
    ...negativeBoxIssues(design.boxes, boxes),
    ...checkIssues(input, boxes, previous !== undefined),
  );
  return {
    modelType: '131',
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

export const model131: ModelDefinition = {
  modelType: '131',
  name: 'IRPF. Pago fraccionado. Actividades económicas en estimación objetiva',
  periodicities: ['QUARTERLY'],
  designs: [...DESIGNS_131],
  compute: compute131,
};
