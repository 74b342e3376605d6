import { defineCompanyAction } from '@functions/platform/http';
import { AppError } from '@shared/api/errors';
import { type InboxEmail, type InboxEmailDetail, InboxPath } from '@shared/schemas/inbox';
import { emailConfidence } from '../model/inbox-invoices';
import type { DocumentsDeps } from '../store/deps';
import { getDocuments, getInboxEmail } from '../store/inbox-emails';
import { documentIdsOf } from '../store/inbox-views';

type Db = Pick<DocumentsDeps, 'db' | 'table'>;

/** The mail or 404 (also for another company's: never says which). */
export async function requireInboxEmail(deps: Db, companyId: string, inboxId: string): Promise<InboxEmail> {
  const email = await getInboxEmail(deps, companyId, inboxId);
  if (!email) throw new AppError('CORE_006', 'El correo no existe.', { field: 'inboxId' });
  return email;
}

export async function inboxEmailDetail(deps: Db, email: InboxEmail): Promise<InboxEmailDetail> {
  const docs = await getDocuments(deps, email.companyId, documentIdsOf([email]));
  return {
    ...email,
    aiConfidence: emailConfidence(email, docs),
    documents: [...docs.values()].map((d) => ({
      documentId: d.documentId,
      fileName: d.fileName,
      status: d.status,
      receivedInvoiceId: d.receivedInvoiceId,
    })),
  };
}

export const inboxEmailRoute = defineCompanyAction({
  params: InboxPath,
  run: async ({ scope, params }, deps: DocumentsDeps) =>
    inboxEmailDetail(deps, await requireInboxEmail(deps, scope.companyId, params.inboxId)),
});
