/**
 * Consumer of the `accounting` queue (infra/manifest.ts): the invoice events (INVOICE_CONFIRMED,
 * INVOICE_CANCELLED, PAYMENT_RECORDED, PAYMENT_DELETED) and received-invoice events
 * (RECEIVED_REGISTERED, RECEIVED_UPDATED, RECEIVED_DELETED, RECEIVED_PAYMENT_RECORDED,
 * RECEIVED_PAYMENT_DELETED) of every company, published by the `invoice-events` stream consumer
 * with their `eventId`, the pages of a company's backfill (`ACCOUNTING_BACKFILL`) and the postings
 * of approved bank reconciliations (`BANK_POSTING`, issue 19).
 *
 * Each event becomes what its document should have in the books (model/postings.ts) and the engine
 * posts the difference (store/engine.ts): a duplicate or late event changes nothing. AUTONOMO
 * companies keep no PGC books here and are skipped; the first posting of a company without a chart
 * initialises the PYMES one and queues its backfill. The queue is standard: the messages of one
 * company in a batch are posted one after another (they share the year's entry-number counter),
 * different companies at once. A received invoice's postings read the company's expense categories
 * (their own PGC accounts), once per company and batch. A malformed message is logged and acknowledged (retrying cannot fix
 * it); a failure of DynamoDB or SQS returns the message to the queue (then its DLQ).
 */

import { once } from '@functions/platform/aws/env';
import {
  parseJsonBody,
  type SqsRecordProcessor,
  sqsHandler,
  type WorkerContext,
} from '@functions/platform/workers';
import { BankPostingMessage } from '@shared/schemas/reconciliation';
import type { SQSEvent } from 'aws-lambda';
import * as z from 'zod';
import { chartAccount } from '../model/chart';
import { runBackfillPage } from '../store/backfill';
import { categoryDefaultAccounts, ensureSettings, readAccounts } from '../store/chart';
import { type AccountingDeps, makeDeps } from '../store/deps';
import { applyDesiredPosting, companyKeepsBooks, type EventOutcome, postEventMessage } from '../store/engine';

const CompanyId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);

const BackfillBody = z.object({
  kind: z.literal('ACCOUNTING_BACKFILL'),
  companyId: CompanyId,
  stage: z.enum(['INVOICES', 'RECEIVED']),
  cursor: z.string().max(4000).nullable(),
});

const EventEnvelope = z.object({
  eventId: z.string().min(1).max(200).optional(),
  kind: z.string().min(1).max(100),
  companyId: CompanyId,
});

export type MessageOutcome = EventOutcome | 'backfill' | 'malformed' | 'no-books';

/**
 * What a batch reads once per company: whether it keeps PGC books, and its expense categories' own
 * accounts (read for the first received-invoice event only).
 */
export interface BatchCache {
  books: Map<string, Promise<boolean>>;
  categories: Map<string, Promise<Record<string, string>>>;
}

export const newBatchCache = (): BatchCache => ({ books: new Map(), categories: new Map() });

function cached<T>(map: Map<string, Promise<T>>, key: string, read: () => Promise<T>): Promise<T> {
  let value = map.get(key);
  if (!value) {
    value = read();
    map.set(key, value);
  }
  return value;
}

