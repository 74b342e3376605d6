/**
 * The AWS OCR engine: Amazon Textract AnalyzeExpense (reference/ocr.md §1). One-page documents (images,
 * one-page PDFs up to 10 MB) are read synchronously from their bytes; longer PDFs asynchronously from
 * S3 (StartExpenseAnalysis, then GetExpenseAnalysis paginated). The reading Lambda does not sit and
 * wait for a long job: it waits a little, then throws a retryable ReadingError carrying the JobId;
 * the worker stores it and queues the document again with a delay, and the next attempt asks for
 * the same job. The start is idempotent (ClientRequestToken = the bytes' SHA-256).
 *
 * Output: the LINE blocks of every page laid out like `pdftotext -layout`, plus the SummaryFields
 * whose label and value Textract paired across lines (a label above its value), so the Spanish
 * extractor reads the same kind of text whatever the engine.
 */

import { createHash } from 'node:crypto';
import {
  AnalyzeExpenseCommand,
  type Block,
  type ExpenseDocument,
  GetExpenseAnalysisCommand,
  StartExpenseAnalysisCommand,
  TextractClient,
} from '@aws-sdk/client-textract';
import { ReadingError } from '../reading-error';
import type { OcrEngine, OcrInput, OcrPage } from './ocr-engine';

/** AnalyzeExpense's synchronous limit (Textract quotas: 10 MB, 1 page). */
const SYNC_MAX_BYTES = 10 * 1024 * 1024;

const RETRYABLE = new Set([
  'ThrottlingException',
  'ProvisionedThroughputExceededException',
  'LimitExceededException',
  'InternalServerError',
  'ServiceUnavailableException',
  'TimeoutError',
]);

export interface TextractOptions {
  client?: TextractClient;
  /** How long one attempt polls a new asynchronous job before handing it back to the queue. */
  waitMs?: number;
  pollMs?: number;
}

