/**
 * Stream consumer `bulk-dispatch` (entity BulkOperation): a NEW operation item is split into chunk
 * messages of queue 'invoice-bulk'. Only INSERTs count (the counters' updates come back as
 * MODIFY). A retried stream record sends the chunks again: harmless, since run-bulk-operation
 * records each invoice once.
 */

import { type StreamChange, streamHandler, type WorkerContext } from '@functions/platform/workers';
import type { BulkChunkMessage } from '../store/bulk-operations';
import { sendBulkChunks } from '../store/bulk-queue';

/** Invoices per queue message: a confirmation is a few reads and one transaction, well inside the timeout. */
export const BULK_CHUNK_SIZE = 25;

/** The chunk messages of a change, or none when it is not a new operation. */
export function bulkChunksOf(change: StreamChange): BulkChunkMessage[] {
  const image = change.newImage;
  if (change.eventName !== 'INSERT' || !image) return [];
  const ids = Array.isArray(image.invoiceIds) ? (image.invoiceIds as unknown[]).map(String) : [];
  const out: BulkChunkMessage[] = [];
  for (let chunk = 0; chunk * BULK_CHUNK_SIZE < ids.length; chunk++) {
    out.push({
      companyId: String(image.companyId),
      operationId: String(image.operationId),
      chunk,
      invoiceIds: ids.slice(chunk * BULK_CHUNK_SIZE, (chunk + 1) * BULK_CHUNK_SIZE),
    });
  }
  return out;
}

export async function dispatchBulkOperation(change: StreamChange, { log }: WorkerContext): Promise<void> {
  const messages = bulkChunksOf(change);
  if (messages.length === 0) return;
  await sendBulkChunks(messages);
  log.info('Bulk operation dispatched', { operationId: messages[0]!.operationId, chunks: messages.length });
}

export const handler = streamHandler({ entities: ['BulkOperation'] }, dispatchBulkOperation);
