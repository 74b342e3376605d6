/**
 * Day counts as the dashboard widgets word them. The labels and tag colours of statuses,
 * priorities, health and compliance are shared with the tax pages: web/src/lib/tax-labels.ts.
 */

/** '1 día', '12 días'. */
export const daysText = (days: number): string => `${days} ${Math.abs(days) === 1 ? 'día' : 'días'}`;

/** What is left until a deadline: 'Vence hoy', 'Quedan 3 días'. */
export const daysLeftText = (days: number): string => (days === 0 ? 'Vence hoy' : `Quedan ${daysText(days)}`);