/** Posts one message body; answers what happened (for the log and the tests). */
export async function processMessage(
  deps: AccountingDeps,
  body: unknown,
  ctx: WorkerContext,
  cache: BatchCache = newBatchCache(),
): Promise<MessageOutcome> {
  const kind = (body as { kind?: unknown } | null)?.kind;
  if (kind === 'ACCOUNTING_BACKFILL') {
    const parsed = BackfillBody.safeParse(body);
    if (!parsed.success) {
      ctx.log.error('Malformed backfill message dropped', { issues: parsed.error.issues.length });
      return 'malformed';
    }
    await runBackfillPage(deps, parsed.data, ctx.log);
    return 'backfill';
  }
  const env = EventEnvelope.safeParse(body);
  if (!env.success) {
    ctx.log.error('Malformed accounting message dropped', {
      kind: typeof kind === 'string' ? kind.slice(0, 100) : null,
    });
    return 'malformed';
  }
  const { companyId, eventId } = env.data;
  const log = ctx.log.child({ companyId, eventId, kind: env.data.kind });
  if (!(await cached(cache.books, companyId, () => companyKeepsBooks(deps, companyId)))) {
    log.info('Company keeps no PGC books here (AUTONOMO or unknown); event skipped');
    return 'no-books';
  }
  if (env.data.kind === 'BANK_POSTING') {
    await ensureSettings(deps, companyId);
    const outcome = await postBankPosting(deps, body);
    if (outcome === 'ignored') log.error('Malformed bank posting dropped');
    else if (outcome === 'unbuildable')
      log.error('The bank posting does not balance or names an account the chart lacks; nothing posted');
    else log.info('Bank posting applied', { outcome });
    return outcome;
  }
  const settings = await ensureSettings(deps, companyId);
  const received = env.data.kind.startsWith('RECEIVED_');
  const categories = received
    ? await cached(cache.categories, companyId, () => categoryDefaultAccounts(deps, companyId, settings))
    : {};
  const outcome = await postEventMessage(deps, companyId, body, {
    ...settings,
    categoryDefaultAccounts: categories,
  });
  if (outcome === 'ignored') log.warn('Not a posting event, or malformed; dropped');
  else if (outcome === 'unbuildable') log.error('The document does not balance; nothing posted');
  else log.info('Accounting event applied', { outcome });
  return outcome;
}

/**
 * A reconciliation's posting of one bank movement (issue 19, shared/schemas/reconciliation.ts
 * `BankPostingMessage`): its fee or difference, or its assignment to an account, against the bank's
 * account. Desired state, applied by the same engine as the documents' postings: a newer version
 * reverses what was posted and posts the new lines; empty lines leave only the reversal; an older or
 * repeated version changes nothing. Lines that do not balance are `unbuildable` (the sender's bug:
 * retrying cannot fix it).
 */
export async function postBankPosting(deps: AccountingDeps, body: unknown): Promise<EventOutcome> {
  const parsed = BankPostingMessage.safeParse(body);
  if (!parsed.success) return 'ignored';
  const m = parsed.data;
  const debit = m.lines.reduce((s, l) => s + l.debitCents, 0);
  const credit = m.lines.reduce((s, l) => s + l.creditCents, 0);
  if (debit !== credit || m.lines.some((l) => l.debitCents > 0 === l.creditCents > 0)) return 'unbuildable';
  // An account neither in the company's chart nor in the PGC cannot be posted to (the banking side
  // checks the chart when the match is made; a chart changed since then must not loop to the DLQ).
  const codes = [...new Set(m.lines.map((l) => l.accountCode))];
  const stored = await readAccounts(deps, m.companyId, codes);
  if (codes.some((code) => !stored.has(code) && !chartAccount(code))) return 'unbuildable';
  return applyDesiredPosting(deps, m.companyId, {
    sourceKey: m.sourceKey,
    version: m.version,
    source: 'BANK_RECONCILIATION',
    date: m.date,
    description: m.description,
    document: null,
    lines: m.lines.map((l) => ({ ...l, description: m.description })),
  });
}

const companyOf = (body: unknown): string => {
  const c = (body as { companyId?: unknown } | null)?.companyId;
  return typeof c === 'string' ? c : '';
};

/**
 * The record processor of one batch: the company cache and the per-company chains live as long as
 * the batch, so each batch reads each company once and posts a company's messages in order.
 */
export function batchProcessor(deps: () => AccountingDeps): SqsRecordProcessor {
  const cache = newBatchCache();
  const chains = new Map<string, Promise<unknown>>();
  return async (record, ctx) => {
    let body: unknown;
    try {
      body = parseJsonBody(record);
    } catch {
      ctx.log.error('Accounting message that is not JSON dropped');
      return;
    }
    const company = companyOf(body);
    const previous = chains.get(company) ?? Promise.resolve();
    const run = previous.catch(() => undefined).then(() => processMessage(deps(), body, ctx, cache));
    chains.set(company, run);
    await run;
  };
}

const deps = once(makeDeps);

export const handler = (event: SQSEvent, context?: Parameters<ReturnType<typeof sqsHandler>>[1]) =>
  sqsHandler(batchProcessor(deps))(event, context);
