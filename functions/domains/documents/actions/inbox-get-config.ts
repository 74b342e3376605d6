import { defineCompanyAction } from '@functions/platform/http';
import type { DocumentsDeps } from '../store/deps';
import { configView, getOrCreateInboxConfig } from '../store/inbox-config';
import { inboxMailDomain } from '../store/inbox-deps';

/** GET /smart-inbox/configuration: the company's address is made on first read and never changes. */
export const inboxGetConfigRoute = defineCompanyAction({
  run: async ({ scope }, deps: DocumentsDeps) =>
    configView(await getOrCreateInboxConfig(deps, scope.companyId), inboxMailDomain()),
});
