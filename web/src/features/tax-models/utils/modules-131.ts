/**
 * The 131's activities in estimación objetiva (issue 15), as the preview page's editor holds them
 * (typed text) and as the API takes them (`ModuleActivityInput`: the units with two decimals, the
 * annual value per unit and the reductions in céntimos, the employees a count). The checks and their
 * words are the model's own (shared/fiscal/models/model-131.ts `activityIssues`, `checkIssues`): an
 * amount that is negative, the IAE epigraph of 1 to 4 characters, at most the design's activities (5
 * in DR131e2019), the rate override within 0–100 %, minorations above the modules' income. Pure.
 */

import type { ModelAdjustments, ModuleActivityInput } from '@shared/fiscal/models/types';
import { roundHalfUp } from '@shared/fiscal/money';
import {
  centsToInput,
  formatDecimal,
  parseDecimal,
  parseEurosToCents,
  parsePercentToBp,
} from '@web/lib/money-input';

/** One activity as typed. `id` keeps React's rows apart. */
export interface ActivityDraft {
  id: number;
  activityCode: string;
  description: string;
  /** Units of the modules, es-ES, at most two decimals ('1,5'). */
  units: string;
  /** Euros: the annual value per unit of the Orden de módulos. */
  unitValue: string;
  /** Euros: reductions and minorations of the net income; '' = 0. */
  deductions: string;
  /** Salaried employees on 1 January; '' = as the profile says (art. 110.1.b RIRPF). */
  employees: string;
}

export type ActivityField = Exclude<keyof ActivityDraft, 'id'>;

export interface Modules131Draft {
  activities: ActivityDraft[];
  /** The rate applied to every activity, percent; '' = the rule of art. 110.1.b RIRPF (4, 3 or 2 %). */
  rate: string;
  /** Euros, signed; '' = the previous year's net income Cuadra knows (art. 110.3.c RIRPF). */
  previousYearNetIncome: string;
  /** The stored adjustments hold a list: emptied by the person, the empty list is sent. */
  stored: boolean;
}

/** The model's words for each field (model-131.ts ACTIVITY_FIELDS and its messages). */
export const ACTIVITY_LABELS: Record<ActivityField, string> = {
  activityCode: 'Epígrafe IAE',
  description: 'Descripción',
  units: 'Unidades del módulo',
  unitValue: 'Rendimiento anual por unidad',
  deductions: 'Minoraciones y reducciones',
  employees: 'Personas asalariadas',
};

export const RATE_131_LABEL = 'Porcentaje aplicable';
export const PREVIOUS_YEAR_131_LABEL = 'Rendimiento neto del año anterior';

/** DR131e2019 has five activity occurrences (RN1–RN5): the most a 131 declares. */
export const DEFAULT_MAX_ACTIVITIES = 5;

let nextId = 1;
export const emptyActivity = (): ActivityDraft => ({
  id: nextId++,
  activityCode: '',
  description: '',
  units: '',
  unitValue: '',
  deductions: '',
  employees: '',
});

/** Units as typed back: 1.5 → '1,5' (two decimals at most, as the AEAT takes them). */
const unitsToInput = (units: number): string =>
  formatDecimal(Math.round(units * 100), 2, { trimZeros: true, grouping: false });

export function initialModulesDraft(adjustments: ModelAdjustments | undefined): Modules131Draft {
  const a = adjustments ?? {};
  return {
    activities: (a.modulesData ?? []).map((m) => ({
      id: nextId++,
      activityCode: m.activityCode,
      description: m.description ?? '',
      units: unitsToInput(m.moduleUnits),
      unitValue: centsToInput(m.unitValue),
      deductions: centsToInput(m.deductions),
      employees: m.employees === undefined ? '' : String(m.employees),
    })),
    rate:
      a.irpfRateBp === undefined ? '' : formatDecimal(a.irpfRateBp, 2, { trimZeros: true, grouping: false }),
    previousYearNetIncome:
      a.previousYearNetIncomeCents === undefined ? '' : centsToInput(a.previousYearNetIncomeCents),
    stored: a.modulesData !== undefined,
  };
}

const isBlank = (a: ActivityDraft) =>
  !a.activityCode.trim() &&
  !a.description.trim() &&
  !a.units.trim() &&
  !a.unitValue.trim() &&
  !a.deductions.trim() &&
  !a.employees.trim();

/** The activities sent (a row left wholly empty is not one), with their index in the draft. */
export const sentActivities = (rows: readonly ActivityDraft[]) =>
  rows.map((row, index) => ({ row, index })).filter(({ row }) => !isBlank(row));

const looksNegative = (text: string) => /^\s*[-−]/.test(text);
const AMOUNT_HELP = 'Indica un importe en euros, por ejemplo 1.234,56';

export type Modules131Adjustments = Pick<
  ModelAdjustments,
  'modulesData' | 'irpfRateBp' | 'previousYearNetIncomeCents'
>;

/** A euro amount of an activity: céntimos, or an error under `key` ('… (actividad 2) no puede ser negativo'). */
function activityCents(
  text: string,
  key: string,
  label: string,
  n: number,
  errors: Record<string, string>,
): number | null {
  if (!text.trim()) return 0;
  const cents = parseEurosToCents(text);
  if (cents !== null) return cents;
  errors[key] = looksNegative(text) ? `${label} (actividad ${n}) no puede ser negativo` : AMOUNT_HELP;
  return null;
}

