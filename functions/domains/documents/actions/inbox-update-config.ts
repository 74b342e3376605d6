import { defineCompanyAction } from '@functions/platform/http';
import { UpdateInboxConfigBody } from '@shared/schemas/inbox';
import type { DocumentsDeps } from '../store/deps';
import { configView, updateInboxConfig } from '../store/inbox-config';
import { inboxMailDomain } from '../store/inbox-deps';

/** PUT /smart-inbox/configuration: enabled, autoProcess, allowed senders, requireAuthentication. */
export const inboxUpdateConfigRoute = defineCompanyAction({
  body: UpdateInboxConfigBody,
  run: async ({ scope, body }, deps: DocumentsDeps) =>
    configView(await updateInboxConfig(deps, scope.companyId, body), inboxMailDomain()),
});
