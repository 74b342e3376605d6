import { defineCompanyAction } from '@functions/platform/http';
import { InboxPath } from '@shared/schemas/inbox';
import type { DocumentsDeps } from '../store/deps';
import { updateInboxEmail } from '../store/inbox-emails';
import { inboxEmailDetail, requireInboxEmail } from './inbox-email';

/** Marks a mail IGNORED by a person (its documents, if any, stay: they are reviewed or rejected apart). */
export const inboxIgnoreEmailRoute = defineCompanyAction({
  params: InboxPath,
  run: async ({ scope, params }, deps: DocumentsDeps) => {
    await requireInboxEmail(deps, scope.companyId, params.inboxId);
    const email = await updateInboxEmail(deps, scope.companyId, params.inboxId, {
      status: 'IGNORED',
      ignoredReason: { code: 'MANUAL', message: 'Ignorado manualmente.' },
    });
    return inboxEmailDetail(deps, email);
  },
});
