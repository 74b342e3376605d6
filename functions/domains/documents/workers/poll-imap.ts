/**
 * The `inbox-imap-poll` schedule (every 5 minutes, issue 17 item 4): reads the new mail of every
 * smart inbox configured with an IMAP mailbox (store/inbox-imap.ts), one mailbox after another,
 * stopping cleanly before the Lambda's timeout (the next run goes on where this one stopped).
 */

import type { Logger } from '@functions/platform/logger';
import { scheduledHandler } from '@functions/platform/workers';
import { makeDeps } from '../store/deps';
import { listInboxConfigs } from '../store/inbox-config';
import { type InboxDeps, inboxDeps } from '../store/inbox-deps';
import { pollImapMailbox } from '../store/inbox-imap';

/** Leave this much time for the last mailbox to finish. */
const SAFETY_MS = 60_000;

export async function pollAllMailboxes(
  deps: InboxDeps,
  ctx: { log: Logger; remainingMs: () => number },
): Promise<{ mailboxes: number; fetched: number; failed: number }> {
  const configs = (await listInboxConfigs(deps)).filter((c) => c.enabled && c.imap);
  let fetched = 0;
  let failed = 0;
  let mailboxes = 0;
  for (const config of configs) {
    if (ctx.remainingMs() < SAFETY_MS) break;
    mailboxes += 1;
    const result = await pollImapMailbox(deps, config, ctx.log.child({ companyId: config.companyId }));
    fetched += result.fetched;
    if (result.error) failed += 1;
  }
  return { mailboxes, fetched, failed };
}

export const handler = scheduledHandler(async (ctx) => {
  const result = await pollAllMailboxes(inboxDeps(makeDeps()), ctx);
  ctx.log.info('IMAP mailboxes polled', result);
});
