/**
 * Table stream consumer `campaign-ticks` (infra/manifest.ts), for Document items: a document a
 * client of the company uploads ticks the item of each ACTIVE campaign it matches, on its arrival
 * (INSERT) and again when it changes in a way that matters (MODIFY: its type, its category, refused,
 * or the reader's result saying who issued an invoice). The rules are model/campaign-match.ts; the
 * writes store/campaigns-ticks.ts (revision-conditioned, counters by ADD in the same transaction,
 * a replay adds nothing). A record without the fields that identify a document is skipped with a
 * log; a table failure throws, so the batch restarts from the record.
 */

import { once } from '@functions/platform/aws/env';
import { type StreamChange, streamHandler, type WorkerContext } from '@functions/platform/workers';
import { documentImage, tickDocument } from '../store/campaigns-ticks';
import { makeDeps, type PortalDeps } from '../store/deps';

type Deps = Pick<PortalDeps, 'db' | 'table' | 'now'>;

export async function processDocumentChange(
  deps: Deps,
  change: StreamChange,
  { log }: WorkerContext,
): Promise<void> {
  if (change.eventName === 'REMOVE') return;
  const after = documentImage(change.newImage);
  if (!after) {
    log.warn('Document record without identity skipped', { sequenceNumber: change.sequenceNumber });
    return;
  }
  const before = change.eventName === 'MODIFY' ? documentImage(change.oldImage) : null;
  const changed = await tickDocument(deps, before, after);
  if (changed > 0)
    log.info('Campaign items ticked', {
      companyId: after.companyId,
      documentId: after.documentId,
      targets: changed,
    });
}

const deps = once(makeDeps);

export const handler = streamHandler({ entities: ['Document'] }, (change, ctx) =>
  processDocumentChange(deps(), change, ctx),
);
