/**
 * Consumer of the `treasury` queue (infra/manifest.ts): keeps the open-items projection
 * (store/open-items.ts) from
 *  - the invoice events the `invoice-events` stream publishes (functions/domains/invoices/workers/
 *    publish-invoice-events.ts): issued invoices' INVOICE_* and PAYMENT_* (`invoiceId`) and received
 *    invoices' RECEIVED_* (`receivedInvoiceId`). The event only says WHICH document changed: the
 *    document is read again and its item rebuilt from what it stores now, so duplicates, retries and
 *    any order converge on the same item. An issued invoice's event also rebuilds the invoices it
 *    rectifies (a credit note applied or a substitution changes what they owe) and the invoice a
 *    moved payment came from;
 *  - the backfill pages `{ kind: 'TREASURY_BACKFILL', companyId, stage, cursor }`
 *    (store/projection-backfill.ts), queued by `treasury-daily`;
 *  - the recomputes of a company's collection summary `{ kind: 'TREASURY_COLLECTIONS', companyId }`
 *    (store/collection-summary.ts), which this consumer asks for (debounced) whenever an issued
 *    invoice's open item changes, and `treasury-daily` once a day.
 */

import { once } from '@functions/platform/aws/env';
import {
  parseJsonBody,
  type SqsRecordProcessor,
  sqsHandler,
  type WorkerContext,
} from '@functions/platform/workers';
import type { SQSEvent } from 'aws-lambda';
import * as z from 'zod';
import {
  refreshCollectionSummary,
  requestCollectionSummary,
  TreasuryCollectionsMessage,
} from '../store/collection-summary';
import { type BankingDeps, makeDeps } from '../store/deps';
import { type OpenItemKind, type ProjectionOutcome, projectDocument } from '../store/open-items';
import { runProjectionBackfillPage, TreasuryBackfillMessage } from '../store/projection-backfill';

const Id = z.string().min(1).max(200);

const IssuedEvent = z.object({
  companyId: Id,
  invoiceId: Id,
  kind: z.string(),
  rectification: z.object({ rectified: z.array(z.object({ invoiceId: Id })).optional() }).nullish(),
  payment: z.object({ movedFrom: z.object({ invoiceId: Id }).nullish() }).nullish(),
});

const ReceivedEvent = z.object({ companyId: Id, receivedInvoiceId: Id, kind: z.string() });

export type MessageOutcome = ProjectionOutcome | 'backfill' | 'collections' | 'malformed';

const changed = (outcome: ProjectionOutcome) => outcome === 'written' || outcome === 'removed';

/** The documents one event touches: itself first, then what it rectifies or took payments from. */
export function documentsOf(
  body: unknown,
): { companyId: string; kind: OpenItemKind; documentId: string }[] | null {
  const received = ReceivedEvent.safeParse(body);
  if (received.success && received.data.kind.startsWith('RECEIVED_')) {
    return [{ companyId: received.data.companyId, kind: 'REC', documentId: received.data.receivedInvoiceId }];
  }
  const issued = IssuedEvent.safeParse(body);
  if (!issued.success) return null;
  const { companyId, invoiceId } = issued.data;
  const ids = [
    invoiceId,
    ...(issued.data.rectification?.rectified ?? []).map((r) => r.invoiceId),
    ...(issued.data.payment?.movedFrom ? [issued.data.payment.movedFrom.invoiceId] : []),
  ];
  return [...new Set(ids)].map((documentId) => ({ companyId, kind: 'INV' as const, documentId }));
}

export async function processMessage(
  deps: BankingDeps,
  body: unknown,
  ctx: WorkerContext,
): Promise<MessageOutcome> {
  if ((body as { kind?: unknown } | null)?.kind === 'TREASURY_BACKFILL') {
    const parsed = TreasuryBackfillMessage.safeParse(body);
    if (!parsed.success) {
      ctx.log.error('Malformed treasury backfill message dropped');
      return 'malformed';
    }
    const page = await runProjectionBackfillPage(deps, parsed.data, ctx.log);
    if (parsed.data.stage === 'INVOICES' && page.written > 0)
      await requestCollectionSummary(deps, parsed.data.companyId);
    return 'backfill';
  }
  if ((body as { kind?: unknown } | null)?.kind === 'TREASURY_COLLECTIONS') {
    const parsed = TreasuryCollectionsMessage.safeParse(body);
    if (!parsed.success) {
      ctx.log.error('Malformed collection summary message dropped');
      return 'malformed';
    }
    const outcome = await refreshCollectionSummary(deps, parsed.data.companyId);
    ctx.log.info('Collection summary recomputed', { companyId: parsed.data.companyId, outcome });
    return 'collections';
  }
  const docs = documentsOf(body);
  if (!docs) {
    ctx.log.error('Malformed treasury message dropped');
    return 'malformed';
  }
  let first: ProjectionOutcome = 'absent';
  let receivablesChanged = false;
  for (const [i, d] of docs.entries()) {
    const outcome = await projectDocument(deps, d.companyId, d.kind, d.documentId);
    if (i === 0) first = outcome;
    if (d.kind === 'INV' && changed(outcome)) receivablesChanged = true;
    ctx.log.info('Open item rebuilt', {
      companyId: d.companyId,
      kind: d.kind,
      documentId: d.documentId,
      outcome,
    });
  }
  // Every document of one event is of one company.
  if (receivablesChanged) await requestCollectionSummary(deps, docs[0]!.companyId);
  return first;
}

export function recordProcessor(deps: () => BankingDeps): SqsRecordProcessor {
  return async (record, ctx) => {
    let body: unknown;
    try {
      body = parseJsonBody(record);
    } catch {
      ctx.log.error('Treasury message that is not JSON dropped');
      return;
    }
    await processMessage(deps(), body, ctx);
  };
}

const deps = once(makeDeps);

export const handler = (event: SQSEvent, context?: Parameters<ReturnType<typeof sqsHandler>>[1]) =>
  sqsHandler(recordProcessor(deps))(event, context);