function parseActivity(
  row: ActivityDraft,
  index: number,
  errors: Record<string, string>,
): ModuleActivityInput | null {
  const n = index + 1;
  const at = `modules.${index}`;
  const code = row.activityCode.trim();
  if (code.length < 1 || code.length > 4) {
    errors[`${at}.activityCode`] = `El epígrafe IAE de la actividad ${n} debe tener entre 1 y 4 caracteres.`;
  }
  // The module units are taken with two decimals (the Orden de módulos): hundredths, never a float typed.
  const hundredths = parseDecimal(row.units, 2);
  if (!row.units.trim()) errors[`${at}.units`] = `Indica las unidades del módulo de la actividad ${n}`;
  else if (hundredths === null)
    errors[`${at}.units`] = 'Indica un número con dos decimales como máximo, por ejemplo 1,5';
  else if (hundredths < 0)
    errors[`${at}.units`] = `${ACTIVITY_LABELS.units} (actividad ${n}) no puede ser negativo`;
  const unitValue = row.unitValue.trim()
    ? activityCents(row.unitValue, `${at}.unitValue`, ACTIVITY_LABELS.unitValue, n, errors)
    : null;
  if (!row.unitValue.trim())
    errors[`${at}.unitValue`] = `Indica el rendimiento anual por unidad de la actividad ${n}`;
  const deductions = activityCents(row.deductions, `${at}.deductions`, ACTIVITY_LABELS.deductions, n, errors);
  const employeesText = row.employees.trim();
  if (employeesText && !/^\d{1,6}$/.test(employeesText)) {
    errors[`${at}.employees`] = `Personas asalariadas (actividad ${n}) debe ser un número entero no negativo`;
  }
  if (hundredths === null || hundredths < 0 || unitValue === null || deductions === null) return null;
  const product = hundredths * unitValue;
  // model-131.ts netIncomeOf: roundHalfUp(units × value) − deductions; below zero is the model's ERROR.
  if (Number.isSafeInteger(product) && roundHalfUp(product, 100) - deductions < 0) {
    errors[`${at}.deductions`] =
      `Las minoraciones de la actividad ${n} superan el rendimiento de sus módulos.`;
  }
  const description = row.description.trim();
  return {
    activityCode: code,
    ...(description ? { description } : {}),
    moduleUnits: hundredths / 100,
    unitValue,
    deductions,
    ...(employeesText && /^\d{1,6}$/.test(employeesText) ? { employees: Number(employeesText) } : {}),
  };
}

/**
 * The 131's adjustments from the draft, or the messages of the fields that are not valid (keys:
 * 'modules.list', 'modules.rate', 'modules.previousYearNetIncome', 'modules.0.unitValue'…).
 */
export function modulesDraftToAdjustments(
  draft: Modules131Draft,
  maxActivities = DEFAULT_MAX_ACTIVITIES,
): { adjustments: Modules131Adjustments; errors: Record<string, string> } {
  const adjustments: Modules131Adjustments = {};
  const errors: Record<string, string> = {};
  const sent = sentActivities(draft.activities);
  if (sent.length > maxActivities) {
    errors['modules.list'] =
      `El modelo 131 admite como máximo ${maxActivities} actividades; se han indicado ${sent.length}.`;
  }
  const activities = sent.map(({ row, index }) => parseActivity(row, index, errors));
  if (sent.length > 0 || draft.stored) {
    adjustments.modulesData = activities.filter((a): a is ModuleActivityInput => a !== null);
  }
  if (draft.rate.trim()) {
    const bp = parsePercentToBp(draft.rate);
    if (bp === null) errors['modules.rate'] = 'El porcentaje aplicable debe estar entre el 0 % y el 100 %.';
    else adjustments.irpfRateBp = bp;
  }
  if (draft.previousYearNetIncome.trim()) {
    const cents = parseEurosToCents(draft.previousYearNetIncome, { allowNegative: true });
    if (cents === null) errors['modules.previousYearNetIncome'] = AMOUNT_HELP;
    else adjustments.previousYearNetIncomeCents = cents;
  }
  return { adjustments, errors };
}

/** The draft field of an API field of the 131 (`modulesData.1.unitValue` → `modules.3.unitValue`). */
export function modulesFieldOfApiField(parts: readonly string[], draft: Modules131Draft): string | null {
  const [head, second, third] = parts;
  if (head === 'irpfRateBp') return 'modules.rate';
  if (head === 'previousYearNetIncomeCents') return 'modules.previousYearNetIncome';
  if (head !== 'modulesData') return null;
  const row = second === undefined ? undefined : sentActivities(draft.activities)[Number(second)];
  if (!row) return 'modules.list';
  const field = third ? API_ACTIVITY_FIELDS[third] : undefined;
  return `modules.${row.index}.${field ?? 'activityCode'}`;
}

const API_ACTIVITY_FIELDS: Record<string, ActivityField> = {
  activityCode: 'activityCode',
  description: 'description',
  moduleUnits: 'units',
  unitValue: 'unitValue',
  deductions: 'deductions',
  employees: 'employees',
};
