import { defineCompanyAction } from '@functions/platform/http';
import { ImapSettingsBody, type ImapTestResult } from '@shared/schemas/inbox';
import { probeImap } from '../store/inbox-imap';

/** POST /smart-inbox/imap/test: connects and selects the folder; never echoes the password. */
export const inboxTestImapRoute = defineCompanyAction({
  body: ImapSettingsBody,
  run: async ({ body }): Promise<ImapTestResult> => probeImap(body),
});
