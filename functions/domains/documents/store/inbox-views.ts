/**
 * What the inbox's read calls share: a company's mails with their documents, and the processed
 * invoices (the documents of inbox mails) built from them. A company receives some hundreds of
 * mails a month: one Query on the mails' index and BatchGets of their documents.
 */

import type { DocumentDetails } from '@shared/schemas/documents';
import type { InboxEmail, ProcessedInvoice } from '@shared/schemas/inbox';
import { toProcessedInvoice } from '../model/inbox-invoices';
import type { InboxDeps } from './inbox-deps';
import { getDocuments, listInboxEmails } from './inbox-emails';

type TableDeps = Pick<InboxDeps, 'db' | 'table'>;

export const documentIdsOf = (emails: readonly InboxEmail[]): string[] =>
  emails.flatMap((e) => e.attachments.map((a) => a.documentId).filter((d): d is string => d !== null));

export async function loadInbox(
  deps: TableDeps,
  companyId: string,
  range: { from?: string; to?: string } = {},
): Promise<{ emails: InboxEmail[]; docs: Map<string, DocumentDetails>; invoices: ProcessedInvoice[] }> {
  const emails = await listInboxEmails(deps, companyId, range);
  const docs = await getDocuments(deps, companyId, documentIdsOf(emails));
  const byId = new Map(emails.map((e) => [e.inboxId, e]));
  const invoices = [...docs.values()]
    .filter((d) => d.inboxEmailId !== null)
    .map((d) => toProcessedInvoice(d, byId.get(d.inboxEmailId ?? '')))
    .sort((a, b) => (a.receivedAt < b.receivedAt ? 1 : a.receivedAt > b.receivedAt ? -1 : 0));
  return { emails, docs, invoices };
}
