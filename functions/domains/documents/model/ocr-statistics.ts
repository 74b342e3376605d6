/** The OCR statistics of a period (spec part 2 §7 "OCR statistics"), from the period's documents. Pure. */

import type {
  DocumentDetails,
  DocumentStatus,
  ExtractionSource,
  OcrStatistics,
} from '@shared/schemas/documents';
import { meanConfidence } from './alerts';
import type { StatisticsPeriod } from './periods';

const READ_STATUSES: readonly DocumentStatus[] = [
  'OCR_COMPLETED',
  'OCR_COMPLETED_PENDING',
  'INVOICE_CREATED',
  'INVOICE_INCOMPLETE',
  'INVOICE_ERROR',
];

const round3 = (n: number) => Math.round(n * 1000) / 1000;
const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);

export function ocrStatistics(
  period: StatisticsPeriod,
  window: { from: string; to: string },
  docs: DocumentDetails[],
): OcrStatistics {
  const byStatus: Partial<Record<DocumentStatus, number>> = {};
  const bySource: Partial<Record<ExtractionSource, number>> = {};
  for (const d of docs) {
    byStatus[d.status] = (byStatus[d.status] ?? 0) + 1;
    if (d.extraction) bySource[d.extraction.source] = (bySource[d.extraction.source] ?? 0) + 1;
  }
  const read = docs.filter((d) => READ_STATUSES.includes(d.status));
  const confidences = read.map(meanConfidence).filter((c): c is number => c !== null);
  const times = docs.map((d) => d.processingMs).filter((t): t is number => typeof t === 'number');
  const count = (s: DocumentStatus) => byStatus[s] ?? 0;
  const avgConfidence = mean(confidences);
  const avgMs = mean(times);
  return {
    period,
    from: window.from,
    to: window.to,
    totalDocuments: docs.length,
    byStatus,
    bySource,
    invoicesCreated: count('INVOICE_CREATED'),
    incomplete: count('INVOICE_INCOMPLETE'),
    failed: count('OCR_FAILED') + count('TECHNICAL_ERROR') + count('INVOICE_ERROR'),
    rejected: docs.filter((d) => d.status === 'FAILED' && d.rejection !== null).length,
    duplicates: count('OCR_COMPLETED_PENDING'),
    averageConfidence: avgConfidence === null ? null : round3(avgConfidence),
    averageProcessingMs: avgMs === null ? null : Math.round(avgMs),
    pages: docs.reduce((n, d) => n + (d.engine ? (d.pages ?? 0) : 0), 0),
    straightThroughRate: read.length
      ? round3(
          read.filter((d) => d.status === 'INVOICE_CREATED' && d.review.status === 'NOT_REQUIRED').length /
            read.length,
        )
      : null,
  };
}
