/**
 * How right the readers are (issue 17 item 6), from the advisors' reviews: a reviewer who approves a
 * reading unchanged confirms every field; a correction marks the fields it changed; a rejection marks
 * them all. Pure: the review action, the company's ai-metrics and the admin pages share it.
 */

import {
  type AccuracyFigure,
  type AccuracyReport,
  COST_CURRENCY,
  COST_PER_PAGE_MILLICENTS,
  type EngineUsage,
  type FieldPrecision,
  type UsageReport,
} from '@shared/schemas/ai-metrics';
import {
  type DocumentDetails,
  EXTRACTION_FIELDS,
  type Extraction,
  type ExtractionCorrection,
  type ExtractionField,
  type ExtractionSource,
  type ReadingEngine,
} from '@shared/schemas/documents';
import { dayRangeMs, periodWindow } from './periods';

// --- comparing a correction with the reading -------------------------------------------------------

const foldName = (s: string | null | undefined): string =>
  (s ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[.,;:'"´`]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** NIFs without spaces, dots or dashes, upper case, and without the `ES` prefix of a Spanish one. */
export const normalizeNif = (s: string | null | undefined): string => {
  const n = (s ?? '').toUpperCase().replace(/[\s.-]/g, '');
  return /^ES[0-9A-Z]\d{7}[0-9A-Z]$/.test(n) ? n.slice(2) : n;
};

const normalizeNumber = (s: string | null | undefined): string => (s ?? '').toUpperCase().replace(/\s+/g, '');

/** Bases and recargo compare as multisets: the order the reader listed them in does not matter. */
const multiset = (rows: readonly object[]): string =>
  rows
    .map((r) => JSON.stringify(Object.entries(r).sort(([a], [b]) => (a < b ? -1 : 1))))
    .sort()
    .join('|');

const sameField = (field: ExtractionField, read: Extraction, truth: Extraction): boolean => {
  switch (field) {
    case 'supplierName':
    case 'customerName':
      return foldName(read[field]) === foldName(truth[field]);
    case 'supplierNif':
    case 'customerNif':
      return normalizeNif(read[field]) === normalizeNif(truth[field]);
    case 'invoiceNumber':
      return normalizeNumber(read.invoiceNumber) === normalizeNumber(truth.invoiceNumber);
    case 'issueDate':
      return (read.issueDate ?? '') === (truth.issueDate ?? '');
    case 'bases':
      return multiset(read.bases) === multiset(truth.bases);
    case 'recargo':
      return multiset(read.recargo) === multiset(truth.recargo);
    case 'irpf':
      return (
        (read.irpf === null && truth.irpf === null) ||
        (read.irpf !== null &&
          truth.irpf !== null &&
          read.irpf.rateBp === truth.irpf.rateBp &&
          read.irpf.amountCents === truth.irpf.amountCents)
      );
    case 'totalCents':
      return read.totalCents === truth.totalCents;
    case 'currency':
      return read.currency.toUpperCase() === truth.currency.toUpperCase();
  }
};

/** The reading as the reviewer left it: every field the correction names replaces the read one. */
export function applyCorrections(
  read: Extraction,
  corrections: ExtractionCorrection | undefined,
): Extraction {
  if (!corrections) return read;
  const out: Extraction = { ...read, confidence: { ...read.confidence } };
  for (const field of EXTRACTION_FIELDS) {
    const value = corrections[field];
    if (value === undefined) continue;
    (out as unknown as Record<string, unknown>)[field] = value;
    // A person's value is certain.
    out.confidence[field] = 1;
  }
  return out;
}

/** The fields whose corrected value differs from the reading (normalised: case, spaces, order). */
export function correctedFields(
  read: Extraction,
  corrections: ExtractionCorrection | undefined,
): ExtractionField[] {
  if (!corrections) return [];
  const truth = applyCorrections(read, corrections);
  return EXTRACTION_FIELDS.filter((f) => corrections[f] !== undefined && !sameField(f, read, truth));
}

// --- accuracy from reviews ---------------------------------------------------------------------------

/** What a review says about one reading. */
export interface ReviewedReading {
  status: 'APPROVED' | 'REJECTED';
  correctedFields: readonly ExtractionField[];
  source: ExtractionSource | null;
  engine: ReadingEngine | null;
}

const figure = (reviewed: number, unchanged: number): AccuracyFigure => ({
  reviewed,
  unchanged,
  accuracy: reviewed === 0 ? null : round4(unchanged / reviewed),
});

export const round4 = (x: number): number => Math.round(x * 10_000) / 10_000;

/** Fields of one review confirmed unchanged: none when rejected. */
const unchangedFields = (r: ReviewedReading): number =>
  r.status === 'REJECTED' ? 0 : EXTRACTION_FIELDS.filter((f) => !r.correctedFields.includes(f)).length;

/**
 * Per field: approved unchanged / reviewed; overall over every field of every review; the same per
 * source (EINVOICE/QR/TEXT/OCR) and per engine.
 */
export function accuracyReport(reviews: readonly ReviewedReading[]): AccuracyReport {
  const byField = Object.fromEntries(
    EXTRACTION_FIELDS.map((f) => [
      f,
      figure(
        reviews.length,
        reviews.filter((r) => r.status === 'APPROVED' && !r.correctedFields.includes(f)).length,
      ),
    ]),
  ) as Record<ExtractionField, AccuracyFigure>;
  const group = <K extends string>(keyOf: (r: ReviewedReading) => K | null) => {
    const sums = new Map<K, { reviewed: number; unchanged: number }>();
    for (const r of reviews) {
      const k = keyOf(r);
      if (k === null) continue;
      const s = sums.get(k) ?? { reviewed: 0, unchanged: 0 };
      s.reviewed += EXTRACTION_FIELDS.length;
      s.unchanged += unchangedFields(r);
      sums.set(k, s);
    }
    return Object.fromEntries([...sums].map(([k, s]) => [k, figure(s.reviewed, s.unchanged)])) as Partial<
      Record<K, AccuracyFigure>
    >;
  };
  return {
    reviews: reviews.length,
    approved: reviews.filter((r) => r.status === 'APPROVED').length,
    rejected: reviews.filter((r) => r.status === 'REJECTED').length,
    overall: figure(
      reviews.length * EXTRACTION_FIELDS.length,
      reviews.reduce((n, r) => n + unchangedFields(r), 0),
    ),
    byField,
    bySource: group((r) => r.source),
    byEngine: group((r) => r.engine),
  };
}

// --- precision and recall per field ----------------------------------------------------------------

const present = (field: ExtractionField, e: Extraction): boolean => {
  const v = e[field];
  if (Array.isArray(v)) return v.length > 0;
  if (typeof v === 'string') return v.trim().length > 0;
  return v !== null && v !== undefined;
};

/**
 * Over approved reviews (the corrected reading is the truth): a field read and confirmed is a true
 * positive; read but changed or removed, a false positive (and a false negative when the truth has
 * another value); not read but filled in by the reviewer, a false negative.
 */
export function precisionByField(
  reviewed: readonly { read: Extraction; corrections: ExtractionCorrection | undefined }[],
): Record<ExtractionField, FieldPrecision> {
  const out = {} as Record<ExtractionField, FieldPrecision>;
  for (const f of EXTRACTION_FIELDS) {
    let tp = 0;
    let fp = 0;
    let fn = 0;
    let tn = 0;
    for (const { read, corrections } of reviewed) {
      const truth = applyCorrections(read, corrections);
      const inRead = present(f, read);
      const inTruth = present(f, truth);
      const same = sameField(f, read, truth);
      if (inRead && same) tp++;
      else if (inRead) {
        fp++;
        if (inTruth) fn++;
      } else if (inTruth) fn++;
      else tn++;
    }
    out[f] = {
      truePositives: tp,
      falsePositives: fp,
      falseNegatives: fn,
      trueNegatives: tn,
      precision: tp + fp === 0 ? null : round4(tp / (tp + fp)),
      recall: tp + fn === 0 ? null : round4(tp / (tp + fn)),
    };
  }
  return out;
}

// --- use and cost ----------------------------------------------------------------------------------

/** What the metrics read of a document item (its stored reading and review). */
export type ReadingRecord = Pick<
  DocumentDetails,
  | 'documentId'
  | 'companyId'
  | 'status'
  | 'engine'
  | 'pages'
  | 'processingMs'
  | 'sha256'
  | 'extraction'
  | 'review'
  | 'createdAt'
  | 'processedAt'
> & {
  /** The reviewer's corrections, kept beside the review (precision needs the corrected values). */
  reviewCorrections?: ExtractionCorrection | null;
};

/** A reading finished with something read (a failure stores no reading). */
export const wasRead = (d: ReadingRecord): boolean => d.engine !== null && d.status !== 'OCR_FAILED';
export const readingFailed = (d: ReadingRecord): boolean =>
  d.status === 'OCR_FAILED' || d.status === 'TECHNICAL_ERROR';

export const costOfPages = (engine: ReadingEngine, pages: number): number =>
  COST_PER_PAGE_MILLICENTS[engine] * pages;

/** Documents read, pages, processing time and cost per engine. */
export function usageReport(docs: readonly ReadingRecord[]): UsageReport {
  const read = docs.filter(wasRead);
  const failed = docs.filter(readingFailed).length;
  const byEngine: Partial<Record<ReadingEngine, EngineUsage>> = {};
  for (const d of read) {
    const engine = d.engine as ReadingEngine;
    const pages = d.pages ?? 1;
    const u = byEngine[engine] ?? {
      documents: 0,
      pages: 0,
      costPerPageMillicents: COST_PER_PAGE_MILLICENTS[engine],
      costMillicents: 0,
    };
    u.documents++;
    u.pages += pages;
    u.costMillicents += costOfPages(engine, pages);
    byEngine[engine] = u;
  }
  const timed = read.filter((d) => d.processingMs !== null);
  const attempts = read.length + failed;
  return {
    documentsRead: read.length,
    documentsFailed: failed,
    pages: Object.values(byEngine).reduce((n, u) => n + u.pages, 0),
    failureRate: attempts === 0 ? null : round4(failed / attempts),
    averageProcessingMs:
      timed.length === 0
        ? null
        : Math.round(timed.reduce((n, d) => n + (d.processingMs ?? 0), 0) / timed.length),
    byEngine,
    costMillicents: Object.values(byEngine).reduce((n, u) => n + u.costMillicents, 0),
    currency: COST_CURRENCY,
  };
}

/** The decided reviews among the documents. */
export function reviewsOf(docs: readonly ReadingRecord[]): ReviewedReading[] {
  return docs.flatMap((d) =>
    d.review.status === 'APPROVED' || d.review.status === 'REJECTED'
      ? [
          {
            status: d.review.status,
            correctedFields: d.review.correctedFields ?? [],
            source: d.extraction?.source ?? null,
            engine: d.engine,
          },
        ]
      : [],
  );
}

/**
 * Readings of bytes the company had already had read (same SHA-256, an earlier document): the
 * stored reading serves them, so their pages cost nothing again. `docs` in any order.
 */
export function cacheHits(docs: readonly ReadingRecord[]): { hits: ReadingRecord[] } {
  const seen = new Set<string>();
  const hits: ReadingRecord[] = [];
  const ordered = [...docs].sort((a, b) =>
    a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0,
  );
  for (const d of ordered) {
    if (!d.sha256 || !wasRead(d)) continue;
    const k = `${d.companyId}#${d.sha256}`;
    if (seen.has(k)) hits.push(d);
    else seen.add(k);
  }
  return { hits };
}

// --- the period of a metrics call ----------------------------------------------------------------

/**
 * fromDate..toDate (Spanish calendar days, both included; the current month to today when absent)
 * and the UTC instants bounding them.
 */
export function metricsWindow(
  q: { fromDate?: string | undefined; toDate?: string | undefined },
  now: Date,
): { fromDate: string; toDate: string; fromMs: number; toMs: number; fromIso: string; toIso: string } {
  const month = periodWindow('MONTH', now);
  const fromDate =
    q.fromDate ?? (q.toDate && q.toDate < month.from ? `${q.toDate.slice(0, 7)}-01` : month.from);
  const toDate = q.toDate ?? (q.fromDate && q.fromDate > month.to ? q.fromDate : month.to);
  const { fromMs, toMs } = dayRangeMs(fromDate, toDate);
  return {
    fromDate,
    toDate,
    fromMs,
    toMs,
    fromIso: new Date(fromMs).toISOString(),
    toIso: new Date(toMs).toISOString(),
  };
}
