/**
 * Key builders of Documents shared by the gestoría with its clients (issue 21 item 2), spread into `keys` by `shared/db/keys.ts`.
 *
 * Partitions:
 *  - `SHARE#<c>`: the company's shares (`S#<shareId>`, ids start with 13 digits of epoch ms, so the
 *    range reads newest first backwards), and the claim of each (document, client) pair
 *    (`SDOC#<documentId>#<clientId>`, holding the shareId): one share per document and client, so
 *    sharing again updates the same share;
 *  - gsi1 `SHARE#<c>#CLIENT#<clientId>` (`<sharedAt>#<shareId>`): what was shared with one client,
 *    newest first (the client's list); only ACTIVE shares carry it (revoking removes it);
 *  - gsi2 `SHARE#<c>#DOC#<documentId>` (`<clientId>`): the shares of one document (the staff's list).
 */

import type { Key } from '../keys';
import { enc } from './encoding';

const shares = (companyId: string) => `SHARE#${enc(companyId)}`;

export const sharingKeys = {
  /** One share of a document with one client. */
  documentShare: (companyId: string, shareId: string): Key => ({
    pk: shares(companyId),
    sk: `S#${enc(shareId)}`,
  }),
  documentSharePrefix: (companyId: string) => ({ pk: shares(companyId), skPrefix: 'S#' }),
  /** The (document, client) claim pointing at its share. */
  documentShareClaim: (companyId: string, documentId: string, clientId: string): Key => ({
    pk: shares(companyId),
    sk: `SDOC#${enc(documentId)}#${enc(clientId)}`,
  }),
  /** gsi1 (sparse while ACTIVE): the client's shares, newest first. */
  documentShareByClient: (companyId: string, clientId: string, sharedAt: string, shareId: string) => ({
    gsi1pk: `${shares(companyId)}#CLIENT#${enc(clientId)}`,
    gsi1sk: `${sharedAt}#${enc(shareId)}`,
  }),
  documentShareByClientPartition: (companyId: string, clientId: string) => ({
    gsi1pk: `${shares(companyId)}#CLIENT#${enc(clientId)}`,
  }),
  /** gsi2: the shares of one document, by client. */
  documentShareByDocument: (companyId: string, documentId: string, clientId: string) => ({
    gsi2pk: `${shares(companyId)}#DOC#${enc(documentId)}`,
    gsi2sk: enc(clientId),
  }),
  documentShareByDocumentPartition: (companyId: string, documentId: string) => ({
    gsi2pk: `${shares(companyId)}#DOC#${enc(documentId)}`,
  }),
} satisfies Record<string, (...args: string[]) => Key | Record<string, string>>;
