/**
 * Stream consumer `import-dispatch` (entity ImportBatch): when a batch goes VALIDATED -> EXECUTING
 * (the execute action's conditional update), its invoices are split into chunk messages of queue
 * 'invoice-import'. A retried stream record sends the chunks again: harmless, since run-import
 * records each invoice once.
 */

import { type StreamChange, streamHandler, type WorkerContext } from '@functions/platform/workers';
import type { ImportExecution } from '@shared/schemas/invoice-import';
import { sendImportChunks } from '../store/import-queue';
import type { ImportChunkMessage } from '../store/imports';

/** Invoices per queue message: each one is a few DynamoDB writes, well inside the consumer's timeout. */
export const IMPORT_CHUNK_SIZE = 25;

/** The chunk messages of a change, or none when it is not the start of an execution. */
export function chunksOf(change: StreamChange): ImportChunkMessage[] {
  const next = change.newImage;
  if (change.eventName !== 'MODIFY' || !next) return [];
  if (next.status !== 'EXECUTING' || change.oldImage?.status !== 'VALIDATED') return [];
  const execution = next.execution as ImportExecution | undefined;
  const total = execution?.toProcess ?? 0;
  const out: ImportChunkMessage[] = [];
  for (let chunk = 0; chunk * IMPORT_CHUNK_SIZE < total; chunk++) {
    out.push({
      companyId: String(next.companyId),
      batchId: String(next.batchId),
      chunk,
      size: IMPORT_CHUNK_SIZE,
    });
  }
  return out;
}

export async function dispatchImport(change: StreamChange, { log }: WorkerContext): Promise<void> {
  const messages = chunksOf(change);
  if (messages.length === 0) return;
  await sendImportChunks(messages);
  log.info('Import dispatched', { batchId: messages[0]!.batchId, chunks: messages.length });
}

export const handler = streamHandler({ entities: ['ImportBatch'] }, dispatchImport);
