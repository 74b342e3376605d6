/**
 * Table stream consumer `outbox-publisher` (infra/manifest.ts): publishes each new PENDING outbox
 * item to the mail queue and marks it PUBLISHED. Our own PUBLISHED update comes back through the
 * stream as a MODIFY and is skipped, as is any replay of an item already published.
 */

import { type StreamChange, streamHandler, type WorkerContext } from '@functions/platform/workers';
import { OutboxImage } from '../model/outbox';
import { publishOutboxItem } from '../store/outbox';

export async function publishChange(change: StreamChange, { log }: WorkerContext): Promise<void> {
  const parsed = OutboxImage.safeParse(change.newImage);
  if (!parsed.success) {
    // Retrying cannot fix a malformed item and would hold up the shard behind it; the item stays
    // PENDING, so the sweeper keeps reporting it until someone looks.
    log.error('Outbox item is not publishable', {
      outboxId: change.newImage?.outboxId,
      issues: parsed.error.issues.length,
    });
    return;
  }
  const item = parsed.data;
  const outcome = await publishOutboxItem(item, log.child({ outboxId: item.outboxId }));
  if (outcome === 'already-published')
    log.debug('Outbox item already published', { outboxId: item.outboxId });
}

export const handler = streamHandler({ entities: ['Outbox'] }, publishChange);
