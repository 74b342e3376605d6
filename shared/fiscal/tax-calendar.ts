/**
 * The AEAT fiscal calendar as code (issue 13 item 3): for a model and one of its periods, the legal
 * filing window, the deadline after the weekend/holiday rule and the last day to file with direct
 * debit of the payment (domiciliación). Pure: no I/O, no clock. Dates are ISO strings (YYYY-MM-DD)
 * and all arithmetic is done on UTC days, so no time zone can shift a date.
 *
 * Sources (reference/tax-models.md §1 and §4): the AEAT "Calendario del contribuyente" of each year
 * and the regulations each rule below cites. Where a citation was not checked against the BOE text
 * it says [verify].
 *
 * Not modelled:
 * - Regional and local holidays. They also move a deadline for the taxpayers domiciled there (AEAT
 *   calendar note: "si el vencimiento coincide con una festividad local o autonómica, el plazo
 *   finaliza el primer día hábil siguiente"), so the dates here can be one or more days earlier than
 *   a taxpayer's real deadline, never later.
 * - Model 202 for tax periods that do not match the calendar year: the due dates are the same
 *   (art. 40.1 LIS), but the base of art. 40.3 runs from the start of the tax period in progress;
 *   periodStart is always 1 January here.
 */

import { DOMICILIABLE_MODELS, type TaxModel } from '../schemas/tax-profile';

export type Periodicity = 'MONTHLY' | 'QUARTERLY' | 'ANNUAL' | 'INSTALMENTS' | 'EVENT';

export interface Deadline {
  periodStart: string;
  periodEnd: string;
  /** The last day of the legal window before moving (e.g. the 20th). */
  nominalDueDate: string;
  /** The filing deadline after the weekend/holiday rule (369 never moves). */
  dueDate: string;
  /** First day the return can be filed (e.g. 1 April for 1T), for screens. */
  windowStart: string;
  /** Last day to file with direct debit of the payment; null for models that cannot be domiciled. */
  domiciliationDueDate: string | null;
}

// --- ISO dates as UTC day numbers ------------------------------------------------------------------

const DAY_MS = 86_400_000;
/** The Gregorian calendar (and the Easter computus below) starts in 1583; ISO strings have 4-digit years. */
const FIRST_YEAR = 1583;
const LAST_YEAR = 9999;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function checkYear(year: number): void {
  if (!Number.isInteger(year) || year < FIRST_YEAR || year > LAST_YEAR) {
    throw new RangeError(`Year out of range ${FIRST_YEAR}-${LAST_YEAR}: ${year}`);
  }
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function pad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}

function isoOf(year: number, month: number, day: number): string {
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}

function parseIso(iso: string): { year: number; month: number; day: number } {
  const match = ISO_DATE.exec(iso);
  if (match) {
    const year = Number(match[1]);
    const month = Number(match[2]);
    const day = Number(match[3]);
    if (year >= FIRST_YEAR && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month)) {
      return { year, month, day };
    }
  }
  throw new RangeError(`Not an ISO date (YYYY-MM-DD, year ${FIRST_YEAR}-${LAST_YEAR}): ${iso}`);
}

function dayNumber(iso: string): number {
  const { year, month, day } = parseIso(iso);
  return Date.UTC(year, month - 1, day) / DAY_MS;
}

function isoOfDayNumber(n: number): string {
  const date = new Date(n * DAY_MS);
  const year = date.getUTCFullYear();
  checkYear(year);
  return isoOf(year, date.getUTCMonth() + 1, date.getUTCDate());
}

/** Day `day` of a month, or its last day; a day the month lacks is clamped to the last day. */
function dateIn(year: number, month: number, day: number | 'last'): string {
  const last = daysInMonth(year, month);
  return isoOf(year, month, day === 'last' ? last : Math.min(day, last));
}

