/**
 * The cockpit's model and period choice (issue 14 item 5): the four VAT models, their periods (the
 * 303 and 349 by quarter or month, the 390 and 347 once a year) and the period a gestor works on
 * today: the last one that has closed, whose deadline is upcoming or has just passed (1T from April,
 * 4T and the annual returns of last year in January).
 */

import { deadlineOf } from '@shared/fiscal/tax-calendar';
import { TAX_MODEL_TYPES, type TaxModelType } from '@shared/schemas/tax-models';

export const COCKPIT_MODELS: readonly TaxModelType[] = TAX_MODEL_TYPES;
export const DEFAULT_MODEL: TaxModelType = '303';

export const MIN_YEAR = 2000;
export const MAX_YEAR = 2100;

const QUARTERS = ['1T', '2T', '3T', '4T'] as const;
const MONTHS = ['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12'] as const;
const MONTH_NAMES = [
  'Enero',
  'Febrero',
  'Marzo',
  'Abril',
  'Mayo',
  'Junio',
  'Julio',
  'Agosto',
  'Septiembre',
  'Octubre',
  'Noviembre',
  'Diciembre',
];

/** The 390 (resumen anual) and the 347 (operaciones con terceros) are filed once a year: '0A'. */
export const isAnnualModel = (modelType: TaxModelType): boolean => modelType === '390' || modelType === '347';

export const isVatModel = (value: string | null | undefined): value is TaxModelType =>
  (TAX_MODEL_TYPES as readonly string[]).includes(value ?? '');

/** Every period code the model has. */
export function periodsOfModel(modelType: TaxModelType): readonly string[] {
  return isAnnualModel(modelType) ? ['0A'] : [...QUARTERS, ...MONTHS];
}

/** The period selector's options: quarters and months grouped, or the year for the annual returns. */
export function periodOptions(
  modelType: TaxModelType,
): ({ value: string; label: string } | { label: string; options: { value: string; label: string }[] })[] {
  if (isAnnualModel(modelType)) return [{ value: '0A', label: 'Anual' }];
  return [
    { label: 'Trimestral', options: QUARTERS.map((q) => ({ value: q, label: `${q[0]}.º trimestre` })) },
    { label: 'Mensual', options: MONTHS.map((m, i) => ({ value: m, label: MONTH_NAMES[i] as string })) },
  ];
}

/**
 * The period the cockpit opens on: the last one of the model that has ended by `today` (its filing
 * window is open now or has just closed). Quarterly by default for the 303 and 349, as most clients
 * file them; the annual returns of the year before.
 */
export function defaultPeriod(modelType: TaxModelType, today: string): { year: number; period: string } {
  const year = Number(today.slice(0, 4));
  if (isAnnualModel(modelType)) return { year: year - 1, period: '0A' };
  const quarter = Math.ceil(Number(today.slice(5, 7)) / 3);
  return quarter === 1 ? { year: year - 1, period: '4T' } : { year, period: `${quarter - 1}T` };
}

/** The filing deadline of a period (AEAT calendar, moved past weekends and holidays); null if unknown. */
export function dueDateOf(modelType: TaxModelType, year: number, period: string): string | null {
  try {
    return deadlineOf({ model: modelType, year, period }).dueDate;
  } catch {
    return null;
  }
}

/** The model, year and period of the URL (`?model=&year=&period=`), each falling back to the default. */
export function cockpitSelection(params: URLSearchParams, today: string) {
  const model = params.get('model');
  const modelType: TaxModelType = isVatModel(model) ? model : DEFAULT_MODEL;
  const fallback = defaultPeriod(modelType, today);
  const yearText = params.get('year');
  const year = Number(yearText);
  const validYear = yearText !== null && Number.isInteger(year) && year >= MIN_YEAR && year <= MAX_YEAR;
  const periodText = params.get('period')?.toUpperCase() ?? '';
  const validPeriod = periodsOfModel(modelType).includes(periodText);
  return {
    modelType,
    year: validYear ? year : fallback.year,
    period: validPeriod ? periodText : fallback.period,
  };
}

/** The years a selector offers: next year back to six years ago, plus the selected one. */
export function yearOptions(thisYear: number, selected: number) {
  const years = new Set<number>([selected]);
  for (let y = thisYear + 1; y >= Math.max(MIN_YEAR, thisYear - 6); y--) years.add(y);
  return [...years].sort((a, b) => b - a).map((y) => ({ value: y, label: String(y) }));
}
