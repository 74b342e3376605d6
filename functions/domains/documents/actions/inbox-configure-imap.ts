import { defineCompanyAction } from '@functions/platform/http';
import { AppError } from '@shared/api/errors';
import { ImapSettingsBody } from '@shared/schemas/inbox';
import type { DocumentsDeps } from '../store/deps';
import { configureImap, configView } from '../store/inbox-config';
import { inboxMailDomain } from '../store/inbox-deps';
import { probeImap } from '../store/inbox-imap';

/**
 * POST /smart-inbox/imap/configure: stores the mailbox once a connection succeeded (the password
 * sealed). No UID baseline yet: the first poll takes the folder's unseen messages and sets it; later
 * polls take the UIDs above it (store/inbox-imap.ts).
 */
export const inboxConfigureImapRoute = defineCompanyAction({
  body: ImapSettingsBody,
  run: async ({ scope, body }, deps: DocumentsDeps) => {
    const probe = await probeImap(body);
    if (!probe.ok)
      throw new AppError('CORE_004', probe.error ?? 'No se ha podido conectar con el servidor IMAP.', {
        field: 'host',
      });
    const config = await configureImap(deps, scope.companyId, body, { uidValidity: null, lastUid: 0 });
    return configView(config, inboxMailDomain());
  },
});
