import { defineCompanyAction } from '@functions/platform/http';
import { matchesSearch, paginate, sortBy } from '@shared/api/listing';
import { type InboxEmail, InboxEmailListQuery } from '@shared/schemas/inbox';
import { emailConfidence } from '../model/inbox-invoices';
import type { DocumentsDeps } from '../store/deps';
import { getDocuments, listInboxEmails } from '../store/inbox-emails';
import { documentIdsOf } from '../store/inbox-views';

const sortKey = (field: InboxEmailListQuery['sortBy']) => (e: InboxEmail) =>
  field === 'receivedAt' ? `${e.receivedAt}#${e.inboxId}` : `${e[field]}#${e.receivedAt}`;

/** GET /smart-inbox/emails: the spec's filters (status, classification, dates, sender, attachments), paged. */
export async function listInboxEmailsPage(
  input: { companyId: string; query: InboxEmailListQuery },
  deps: Pick<DocumentsDeps, 'db' | 'table'>,
) {
  const q = input.query;
  const emails = (
    await listInboxEmails(deps, input.companyId, {
      from: q.dateFrom,
      to: q.dateTo ? `${q.dateTo}T23:59:59.999Z` : undefined,
    })
  ).filter(
    (e) =>
      (!q.status || e.status === q.status) &&
      (!q.classification || e.classification === q.classification) &&
      (!q.sender || e.sender.includes(q.sender.toLowerCase())) &&
      (q.hasAttachments === undefined || e.attachments.length > 0 === (q.hasAttachments === 'true')) &&
      matchesSearch(q.search, e.sender, e.subject),
  );
  const dir = q.sortDirection.toLowerCase() as 'asc' | 'desc';
  const page = paginate(sortBy(emails, sortKey(q.sortBy), dir), q.page, q.size);
  const docs = await getDocuments(deps, input.companyId, documentIdsOf(page.content));
  return { ...page, content: page.content.map((e) => ({ ...e, aiConfidence: emailConfidence(e, docs) })) };
}

export const inboxEmailsRoute = defineCompanyAction({
  query: InboxEmailListQuery,
  run: ({ scope, query }, deps: DocumentsDeps) =>
    listInboxEmailsPage({ companyId: scope.companyId, query }, deps),
});
