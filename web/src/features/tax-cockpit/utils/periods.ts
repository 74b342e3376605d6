/**
 * The cockpit's model and period choice (issue 14 item 5, issue 15): the VAT models and the income-tax
 * ones (130, 111, 115, 123, 216), their periods as the model definitions list them (the 303, 349 and
 * the withholdings by quarter or month, the 130 by quarter, the 390 and 347 once a year) and the
 * period a gestor works on today: the last one that has closed, whose deadline is upcoming or has
 * just passed (1T from April, 4T and the annual returns of last year in January).
 */

import { validPeriodsOf } from '@shared/fiscal/models';
import { deadlineOf } from '@shared/fiscal/tax-calendar';
import { type TaxModelType, VAT_MODEL_TYPES } from '@shared/schemas/tax-models';

export const COCKPIT_MODELS: readonly TaxModelType[] = [
  ...VAT_MODEL_TYPES,
  '130',
  '111',
  '115',
  '123',
  '216',
];
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

/** Every period code the model has, for any client (a client's own periodicity is its obligations'). */
export function periodsOfModel(modelType: TaxModelType): readonly string[] {
  return validPeriodsOf(modelType);
}

/** The 390 (resumen anual) and the 347 (operaciones con terceros) are filed once a year: '0A'. */
export const isAnnualModel = (modelType: TaxModelType): boolean =>
  periodsOfModel(modelType).every((p) => p === '0A');

export const isCockpitModel = (value: string | null | undefined): value is TaxModelType =>
  (COCKPIT_MODELS as readonly string[]).includes(value ?? '');

/**
 * The period selector's options: quarters and months grouped (the months only for a model that has
 * them: not the 130), or the year for the annual returns.
 */
export function periodOptions(
  modelType: TaxModelType,
): ({ value: string; label: string } | { label: string; options: { value: string; label: string }[] })[] {
  if (isAnnualModel(modelType)) return [{ value: '0A', label: 'Anual' }];
  const periods = periodsOfModel(modelType);
  const quarters = QUARTERS.filter((q) => periods.includes(q));
  const months = MONTHS.filter((m) => periods.includes(m));
  return [
    ...(quarters.length > 0
      ? [{ label: 'Trimestral', options: quarters.map((q) => ({ value: q, label: `${q[0]}.º trimestre` })) }]
      : []),
    ...(months.length > 0
      ? [
          {
            label: 'Mensual',
            options: months.map((m) => ({ value: m, label: MONTH_NAMES[Number(m) - 1] as string })),
          },
        ]
      : []),
  ];
}

/**
 * The period the cockpit opens on: the last one of the model that has ended by `today` (its filing
 * window is open now or has just closed). Quarterly by default for the 303, the 349 and the
 * withholdings, as most clients file them; the annual returns of the year before.
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
  const modelType: TaxModelType = isCockpitModel(model) ? model : DEFAULT_MODEL;
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
