/**
 * What the smart inbox needs beyond the documents domain's deps: the raw mail, the mail domain of
 * the companies' addresses, and the documents' intake (D1's `createIncomingDocument`, the one door
 * every file goes through). Tests build `InboxDeps` with the fake table and an in-memory raw store.
 */

import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { requireEnv } from '@functions/platform/aws/env';
import { envNames } from '@shared/config/env-names';
import type { DocumentDetails } from '@shared/schemas/documents';
import type { DraftRequest, DraftResult } from '@shared/schemas/received-invoice-draft';
import type { DocumentsDeps } from './deps';
import { type RawMailStore, s3RawMailStore } from './inbox-raw';
import { createIncomingDocument, type IncomingDocumentInput } from './intake';

export interface InboxDeps {
  db: DynamoDBDocumentClient;
  table: string;
  now: () => Date;
  newId: () => string;
  raw: RawMailStore;
  /** `<alias>@<mailDomain>` is a company's address (INBOX_MAIL_DOMAIN). */
  mailDomain: string;
  /** Stores an attachment as a document and starts its reading (idempotent by uploadId). */
  intake: (input: IncomingDocumentInput) => Promise<DocumentDetails>;
  invokeDraft: (request: DraftRequest) => Promise<DraftResult>;
}

export const inboxMailDomain = (): string => requireEnv(envNames.inboxMailDomain).trim().toLowerCase();

export function inboxDeps(docs: DocumentsDeps): InboxDeps {
  return {
    db: docs.db,
    table: docs.table,
    now: docs.now,
    newId: docs.newId,
    raw: s3RawMailStore,
    get mailDomain() {
      return inboxMailDomain();
    },
    intake: (input) => createIncomingDocument(docs, input),
    invokeDraft: docs.invokeDraft,
  };
}
