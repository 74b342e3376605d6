/**
 * GET admin/gemini-metrics/alerts?fromDate&toDate (ADMIN): what needs looking at — a company (or the
 * platform) whose readings are right less than 90 % of the time over at least 20 reviews, whose
 * reading failure rate passes 10 %, or that is over one of its monthly limits.
 */

import { defineUserAction } from '@functions/platform/http';
import {
  ACCURACY_ALERT_MIN_REVIEWS,
  ACCURACY_ALERT_THRESHOLD,
  AdminMetricsQuery,
  type AlertsReport,
  FAILURE_RATE_ALERT_THRESHOLD,
  type ReadingAlert,
} from '@shared/schemas/ai-metrics';
import { accuracyReport, type ReadingRecord, reviewsOf, usageReport } from '../model/accuracy';
import type { DocumentsDeps } from '../store/deps';
import { listLimits } from '../store/metrics';
import { limitsView, monthUse } from './ai-metrics-get-limits';
import { adminReadings } from './ai-metrics-global';

const pct = (x: number) => `${(x * 100).toFixed(1).replace('.', ',')} %`;

/** Accuracy and failure alerts of one group of readings (a company, or all: companyId null). */
export function qualityAlerts(readings: ReadingRecord[], companyId: string | null): ReadingAlert[] {
  const who = companyId ? `La empresa ${companyId}` : 'La plataforma';
  const out: ReadingAlert[] = [];
  const accuracy = accuracyReport(reviewsOf(readings));
  const value = accuracy.overall.accuracy;
  if (accuracy.reviews >= ACCURACY_ALERT_MIN_REVIEWS && value !== null && value < ACCURACY_ALERT_THRESHOLD)
    out.push({
      kind: 'LOW_ACCURACY',
      severity: value < ACCURACY_ALERT_THRESHOLD - 0.1 ? 'ERROR' : 'WARNING',
      companyId,
      message: `${who} tiene una precisión de lectura del ${pct(value)} en ${accuracy.reviews} revisiones (mínimo ${pct(ACCURACY_ALERT_THRESHOLD)}).`,
      value,
      threshold: ACCURACY_ALERT_THRESHOLD,
    });
  const usage = usageReport(readings);
  if (usage.failureRate !== null && usage.failureRate > FAILURE_RATE_ALERT_THRESHOLD)
    out.push({
      kind: 'HIGH_FAILURE_RATE',
      severity: usage.failureRate > 2 * FAILURE_RATE_ALERT_THRESHOLD ? 'ERROR' : 'WARNING',
      companyId,
      message: `${who} tiene un ${pct(usage.failureRate)} de lecturas fallidas (máximo ${pct(FAILURE_RATE_ALERT_THRESHOLD)}).`,
      value: usage.failureRate,
      threshold: FAILURE_RATE_ALERT_THRESHOLD,
    });
  return out;
}

export const aiMetricsAlertsRoute = defineUserAction({
  query: AdminMetricsQuery,
  run: async ({ query }, deps: DocumentsDeps): Promise<AlertsReport> => {
    const { readings, ...coverage } = await adminReadings(deps, query);
    const alerts = qualityAlerts(readings, null);
    const byCompany = new Map<string, ReadingRecord[]>();
    for (const r of readings) byCompany.set(r.companyId, [...(byCompany.get(r.companyId) ?? []), r]);
    for (const [companyId, list] of byCompany) {
      alerts.push(...qualityAlerts(list, companyId));
      const stored = await listLimits(deps, companyId);
      if (!stored.some((l) => l.limit !== null)) continue;
      const { use } = await monthUse(deps, companyId);
      for (const l of limitsView(stored, use))
        if (l.exceeded && l.limit !== null)
          alerts.push({
            kind: 'LIMIT_EXCEEDED',
            severity: 'ERROR',
            companyId,
            message: `La empresa ${companyId} ha superado su límite ${l.type === 'PAGES_PER_MONTH' ? 'de páginas' : 'de documentos'} del mes: ${l.used} de ${l.limit}.`,
            value: l.used,
            threshold: l.limit,
          });
    }
    return { ...coverage, alerts };
  },
});
