/**
 * Document items (`keys.document`; shared/db/access-patterns.md "Documents"): the `DocumentDetails`
 * the API answers plus the internals (object key, purpose, revision, Textract job). Every change goes
 * through `updateDocument`: read, change, write back on the same revision (optimistic), so the
 * workers, the sweep and the reviewers never overwrite each other's moves. The sparse index keys
 * follow the status and the review on every write (`documentItem`).
 */

import type { QueryCommandOutput } from '@aws-sdk/lib-dynamodb';
import { GetCommand, PutCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { AppError } from '@shared/api/errors';
import { keys } from '@shared/db/keys';
import { SCHEMA_VERSION } from '@shared/db/records';
import type { IndexName } from '@shared/db/table';
import type { DocumentDetails, DocumentSummary, ExtractionCorrection } from '@shared/schemas/documents';
import { isOpen } from '../model/status';
import type { DocumentsDeps } from './deps';

type Db = Pick<DocumentsDeps, 'db' | 'table'>;

/** What is stored beside the details (never answered). */
export interface DocumentInternals {
  /** The object in the documents bucket. */
  s3Key: string;
  /** READ: to be read (pdf, images, e-invoice XML); SEND: only sent to the gestoría (Office too). */
  purpose: 'READ' | 'SEND';
  /** Optimistic revision: every write is conditional on the one it read. */
  rev: number;
  /** An asynchronous Textract job being waited for (multi-page PDFs in AWS). */
  textractJobId: string | null;
  /** How many times the job was asked about (a job that never ends is given up). */
  textractPolls: number;
  /** The text the extractor saw (for reviewers), cut to stay far below DynamoDB's item limit. */
  readingText: string | null;
  /**
   * The reviewer's corrections, kept beside the review (store/reviews.ts): the reading metrics need
   * the corrected values, the API answers only `review.correctedFields`. Absent until reviewed.
   */
  reviewCorrections?: ExtractionCorrection | null;
}

export type StoredDocument = DocumentDetails & DocumentInternals;

/** Longest reading text kept on the item (characters). */
export const MAX_READING_TEXT = 30_000;

const INTERNAL_FIELDS = [
  's3Key',
  'purpose',
  'rev',
  'textractJobId',
  'textractPolls',
  'readingText',
  'reviewCorrections',
] as const satisfies readonly (keyof DocumentInternals)[];

/** Readings that were given up: they count in the month's failure rate (store/metrics.ts). */
const FAILED_READING_STATUSES: readonly DocumentDetails['status'][] = ['OCR_FAILED', 'TECHNICAL_ERROR'];

export function toDetails(doc: StoredDocument): DocumentDetails {
  const out: Record<string, unknown> = { ...doc };
  for (const f of INTERNAL_FIELDS) delete out[f];
  return out as unknown as DocumentDetails;
}

export function toSummary(doc: StoredDocument): DocumentSummary {
  const { notes: _notes, ...rest } = toDetails(doc);
  return rest;
}

/**
 * The stored item: keys, the index keys its status and review call for, entity and version. A
 * reading's month index (`keys.documentRead`) holds what was read and what failed for good, so the
 * platform's failure rate counts both sides.
 */
export function documentItem(doc: StoredDocument): Record<string, unknown> {
  const openKeys = isOpen(doc.status)
    ? keys.documentOpen(doc.updatedAt, doc.companyId, doc.documentId)
    : null;
  const readingEnded = Boolean(doc.extraction) || FAILED_READING_STATUSES.includes(doc.status);
  const readKeys =
    !openKeys && readingEnded && doc.processedAt
      ? keys.documentRead(doc.processedAt, doc.companyId, doc.documentId)
      : null;
  const reviewKeys =
    doc.review.status === 'PENDING'
      ? keys.documentReviewPending(doc.companyId, doc.review.urgent, doc.createdAt, doc.documentId)
      : null;
  return {
    ...keys.document(doc.companyId, doc.documentId),
    ...(openKeys ?? readKeys ?? {}),
    ...(reviewKeys ?? {}),
    entity: 'Document',
    v: SCHEMA_VERSION,
    ...doc,
  };
}

const KEY_ATTRIBUTES = ['pk', 'sk', 'gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk', 'entity', 'v'];

export function fromItem(item: Record<string, unknown>): StoredDocument {
  const out: Record<string, unknown> = { ...item };
  for (const k of KEY_ATTRIBUTES) delete out[k];
  return out as unknown as StoredDocument;
}

export async function getDocument(
  deps: Db,
  companyId: string,
  documentId: string,
): Promise<StoredDocument | null> {
  const res = await deps.db.send(
    new GetCommand({
      TableName: deps.table,
      Key: keys.document(companyId, documentId),
      ConsistentRead: true,
    }),
  );
  return res.Item ? fromItem(res.Item) : null;
}

/** The document, or 404 (CORE_006) — also for a document of another company (never says which). */
export async function requireDocument(
  deps: Db,
  companyId: string,
  documentId: string,
): Promise<StoredDocument> {
  const doc = await getDocument(deps, companyId, documentId);
  if (!doc) throw new AppError('CORE_006', 'El documento no existe.', { field: 'documentId' });
  return doc;
}

/** The document an upload id points at, or null. */
export async function documentByUpload(
  deps: Db,
  companyId: string,
  uploadId: string,
): Promise<StoredDocument | null> {
  const res = await deps.db.send(
    new GetCommand({
      TableName: deps.table,
      Key: keys.documentUpload(companyId, uploadId),
      ConsistentRead: true,
    }),
  );
  const documentId = res.Item?.documentId;
  return typeof documentId === 'string' ? getDocument(deps, companyId, documentId) : null;
}

/**
 * Stores a new document and its upload pointer in one transaction; false when the upload id is
 * already taken (the caller answers the existing document: the intake is idempotent by upload id).
 */
export async function insertDocument(deps: Db, doc: StoredDocument): Promise<boolean> {
  try {
    await deps.db.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: deps.table,
              Item: {
                ...keys.documentUpload(doc.companyId, doc.uploadId),
                entity: 'DocumentUpload',
                v: SCHEMA_VERSION,
                companyId: doc.companyId,
                uploadId: doc.uploadId,
                documentId: doc.documentId,
                createdAt: doc.createdAt,
              },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          {
            Put: {
              TableName: deps.table,
              Item: documentItem(doc),
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
        ],
      }),
    );
    return true;
  } catch (e) {
    if ((e as Error)?.name === 'TransactionCanceledException') return false;
    throw e;
  }
}

