/**
 * Thresholds and limits of the dashboard widgets (spec part 3 §4 and §9), shared by every dashboard
 * of issue 20 (company, advisor, admin, client, notifications): one place for the colours.
 */

/** A traffic-light level; each maps to an antd colour below. */
export type ThresholdLevel = 'good' | 'warning' | 'bad';

/**
 * Text-legible colours of each level (Statistic values, days left, Progress `strokeColor`): the same
 * as the fiscal widgets' (web/src/lib/tax-api.ts TONE_COLORS).
 */
export const LEVEL_COLORS: Record<ThresholdLevel, string> = {
  good: '#389e0d',
  warning: '#d48806',
  bad: '#cf1322',
};

/** antd Tag presets of each level. */
export const LEVEL_TAG_COLORS: Record<ThresholdLevel, 'success' | 'warning' | 'error'> = {
  good: 'success',
  warning: 'warning',
  bad: 'error',
};

/** Spec §9: compliance percentage green at 90 or more, yellow at 70 or more, red below. */
export const COMPLIANCE_GOOD = 90;
export const COMPLIANCE_WARNING = 70;

export function complianceLevel(percentage: number): ThresholdLevel {
  if (percentage >= COMPLIANCE_GOOD) return 'good';
  if (percentage >= COMPLIANCE_WARNING) return 'warning';
  return 'bad';
}

export const complianceColor = (percentage: number): string => LEVEL_COLORS[complianceLevel(percentage)];

/** Spec §4: a metric (rates in percent) is good at 80 or more, warning at 60 or more, bad below. */
export const METRIC_GOOD = 80;
export const METRIC_WARNING = 60;

export function metricLevel(value: number): ThresholdLevel {
  if (value >= METRIC_GOOD) return 'good';
  if (value >= METRIC_WARNING) return 'warning';
  return 'bad';
}

export const metricColor = (value: number): string => LEVEL_COLORS[metricLevel(value)];

/** Spec §9: next obligations with 7 days left or less are red, 30 or less yellow, later green. */
export const DAYS_LEFT_URGENT = 7;
export const DAYS_LEFT_SOON = 30;

/** Overdue obligations (negative days) are red too. */
export function daysLeftLevel(daysLeft: number): ThresholdLevel {
  if (daysLeft <= DAYS_LEFT_URGENT) return 'bad';
  if (daysLeft <= DAYS_LEFT_SOON) return 'warning';
  return 'good';
}

export const daysLeftColor = (daysLeft: number): string => LEVEL_COLORS[daysLeftLevel(daysLeft)];

/** Spec §4 and §9: alert lists (fiscal, document, dashboard) show the first 5 with a link to all. */
export const ALERTS_SHOWN = 5;

/** Spec §4: alerts are sorted critical, high, medium, low (case-insensitive: the API uses upper case). */
export const ALERT_PRIORITY_ORDER = ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW'] as const;
export type AlertPriority = (typeof ALERT_PRIORITY_ORDER)[number];

/** Rank of a priority (0 = most urgent); unknown priorities go last. */
export function alertPriorityRank(priority: string): number {
  const rank = (ALERT_PRIORITY_ORDER as readonly string[]).indexOf(priority.toUpperCase());
  return rank === -1 ? ALERT_PRIORITY_ORDER.length : rank;
}

/** A new array sorted most urgent first (stable: equal priorities keep their order). */
export function sortByPriority<T>(items: readonly T[], priorityOf: (item: T) => string): T[] {
  return [...items].sort((a, b) => alertPriorityRank(priorityOf(a)) - alertPriorityRank(priorityOf(b)));
}

/** The first {@link ALERTS_SHOWN} most urgent, and how many more there are (for 'Ver todas'). */
export function topAlerts<T>(
  items: readonly T[],
  priorityOf: (item: T) => string,
  limit: number = ALERTS_SHOWN,
): { shown: T[]; hidden: number } {
  const sorted = sortByPriority(items, priorityOf);
  return { shown: sorted.slice(0, limit), hidden: Math.max(0, sorted.length - limit) };
}

/** antd colours of each alert priority (Tag `color`). */
export const ALERT_PRIORITY_COLORS: Record<AlertPriority, string> = {
  CRITICAL: 'red',
  HIGH: 'volcano',
  MEDIUM: 'gold',
  LOW: 'blue',
};

export const ALERT_PRIORITY_LABELS: Record<AlertPriority, string> = {
  CRITICAL: 'Crítica',
  HIGH: 'Alta',
  MEDIUM: 'Media',
  LOW: 'Baja',
};

export function alertPriorityColor(priority: string): string {
  return ALERT_PRIORITY_COLORS[priority.toUpperCase() as AlertPriority] ?? 'default';
}

export function alertPriorityLabel(priority: string): string {
  return ALERT_PRIORITY_LABELS[priority.toUpperCase() as AlertPriority] ?? priority;
}
