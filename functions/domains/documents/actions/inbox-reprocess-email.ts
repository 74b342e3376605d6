import { defineCompanyAction } from '@functions/platform/http';
import { InboxPath } from '@shared/schemas/inbox';
import type { DocumentsDeps } from '../store/deps';
import { type InboxDeps, inboxDeps } from '../store/inbox-deps';
import { updateInboxEmail } from '../store/inbox-emails';
import { reprocessRecorded } from '../store/inbox-intake';
import { inboxEmailDetail, requireInboxEmail } from './inbox-email';

/**
 * Reads a mail again from its raw copy (spec part 3 §4: reprocess sets PROCESSING): its verdicts and
 * rules are judged again, its attachments go through the intake again (idempotent by upload id: the
 * documents already made are found, never duplicated).
 */
export async function reprocessInboxEmail(deps: InboxDeps, companyId: string, inboxId: string) {
  const email = await requireInboxEmail(deps, companyId, inboxId);
  const processing = await updateInboxEmail(deps, companyId, inboxId, { status: 'PROCESSING', error: null });
  return inboxEmailDetail(deps, await reprocessRecorded(deps, { ...email, ...processing }));
}

export const inboxReprocessEmailRoute = defineCompanyAction({
  params: InboxPath,
  run: ({ scope, params }, deps: DocumentsDeps) =>
    reprocessInboxEmail(inboxDeps(deps), scope.companyId, params.inboxId),
});