const isConditionFailure = (e: unknown) => (e as Error)?.name === 'ConditionalCheckFailedException';

/**
 * The write of a document's next state on the revision it was read at (`seenRev`): the one place the
 * optimistic condition is written, for `updateDocument` and for the transactions that move a document
 * together with another item (store/categories.ts: the category's usage).
 */
export function revisionPut(table: string, next: StoredDocument, seenRev: number) {
  return {
    TableName: table,
    Item: documentItem(next),
    ConditionExpression: 'attribute_exists(pk) AND #rev = :rev',
    ExpressionAttributeNames: { '#rev': 'rev' },
    ExpressionAttributeValues: { ':rev': seenRev },
  };
}

/**
 * Reads the document, asks `change` for its next state (null: nothing to do), and writes it on the
 * revision it read; a concurrent write makes it read and decide again (at most 5 times). Answers the
 * written document, or null when there is no such document or `change` declined.
 */
export async function updateDocument(
  deps: Pick<DocumentsDeps, 'db' | 'table' | 'now'>,
  companyId: string,
  documentId: string,
  change: (doc: StoredDocument) => Partial<StoredDocument> | null,
): Promise<StoredDocument | null> {
  for (let round = 0; round < 5; round++) {
    const doc = await getDocument(deps, companyId, documentId);
    if (!doc) return null;
    const patch = change(doc);
    if (!patch) return null;
    const next: StoredDocument = {
      ...doc,
      ...patch,
      documentId: doc.documentId,
      companyId: doc.companyId,
      rev: doc.rev + 1,
      updatedAt: deps.now().toISOString(),
    };
    try {
      await deps.db.send(new PutCommand(revisionPut(deps.table, next, doc.rev)));
      return next;
    } catch (e) {
      if (!isConditionFailure(e)) throw e;
    }
  }
  throw new AppError('CONCURRENT_UPDATE');
}

