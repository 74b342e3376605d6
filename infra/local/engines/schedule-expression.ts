/**
 * EventBridge Scheduler expressions → croner. croner reads EventBridge's cron dialect almost as is
 * (`?`, `L`, `W`, `#`, a year field, 1-7 = SUN-SAT weekdays with `alternativeWeekdays`), so a cron
 * only gains a seconds field. `rate(...)` becomes a clock-aligned pattern when the period divides
 * the hour/day, and otherwise croner's minimum interval.
 */

import type { CronOptions } from 'croner';

export interface CronerSchedule {
  pattern: string;
  options: Pick<CronOptions, 'interval' | 'alternativeWeekdays' | 'mode'>;
}

const UNIT_SECONDS = { minute: 60, hour: 3600, day: 86_400 } as const;

export function toCroner(expression: string): CronerSchedule {
  const expr = expression.trim();
  const rate = /^rate\(\s*(\d+)\s+(minute|minutes|hour|hours|day|days)\s*\)$/.exec(expr);
  if (rate) return fromRate(Number(rate[1]), rate[2]!.replace(/s$/, '') as keyof typeof UNIT_SECONDS, expr);
  const cron = /^cron\((.+)\)$/.exec(expr);
  if (cron) return fromCron(cron[1]!.trim().split(/\s+/), expr);
  const at = /^at\((\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})\)$/.exec(expr);
  // A one-time schedule: croner takes the local ISO time and the time zone option.
  if (at) return { pattern: at[1]!, options: {} };
  throw new Error(`Unsupported schedule expression: ${expression}`);
}

function fromRate(n: number, unit: keyof typeof UNIT_SECONDS, expr: string): CronerSchedule {
  if (n < 1) throw new Error(`Rate must be positive: ${expr}`);
  if (n === 1 && !expr.includes(`1 ${unit})`))
    throw new Error(`EventBridge wants the singular unit for 1: ${expr}`);
  if (n > 1 && !expr.includes(`${unit}s`))
    throw new Error(`EventBridge wants the plural unit above 1: ${expr}`);
  const opts = { mode: '7-part' as const };
  if (unit === 'minute' && 60 % n === 0) return { pattern: `0 */${n} * * * * *`, options: opts };
  if (unit === 'hour' && 24 % n === 0) return { pattern: `0 0 */${n} * * * *`, options: opts };
  if (unit === 'day' && n === 1) return { pattern: '0 0 0 * * * *', options: opts };
  return { pattern: '* * * * * * *', options: { ...opts, interval: n * UNIT_SECONDS[unit] } };
}

function fromCron(fields: string[], expr: string): CronerSchedule {
  if (fields.length !== 6)
    throw new Error(`cron() needs 6 fields (min hour day month weekday year): ${expr}`);
  const [, , dom, , dow] = fields;
  // EventBridge rejects a cron that restricts both days (or neither): one of them must be `?`.
  if ((dom === '?') === (dow === '?'))
    throw new Error(`Exactly one of day-of-month and day-of-week must be '?': ${expr}`);
  return { pattern: `0 ${fields.join(' ')}`, options: { alternativeWeekdays: true, mode: '7-part' } };
}
