/**
 * GET admin/gemini-metrics/costs?fromDate&toDate (ADMIN): what reading cost, per engine and per day
 * (COST_PER_PAGE_MILLICENTS: Textract AnalyzeExpense per page; the structured readers and Tesseract 0).
 */

import { defineUserAction } from '@functions/platform/http';
import {
  AdminMetricsQuery,
  COST_CURRENCY,
  COST_PER_PAGE_MILLICENTS,
  type CostsReport,
} from '@shared/schemas/ai-metrics';
import { costOfPages, type ReadingRecord, usageReport, wasRead } from '../model/accuracy';
import { madridDay } from '../model/periods';
import type { DocumentsDeps } from '../store/deps';
import { adminReadings } from './ai-metrics-global';

export function costsByDay(readings: ReadingRecord[]): CostsReport['byDay'] {
  const days = new Map<string, { date: string; pages: number; costMillicents: number }>();
  for (const r of readings) {
    if (!wasRead(r) || !r.engine || !r.processedAt) continue;
    const date = madridDay(new Date(r.processedAt));
    const row = days.get(date) ?? { date, pages: 0, costMillicents: 0 };
    row.pages += r.pages ?? 1;
    row.costMillicents += costOfPages(r.engine, r.pages ?? 1);
    days.set(date, row);
  }
  return [...days.values()].sort((a, b) => a.date.localeCompare(b.date));
}

export const aiMetricsCostsRoute = defineUserAction({
  query: AdminMetricsQuery,
  run: async ({ query }, deps: DocumentsDeps): Promise<CostsReport> => {
    const { readings, ...coverage } = await adminReadings(deps, query);
    const usage = usageReport(readings);
    return {
      ...coverage,
      currency: COST_CURRENCY,
      costPerPageMillicents: COST_PER_PAGE_MILLICENTS,
      byEngine: usage.byEngine,
      byDay: costsByDay(readings),
      totalMillicents: usage.costMillicents,
    };
  },
});