/** The fields reviewers and the inbox change on a document (D2, I1). */
export type DocumentFieldsUpdate = Partial<
  Pick<
    DocumentDetails,
    'review' | 'categoryId' | 'isConfidential' | 'description' | 'priority' | 'requiresAdvisorReview'
  >
>;

/** Sets those fields (the review's index key follows); 404 when there is no such document. */
export async function updateDocumentFields(
  deps: Pick<DocumentsDeps, 'db' | 'table' | 'now'>,
  companyId: string,
  documentId: string,
  fields: DocumentFieldsUpdate,
): Promise<DocumentDetails> {
  const next = await updateDocument(deps, companyId, documentId, () => fields);
  if (!next) throw new AppError('CORE_006', 'El documento no existe.', { field: 'documentId' });
  return toDetails(next);
}

/** Deletes the document and its upload pointer together, on the revision the caller read. */
export async function deleteDocumentItems(deps: Db, doc: StoredDocument): Promise<void> {
  await deps.db.send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Delete: {
            TableName: deps.table,
            Key: keys.document(doc.companyId, doc.documentId),
            ConditionExpression: '#rev = :rev',
            ExpressionAttributeNames: { '#rev': 'rev' },
            ExpressionAttributeValues: { ':rev': doc.rev },
          },
        },
        { Delete: { TableName: deps.table, Key: keys.documentUpload(doc.companyId, doc.uploadId) } },
      ],
    }),
  );
}

/** Every document of a company created in [fromMs, toMs) (all when absent), oldest first. */
export async function queryCompanyDocuments(
  deps: Db,
  companyId: string,
  range?: { fromMs: number; toMs: number },
): Promise<StoredDocument[]> {
  const out: StoredDocument[] = [];
  let startKey: QueryCommandOutput['LastEvaluatedKey'];
  const condition = range
    ? (() => {
        const r = keys.documentRange(companyId, range.fromMs, range.toMs);
        return {
          KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
          ExpressionAttributeValues: { ':pk': r.pk, ':from': r.skFrom, ':to': r.skTo },
        };
      })()
    : (() => {
        const p = keys.documentPrefix(companyId);
        return {
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
          ExpressionAttributeValues: { ':pk': p.pk, ':prefix': p.skPrefix },
        };
      })();
  do {
    const page = await deps.db.send(
      new QueryCommand({ TableName: deps.table, ...condition, ExclusiveStartKey: startKey }),
    );
    for (const item of page.Items ?? []) if (item.entity === 'Document') out.push(fromItem(item));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return out;
}

/** Open documents of every company whose last move is older than `before` (ISO), oldest first. */
export async function openDocumentsBefore(
  deps: Db,
  before: string,
  limit = 500,
): Promise<{ companyId: string; documentId: string }[]> {
  const out: { companyId: string; documentId: string }[] = [];
  let startKey: QueryCommandOutput['LastEvaluatedKey'];
  do {
    const page = await deps.db.send(
      new QueryCommand({
        TableName: deps.table,
        IndexName: 'gsi2' satisfies IndexName,
        KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk < :before',
        ExpressionAttributeValues: { ':pk': keys.documentOpenPartition().gsi2pk, ':before': before },
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of page.Items ?? [])
      if (typeof item.companyId === 'string' && typeof item.documentId === 'string')
        out.push({ companyId: item.companyId, documentId: item.documentId });
    startKey = page.LastEvaluatedKey;
  } while (startKey && out.length < limit);
  return out.slice(0, limit);
}