function asReadingError(e: unknown, jobId?: string): ReadingError {
  if (e instanceof ReadingError) return e;
  const name = (e as { name?: string }).name ?? 'Error';
  const throttled = (e as { $retryable?: { throttling?: boolean } }).$retryable !== undefined;
  const network = (e as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === undefined;
  return new ReadingError(`Textract: ${name}: ${(e as Error).message ?? ''}`, {
    retryable: RETRYABLE.has(name) || throttled || (network && !/Exception$/.test(name)),
    ...(jobId ? { jobId } : {}),
    cause: e,
  });
}

/** LINE blocks of one page into layout lines (same-height lines merged, columns by their left edge). */
function layoutPage(lines: Block[]): string[] {
  const boxes = lines
    .filter((b) => b.Text && b.Geometry?.BoundingBox)
    .map((b) => {
      const box = b.Geometry!.BoundingBox!;
      return {
        text: b.Text!,
        left: box.Left ?? 0,
        top: box.Top ?? 0,
        width: box.Width ?? 0,
        height: box.Height ?? 0,
      };
    });
  if (boxes.length === 0) return [];
  const widths = boxes.map((b) => b.width / Math.max(1, b.text.length)).sort((a, b) => a - b);
  const charWidth = Math.max(0.002, widths[Math.floor(widths.length / 2)]!);
  const rows: { mid: number; height: number; items: typeof boxes }[] = [];
  for (const b of boxes.sort((x, y) => x.top + x.height / 2 - (y.top + y.height / 2))) {
    const mid = b.top + b.height / 2;
    const row = rows.find((r) => Math.abs(r.mid - mid) < Math.min(r.height, b.height) / 2);
    if (row) row.items.push(b);
    else rows.push({ mid, height: b.height, items: [b] });
  }
  const margin = Math.min(...boxes.map((b) => b.left));
  return rows.map((row) => {
    let text = '';
    for (const item of row.items.sort((a, b) => a.left - b.left)) {
      const column = Math.round((item.left - margin) / charWidth);
      text += ' '.repeat(Math.max(text ? 1 : 0, column - text.length)) + item.text;
    }
    return text;
  });
}

/** AnalyzeExpense / GetExpenseAnalysis documents into OCR pages (exported for tests). */
export function expenseToPages(documents: ExpenseDocument[]): OcrPage[] {
  const byPage = new Map<number, { lines: Block[]; extra: string[] }>();
  const pageOf = (n: number | undefined) => {
    const key = n ?? 1;
    let page = byPage.get(key);
    if (!page) {
      page = { lines: [], extra: [] };
      byPage.set(key, page);
    }
    return page;
  };
  for (const doc of documents) {
    for (const block of doc.Blocks ?? [])
      if (block.BlockType === 'LINE') pageOf(block.Page).lines.push(block);
  }
  const pages = [...byPage.entries()].map(([page, { lines }]) => ({
    page,
    lines: layoutPage(lines),
    confidences: lines.map((l) => (l.Confidence ?? 0) / 100),
  }));
  // Summary fields Textract paired across lines: added as "label value" when no line holds both.
  for (const doc of documents) {
    for (const field of doc.SummaryFields ?? []) {
      const label = field.LabelDetection?.Text?.trim();
      const value = field.ValueDetection?.Text?.trim();
      if (!label || !value) continue;
      const n = field.PageNumber ?? 1;
      let page = pages.find((p) => p.page === n);
      if (!page) {
        page = { page: n, lines: [], confidences: [] };
        pages.push(page);
      }
      if (page.lines.some((l) => l.includes(label) && l.includes(value))) continue;
      page.lines.push(`${label} ${value}`.replace(/\s+/g, ' '));
      page.confidences.push((field.ValueDetection?.Confidence ?? 0) / 100);
    }
  }
  return pages
    .sort((a, b) => a.page - b.page)
    .map(({ page, lines, confidences }) => ({
      page,
      lines,
      confidence: confidences.length ? confidences.reduce((s, c) => s + c, 0) / confidences.length : 0,
    }));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function textractEngine(options: TextractOptions = {}): OcrEngine {
  const client = options.client ?? new TextractClient({});
  const waitMs = options.waitMs ?? 20_000;
  const pollMs = options.pollMs ?? 2_000;

  /** Every page of a finished job, or a retryable error while it runs. */
  async function jobResult(jobId: string): Promise<ExpenseDocument[]> {
    const documents: ExpenseDocument[] = [];
    let nextToken: string | undefined;
    do {
      const out = await client
        .send(new GetExpenseAnalysisCommand({ JobId: jobId, MaxResults: 20, NextToken: nextToken }))
        .catch((e: unknown) => {
          throw asReadingError(e, jobId);
        });
      if (out.JobStatus === 'IN_PROGRESS')
        throw new ReadingError(`Textract job ${jobId} still running`, { retryable: true, jobId });
      if (out.JobStatus !== 'SUCCEEDED' && out.JobStatus !== 'PARTIAL_SUCCESS')
        throw new ReadingError(`Textract job ${jobId}: ${out.JobStatus} ${out.StatusMessage ?? ''}`, {
          retryable: false,
        });
      documents.push(...(out.ExpenseDocuments ?? []));
      nextToken = out.NextToken;
    } while (nextToken);
    return documents;
  }

  async function waitForJob(jobId: string): Promise<ExpenseDocument[]> {
    const deadline = Date.now() + waitMs;
    for (;;) {
      try {
        return await jobResult(jobId);
      } catch (e) {
        const running =
          e instanceof ReadingError && e.retryable && e.jobId === jobId && /still running/.test(e.message);
        if (!running || Date.now() + pollMs > deadline) throw e;
        await sleep(pollMs);
      }
    }
  }

  async function ocr(input: OcrInput): Promise<OcrPage[]> {
    if (input.jobId) return expenseToPages(await waitForJob(input.jobId));
    const onePage = input.type !== 'pdf' || input.pages <= 1;
    if (onePage && input.bytes.length <= SYNC_MAX_BYTES) {
      const out = await client
        .send(new AnalyzeExpenseCommand({ Document: { Bytes: input.bytes } }))
        .catch((e: unknown) => {
          throw asReadingError(e);
        });
      return expenseToPages(out.ExpenseDocuments ?? []);
    }
    if (!input.location)
      throw new ReadingError('A multi-page document is read by Textract from S3: its location is needed', {
        retryable: false,
      });
    const started = await client
      .send(
        new StartExpenseAnalysisCommand({
          DocumentLocation: { S3Object: { Bucket: input.location.bucket, Name: input.location.key } },
          ClientRequestToken: createHash('sha256').update(input.bytes).digest('hex'),
          JobTag: 'cuadra-document',
        }),
      )
      .catch((e: unknown) => {
        throw asReadingError(e);
      });
    if (!started.JobId) throw new ReadingError('Textract started no job', { retryable: true });
    return expenseToPages(await waitForJob(started.JobId));
  }

  return { name: 'TEXTRACT', ocr };
}