/** Year and month `offset` months after (year, month). */
function shiftMonth(year: number, month: number, offset: number): { year: number; month: number } {
  const index = year * 12 + (month - 1) + offset;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

export function addDays(iso: string, days: number): string {
  if (!Number.isInteger(days)) throw new RangeError(`Days must be an integer: ${days}`);
  return isoOfDayNumber(dayNumber(iso) + days);
}

/** `to` − `from` in calendar days (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
}

/**
 * The same day `months` later, or the month's last day when it has no such day (art. 5 Código
 * Civil and Ley 39/2015 art. 30.4: "de fecha a fecha").
 */
function addMonthsClamped(iso: string, months: number): string {
  const { year, month, day } = parseIso(iso);
  const target = shiftMonth(year, month, months);
  return dateIn(target.year, target.month, day);
}

/**
 * The end of the `months` months that follow a period ending on `end`: whole months when it ends on
 * a month's last day (31 December + 6 → 30 June; 30 June + 6 → 31 December), else date to date
 * (art. 5 Código Civil).
 */
function monthsAfterEnd(end: string, months: number): string {
  const { year, month, day } = parseIso(end);
  const target = shiftMonth(year, month, months);
  return dateIn(target.year, target.month, day === daysInMonth(year, month) ? 'last' : day);
}

// --- holidays and working days ---------------------------------------------------------------------

/** Gregorian Easter Sunday (the anonymous Meeus/Jones/Butcher computus). */
export function easterSunday(year: number): string {
  checkYear(year);
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return isoOf(year, month, day);
}

/**
 * Holidays of the whole of Spain (fiestas de ámbito nacional): Estatuto de los Trabajadores
 * art. 37.2, RD 2001/1983 art. 45 and the yearly resolution of the Dirección General de Trabajo
 * in the BOE. 6 January could legally be replaced by a region (RD 2001/1983 art. 45.3) but every
 * region has kept it [verify each year's resolution].
 * Holy Thursday and Easter Monday are regional, and so is moving a holiday that falls on a Sunday
 * to the Monday: not included (see the note at the top of this file).
 */
const FIXED_NATIONAL_HOLIDAYS: readonly { month: number; day: number; name: string }[] = [
  { month: 1, day: 1, name: 'Año Nuevo' },
  { month: 1, day: 6, name: 'Epifanía del Señor' },
  { month: 5, day: 1, name: 'Fiesta del Trabajo' },
  { month: 8, day: 15, name: 'Asunción de la Virgen' },
  { month: 10, day: 12, name: 'Fiesta Nacional de España' },
  { month: 11, day: 1, name: 'Todos los Santos' },
  { month: 12, day: 6, name: 'Día de la Constitución Española' },
  { month: 12, day: 8, name: 'Inmaculada Concepción' },
  { month: 12, day: 25, name: 'Natividad del Señor' },
];
/** National holidays tied to Easter, as days from Easter Sunday. */
const EASTER_NATIONAL_HOLIDAYS: readonly { offset: number; name: string }[] = [
  { offset: -2, name: 'Viernes Santo' },
];

const holidayCache = new Map<number, ReadonlySet<string>>();

function holidaySet(year: number): ReadonlySet<string> {
  let set = holidayCache.get(year);
  if (!set) {
    const easter = easterSunday(year);
    set = new Set([
      ...FIXED_NATIONAL_HOLIDAYS.map((h) => isoOf(year, h.month, h.day)),
      ...EASTER_NATIONAL_HOLIDAYS.map((h) => addDays(easter, h.offset)),
    ]);
    holidayCache.set(year, set);
  }
  return set;
}

/** The national holidays of a year, sorted. */
export function nationalHolidays(year: number): string[] {
  return [...holidaySet(year)].sort();
}

/** Monday to Friday and not a national holiday. */
export function isWorkingDay(iso: string): boolean {
  const n = dayNumber(iso);
  const weekday = new Date(n * DAY_MS).getUTCDay(); // 0 Sunday … 6 Saturday
  return weekday !== 0 && weekday !== 6 && !holidaySet(parseIso(iso).year).has(iso);
}

/**
 * `iso` itself when it is a working day, else the first working day after it. A deadline that ends
 * on a Saturday, Sunday or holiday moves there: Ley 39/2015 art. 30.2 and 30.5 (applied to tax
 * procedures through LGT disp. adic. 5.ª [verify]) and the AEAT calendar note on every model.
 */
export function nextWorkingDay(iso: string): string {
  let day = iso;
  while (!isWorkingDay(day)) day = addDays(day, 1);
  return day;
}

/** The `count`-th working day before `iso` (counting back; `iso` itself is not counted). */
function workingDayBefore(iso: string, count: number): string {
  let day = iso;
  for (let found = 0; found < count; ) {
    day = addDays(day, -1);
    if (isWorkingDay(day)) found++;
  }
  return day;
}

// --- periods -----------------------------------------------------------------------------------------

const PERIOD_CODES: Record<Periodicity, readonly string[]> = {
  MONTHLY: ['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12'],
  QUARTERLY: ['1T', '2T', '3T', '4T'],
  ANNUAL: ['0A'],
  // Art. 40.1 LIS: instalments on account of the tax period in progress on 1 April, 1 October and
  // 1 December; art. 40.3: the base of the first 3, 9 and 11 months of the (calendar) year.
  INSTALMENTS: ['1P', '2P', '3P'],
  // Event-driven (modelo 036): the period is the ISO date of the fact, so there is no fixed list.
  EVENT: [],
};

/** First and last month of each period code of a calendar year. */
const PERIOD_MONTHS: Record<string, readonly [number, number]> = {
  ...Object.fromEntries(PERIOD_CODES.MONTHLY.map((code, i) => [code, [i + 1, i + 1] as const])),
  '1T': [1, 3],
  '2T': [4, 6],
  '3T': [7, 9],
  '4T': [10, 12],
  '0A': [1, 12],
  '1P': [1, 3],
  '2P': [1, 9],
  '3P': [1, 11],
};

// --- the rules, as data --------------------------------------------------------------------------------

type DayOfMonth = number | 'last';

type DeadlineRule =
  /** Due on `day` of the month after the period ends (`exceptions` by period code). */
  | {
      kind: 'AFTER_PERIOD';
      day: DayOfMonth;
      exceptions?: Readonly<Record<string, DayOfMonth>>;
      /** False when the deadline never moves for weekends or holidays (369). */
      moves: boolean;
      source: string;
    }
  /** A calendar-year return filed in the following year between `opens` and `due`. */
  | {
      kind: 'FOLLOWING_YEAR';
      opens: { month: number; day: number };
      due: { month: number; day: DayOfMonth };
      source: string;
    }
  /** Due `days` calendar days after the `months` months that follow the end of the tax period. */
  | { kind: 'AFTER_TAX_PERIOD'; months: number; days: number; source: string }
  /** Due `months` after the fact the return declares. */
  | { kind: 'AFTER_EVENT'; months: number; source: string };

const WITHHOLDINGS_QUARTERLY =
  'RIRPF (RD 439/2007) art. 108.1; RIS (RD 634/2015) art. 69; RIRNR (RD 1776/2004) art. 15 [verify]: ' +
  '1-20 April, July, October and January';
const WITHHOLDINGS_MONTHLY =
  'RIRPF art. 108.1 (grandes empresas: monthly, first 20 days of the next month, December in 1-20 January)';
const VAT_QUARTERLY =
  'RIVA (RD 1624/1992) art. 71.4: first 20 days of the month after the quarter; the last period in ' +
  '1-30 January (Orden HAC/3625/2003 [verify])';

/**
 * Each model's periodicities and deadline rule. The periodicities a model has are the keys of its
 * entry; the windows are those of the AEAT "Calendario del contribuyente" (reference/tax-models.md §1).
 */
const DEADLINE_RULES: Record<TaxModel, Partial<Record<Periodicity, DeadlineRule>>> = {
  '303': {
    QUARTERLY: {
      kind: 'AFTER_PERIOD',
      day: 20,
      exceptions: { '4T': 30 },
      moves: true,
      source: VAT_QUARTERLY,
    },
    // Monthly filers (SII, REDEME, grandes empresas, grupo de entidades) are all in the SII: RIVA
    // art. 71.4 as amended by RD 596/2016 gives them 30 days, January until the end of February
    // and December until 30 January (the general 30th of the month after).
    MONTHLY: {
      kind: 'AFTER_PERIOD',
      day: 30,
      exceptions: { '01': 'last' },
      moves: true,
      source:
        'RIVA art. 71.4 (RD 596/2016): first 30 days of the next month; January until the end of February',
    },
  },
  '349': {
    QUARTERLY: {
      kind: 'AFTER_PERIOD',
      day: 20,
      exceptions: { '4T': 30 },
      moves: true,
      source: 'RIVA art. 81: first 20 days after the quarter; the last one in 1-30 January',
    },
    // RIVA art. 81 once let July be filed until 20 September [verify the current text]; the AEAT
    // calendar used here has July in 1-20 August.
    MONTHLY: {
      kind: 'AFTER_PERIOD',
      day: 20,
      exceptions: { '12': 30 },
      moves: true,
      source: 'RIVA art. 81: first 20 days of the next month; December in 1-30 January',
    },
  },
  '111': {
    QUARTERLY: { kind: 'AFTER_PERIOD', day: 20, moves: true, source: WITHHOLDINGS_QUARTERLY },
    MONTHLY: { kind: 'AFTER_PERIOD', day: 20, moves: true, source: WITHHOLDINGS_MONTHLY },
  },
  '115': {
    QUARTERLY: { kind: 'AFTER_PERIOD', day: 20, moves: true, source: WITHHOLDINGS_QUARTERLY },
    MONTHLY: { kind: 'AFTER_PERIOD', day: 20, moves: true, source: WITHHOLDINGS_MONTHLY },
  },
  '123': {
    QUARTERLY: { kind: 'AFTER_PERIOD', day: 20, moves: true, source: WITHHOLDINGS_QUARTERLY },
    MONTHLY: { kind: 'AFTER_PERIOD', day: 20, moves: true, source: WITHHOLDINGS_MONTHLY },
  },
  '216': {
    QUARTERLY: { kind: 'AFTER_PERIOD', day: 20, moves: true, source: WITHHOLDINGS_QUARTERLY },
    MONTHLY: { kind: 'AFTER_PERIOD', day: 20, moves: true, source: WITHHOLDINGS_MONTHLY },
  },
  '130': {
    QUARTERLY: {
      kind: 'AFTER_PERIOD',
      day: 20,
      exceptions: { '4T': 30 },
      moves: true,
      source: 'RIRPF art. 109.1 [verify article]: 1-20 April, July, October; 1-30 January',
    },
  },
  '131': {
    QUARTERLY: {
      kind: 'AFTER_PERIOD',
      day: 20,
      exceptions: { '4T': 30 },
      moves: true,
      source: 'RIRPF art. 109.1 [verify article]: 1-20 April, July, October; 1-30 January',
    },
  },
  // One-stop shop: "by the end of the month following the end of the tax period" (Directive
  // 2006/112/EC arts. 369f and 369k; LIVA art. 163 unvicies [verify]). The AEAT calendar note:
  // "excepto para el modelo 369 (el plazo de presentación no varía, aunque el último día del plazo
  // coincida con fines de semana o festivos)".
  '369': {
    QUARTERLY: {
      kind: 'AFTER_PERIOD',
      day: 'last',
      moves: false,
      source: 'Directive 2006/112/EC art. 369f; AEAT calendar: never moved',
    },
  },
  '202': {
    INSTALMENTS: {
      kind: 'AFTER_PERIOD',
      day: 20,
      moves: true,
      source: 'LIS (Ley 27/2014) art. 40.1: first 20 days of April, October and December',
    },
  },
  '390': {
    ANNUAL: {
      kind: 'FOLLOWING_YEAR',
      opens: { month: 1, day: 1 },
      due: { month: 1, day: 30 },
      source: 'RIVA art. 71.7 [verify]: first 30 days of January',
    },
  },
  '190': {
    ANNUAL: {
      kind: 'FOLLOWING_YEAR',
      opens: { month: 1, day: 1 },
      due: { month: 1, day: 31 },
      source: 'RIRPF art. 108.1 and the order of modelo 190 [verify]: 1-31 January',
    },
  },
  '180': {
    ANNUAL: {
      kind: 'FOLLOWING_YEAR',
      opens: { month: 1, day: 1 },
      due: { month: 1, day: 31 },
      source: 'RIRPF art. 108.1 and the order of modelo 180 [verify]: 1-31 January',
    },
  },
  '193': {
    ANNUAL: {
      kind: 'FOLLOWING_YEAR',
      opens: { month: 1, day: 1 },
      due: { month: 1, day: 31 },
      source: 'RIRPF art. 108.1 and the order of modelo 193 [verify]: 1-31 January',
    },
  },
  '296': {
    ANNUAL: {
      kind: 'FOLLOWING_YEAR',
      opens: { month: 1, day: 1 },
      due: { month: 1, day: 31 },
      source: 'RIRNR art. 15 and the order of modelo 296 [verify]: 1-31 January',
    },
  },
  '347': {
    ANNUAL: {
      kind: 'FOLLOWING_YEAR',
      opens: { month: 2, day: 1 },
      due: { month: 2, day: 'last' },
      source: 'RGAT (RD 1065/2007) art. 35: during February',
    },
  },
  '720': {
    ANNUAL: {
      kind: 'FOLLOWING_YEAR',
      opens: { month: 1, day: 1 },
      due: { month: 3, day: 31 },
      source: 'Orden HAP/72/2013 art. 3 [verify]: 1 January to 31 March',
    },
  },
  // The campaign opens in early April on a day the yearly order sets (e.g. 2 April 2025): 1 April
  // is used for screens [verify each year's order]. Direct debit until 25 June (AEAT calendar).
  '100': {
    ANNUAL: {
      kind: 'FOLLOWING_YEAR',
      opens: { month: 4, day: 1 },
      due: { month: 6, day: 30 },
      source: 'LIRPF art. 97 and the yearly order approving modelo 100: until 30 June',
    },
  },
  '200': {
    ANNUAL: {
      kind: 'AFTER_TAX_PERIOD',
      months: 6,
      days: 25,
      source:
        'LIS art. 124.1: within the 25 calendar days after the six months that follow the end of the tax period',
    },
  },
  '036': {
    EVENT: {
      kind: 'AFTER_EVENT',
      months: 1,
      source: 'RGAT (RD 1065/2007) art. 10.3 [verify]: a change is declared within one month of the fact',
    },
  },
};

/**
 * Direct debit (domiciliación) closes 5 calendar days before the nominal end of the window: Orden
 * EHA/1658/2009 annex II (the 15th for "1-20" windows, the 25th for "1-30" windows, 25 June for 100,
 * 20 July for 200).
 */
const DOMICILIATION_DAYS_BEFORE = 5;
/**
 * Orden EHA/1658/2009 art. 3.2.b [verify article] and the AEAT calendar (2026 text): between the end
 * of the direct-debit window and the filing deadline there must be at least three working days or
 * five calendar days.
 */
const DOMICILIATION_WORKING_DAYS = 3;

const DOMICILIABLE: ReadonlySet<TaxModel> = new Set(DOMICILIABLE_MODELS);

// --- the public functions ------------------------------------------------------------------------------

/** The periodicities a model can have (e.g. 303: QUARTERLY and MONTHLY). */
export function periodicitiesOf(model: TaxModel): Periodicity[] {
  const rules = DEADLINE_RULES[model];
  if (!rules) throw new RangeError(`Unknown modelo ${model}`);
  return Object.keys(rules) as Periodicity[];
}

/**
 * The period codes of a model under a periodicity, in order: quarterly '1T'..'4T', monthly
 * '01'..'12', annual '0A', modelo 202 '1P'..'3P'. Event-driven models (036) have no fixed periods:
 * their period is the date of the fact, so the list is empty. Throws RangeError for a periodicity
 * the model does not have.
 */
export function periodsOf(model: TaxModel, periodicity: Periodicity): string[] {
  ruleOf(model, periodicity);
  return [...PERIOD_CODES[periodicity]];
}

/**
 * The dates of one period of a model. `year` is the calendar year of the period (for 200: the year
 * in which the tax period ends, `fiscalYearEnd` 'MM-DD' giving its last day; default '12-31').
 * Throws RangeError for a year outside 2000-2100, a period the model does not have or a malformed
 * fiscal year end.
 */
export function deadlineOf(input: {
  model: TaxModel;
  year: number;
  period: string;
  fiscalYearEnd?: string;
}): Deadline {
  const { model, year, period } = input;
  if (!Number.isInteger(year) || year < 2000 || year > 2100) {
    throw new RangeError(`Year outside 2000-2100: ${year}`);
  }
  const fiscalYearEnd = parseFiscalYearEnd(input.fiscalYearEnd ?? '12-31');
  const periodicity = periodicityOfCode(model, year, period);
  const rule = ruleOf(model, periodicity);

  let periodStart: string;
  let periodEnd: string;
  let nominalDueDate: string;
  let windowStart: string;
  let moves = true;
  switch (rule.kind) {
    case 'AFTER_PERIOD': {
      const [first, last] = PERIOD_MONTHS[period]!;
      periodStart = isoOf(year, first, 1);
      periodEnd = dateIn(year, last, 'last');
      const next = shiftMonth(year, last, 1);
      windowStart = isoOf(next.year, next.month, 1);
      nominalDueDate = dateOnDay(next.year, next.month, rule.exceptions?.[period] ?? rule.day);
      moves = rule.moves;
      break;
    }
    case 'FOLLOWING_YEAR': {
      periodStart = isoOf(year, 1, 1);
      periodEnd = isoOf(year, 12, 31);
      windowStart = isoOf(year + 1, rule.opens.month, rule.opens.day);
      nominalDueDate = dateOnDay(year + 1, rule.due.month, rule.due.day);
      break;
    }
    case 'AFTER_TAX_PERIOD': {
      // The tax period ends on fiscalYearEnd of `year` (29 February clamps to the 28th in common
      // years) and starts the day after it ended the year before.
      periodEnd = dateIn(year, fiscalYearEnd.month, fiscalYearEnd.day);
      periodStart = addDays(dateIn(year - 1, fiscalYearEnd.month, fiscalYearEnd.day), 1);
      const sixMonthsLater = monthsAfterEnd(periodEnd, rule.months);
      windowStart = addDays(sixMonthsLater, 1);
      nominalDueDate = addDays(sixMonthsLater, rule.days);
      break;
    }
    case 'AFTER_EVENT': {
      periodStart = period;
      periodEnd = period;
      windowStart = period;
      nominalDueDate = addMonthsClamped(period, rule.months);
      break;
    }
  }

  const dueDate = moves ? nextWorkingDay(nominalDueDate) : nominalDueDate;
  return {
    periodStart,
    periodEnd,
    nominalDueDate,
    dueDate,
    windowStart,
    domiciliationDueDate: DOMICILIABLE.has(model) ? domiciliationDueDate(nominalDueDate, dueDate) : null,
  };
}

/**
 * The last day to file with direct debit. The AEAT calendar: "si el vencimiento del plazo de
 * presentación coincide con un día inhábil, el plazo finaliza el primer día hábil siguiente y el
 * plazo de domiciliación bancaria se ampliará ... el mismo número de días", but with at least three
 * working days (or five calendar days) between the debit deadline and the filing deadline, and
 * never before the annex II date (the AEAT's reading of 1T 2025: 15 April "con independencia de
 * que el Lunes de Pascua sea o no festivo").
 *
 * Rule: the later of the annex II date (nominal due date − 5) and the third working day before the
 * filing deadline. This reproduces every date of the AEAT's 2024 and 2025 direct-debit tables for
 * 100 and 111/115/123/216 (quarterly and monthly) and 303/130 4T 2024 (tests), including the ones a
 * "nominal + extension, then next working day" rule misses: monthly May 2025
 * (filing Fri 20 June, debit Tue 17 June, not Mon 16), 303 4T 2025 (filing Fri 30 January 2026,
 * debit Tue 27 January, not Mon 26) and July 2025 (filing Wed 20 August, debit Fri 15 August, a
 * holiday kept by the AEAT). Without holidays the third working day before is never earlier than
 * the annex II date, so the result is then always a working day.
 * The AEAT also treats the holidays of Madrid (where its IT department is) as non-working for this
 * rule; they are not modelled (reference/tax-models.md §4).
 */
function domiciliationDueDate(nominalDueDate: string, dueDate: string): string {
  const annexDate = addDays(nominalDueDate, -DOMICILIATION_DAYS_BEFORE);
  const keepsWorkingDays = workingDayBefore(dueDate, DOMICILIATION_WORKING_DAYS);
  return annexDate > keepsWorkingDays ? annexDate : keepsWorkingDays;
}

function ruleOf(model: TaxModel, periodicity: Periodicity): DeadlineRule {
  const rule = DEADLINE_RULES[model]?.[periodicity];
  if (!rule) throw new RangeError(`Modelo ${model} has no ${periodicity} periods`);
  return rule;
}

/** The periodicity a period code belongs to for this model; RangeError when the model has no such period. */
function periodicityOfCode(model: TaxModel, year: number, period: string): Periodicity {
  for (const periodicity of periodicitiesOf(model)) {
    if (periodicity === 'EVENT') {
      // The date of the fact, in the year asked for.
      if (ISO_DATE.test(period) && parseIso(period).year === year) return periodicity;
    } else if (PERIOD_CODES[periodicity].includes(period)) {
      return periodicity;
    }
  }
  throw new RangeError(`Unknown period ${period} of modelo ${model}`);
}

function dateOnDay(year: number, month: number, day: DayOfMonth): string {
  if (day !== 'last' && day > daysInMonth(year, month)) {
    throw new RangeError(`No day ${day} in ${isoOf(year, month, 1).slice(0, 7)}`); // a bad rule table
  }
  return dateIn(year, month, day);
}

const MONTH_DAY = /^(\d{2})-(\d{2})$/;

/** 'MM-DD' of a real calendar day (29 February allowed: it clamps to the 28th in common years). */
function parseFiscalYearEnd(value: string): { month: number; day: number } {
  const match = MONTH_DAY.exec(value);
  const month = Number(match?.[1]);
  const day = Number(match?.[2]);
  // 2000 is a leap year, so every MM-DD that exists in some year exists in it.
  if (!match || month < 1 || month > 12 || day < 1 || day > daysInMonth(2000, month)) {
    throw new RangeError(`Fiscal year end must be MM-DD: ${value}`);
  }
  return { month, day };
}
