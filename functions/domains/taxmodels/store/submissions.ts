/**
 * Submission items (`keys.taxSubmission(companyId, submissionId)`, entity 'TaxSubmission'): one
 * filing of a model through the submission gateway, its state (PENDING → ACCEPTED | REJECTED |
 * ERROR, ERROR → PENDING on retry), attempts, the AEAT's errors and justificante. gsi1 is
 * `keys.taxSubmissionBySubmitter` (the person who filed it, newest first: recent and the gestoría's
 * history).
 *
 * The id is `<modelId>-<nnn>` (the model's n-th submission), created on absence: two submissions of
 * one model started at the same time compute the same id and only one is written (the other answers
 * 409 CONCURRENT_UPDATE), so a model never has two filings in flight. Every later write is
 * conditioned on the `revision` read.
 *
 * The files go to the documents bucket under `tax-models/<companyId>/submissions/<submissionId>/`:
 * the model file exactly as filed (written before it is sent) and the AEAT's justificante (PDF).
 */

import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { queryAll, queryPrefix } from '@functions/lib/directory';
import { isConditionalCheckFailed } from '@functions/platform/aws/dynamodb-errors';
import { concurrentUpdate } from '@functions/platform/contention';
import { keys } from '@shared/db/keys';
import { SCHEMA_VERSION, stripKeys } from '@shared/db/records';
import type { IndexName } from '@shared/db/table';
import type { SubmissionRecord } from '../model/submissions';
import type { TaxModelsDeps } from './deps';

type Deps = Pick<TaxModelsDeps, 'db' | 'table'>;
type FileDeps = Pick<TaxModelsDeps, 's3' | 'bucket'>;

export const TAX_SUBMISSION_ENTITY = 'TaxSubmission';
const GSI1: IndexName = 'gsi1';

export function submissionItem(r: SubmissionRecord) {
  return {
    ...keys.taxSubmission(r.companyId, r.submissionId),
    ...keys.taxSubmissionBySubmitter(r.submittedBy, r.createdAt, r.submissionId),
    entity: TAX_SUBMISSION_ENTITY,
    v: SCHEMA_VERSION,
    ...r,
  };
}

const toRecord = (item: Record<string, unknown>) => stripKeys(item) as unknown as SubmissionRecord;

/** The id of a model's n-th submission: `2026-303-1T-001`. */
export const submissionIdOf = (modelId: string, n: number): string =>
  `${modelId}-${String(n).padStart(3, '0')}`;

/** Writes a new submission; a concurrent one with the same id (the same model) is 409. */
export async function createSubmission(deps: Deps, r: SubmissionRecord): Promise<void> {
  try {
    await deps.db.send(
      new PutCommand({
        TableName: deps.table,
        Item: submissionItem(r),
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  } catch (e) {
    if (isConditionalCheckFailed(e)) throw concurrentUpdate(e);
    throw e;
  }
}

/** Replaces a submission whose revision is still `seen` (its revision must be `seen + 1`). */
export async function saveSubmission(deps: Deps, next: SubmissionRecord, seen: number): Promise<void> {
  try {
    await deps.db.send(
      new PutCommand({
        TableName: deps.table,
        Item: submissionItem(next),
        ConditionExpression: '#revision = :seen',
        ExpressionAttributeNames: { '#revision': 'revision' },
        ExpressionAttributeValues: { ':seen': seen },
      }),
    );
  } catch (e) {
    if (isConditionalCheckFailed(e)) throw concurrentUpdate(e);
    throw e;
  }
}

export async function getSubmission(
  deps: Deps,
  companyId: string,
  submissionId: string,
): Promise<SubmissionRecord | undefined> {
  const res = await deps.db.send(
    new GetCommand({
      TableName: deps.table,
      Key: keys.taxSubmission(companyId, submissionId),
      ConsistentRead: true,
    }),
  );
  return res.Item ? toRecord(res.Item) : undefined;
}

/** Every submission of one model, oldest first: one Query on the ids `<modelId>-…`. */
export async function listModelSubmissions(
  deps: Deps,
  companyId: string,
  modelId: string,
): Promise<SubmissionRecord[]> {
  const k = keys.taxSubmission(companyId, `${modelId}-`);
  const items = await queryAll(deps, {
    TableName: deps.table,
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': k.pk, ':prefix': k.sk },
    ConsistentRead: true,
  });
  return items.map(toRecord);
}

/** Every submission of the company (one Query, all pages): a few per model and period. */
export async function listCompanySubmissions(deps: Deps, companyId: string): Promise<SubmissionRecord[]> {
  const items = await queryPrefix(deps, keys.taxSubmissionPrefix(companyId));
  return items.filter((i) => i.entity === TAX_SUBMISSION_ENTITY).map(toRecord);
}

/**
 * The submissions a person filed, newest first (gsi1), created at or after `since` when given, until
 * `accept` has taken `limit` of them (the caller filters, e.g. companies it may still read).
 */
export async function listSubmitterSubmissions(
  deps: Deps,
  userId: string,
  opts: { limit: number; since?: string; accept?: (r: SubmissionRecord) => boolean },
): Promise<SubmissionRecord[]> {
  const k = keys.taxSubmissionBySubmitterPartition(userId);
  const out: SubmissionRecord[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const res = await deps.db.send(
      new QueryCommand({
        TableName: deps.table,
        IndexName: GSI1,
        KeyConditionExpression: opts.since ? 'gsi1pk = :pk AND gsi1sk >= :since' : 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': k.gsi1pk, ...(opts.since ? { ':since': opts.since } : {}) },
        ScanIndexForward: false,
        Limit: Math.min(Math.max(opts.limit * 2, 25), 500),
        ExclusiveStartKey: start,
      }),
    );
    for (const item of res.Items ?? []) {
      const r = toRecord(item);
      if (opts.accept && !opts.accept(r)) continue;
      out.push(r);
      if (out.length >= opts.limit) return out;
    }
    start = res.LastEvaluatedKey;
  } while (start);
  return out;
}

// --- files ---------------------------------------------------------------------------------------------

/** Where a submission's file lives in the documents bucket. */
export const submissionObjectKey = (companyId: string, submissionId: string, fileName: string): string =>
  `tax-models/${encodeURIComponent(companyId)}/submissions/${encodeURIComponent(submissionId)}/${fileName}`;

export async function putSubmissionObject(
  deps: FileDeps,
  key: string,
  body: Uint8Array,
  contentType: string,
): Promise<void> {
  const { sdk, client } = await deps.s3();
  await client.send(
    new sdk.PutObjectCommand({ Bucket: deps.bucket, Key: key, Body: body, ContentType: contentType }),
  );
}

export async function getSubmissionObject(deps: FileDeps, key: string): Promise<Buffer> {
  const { sdk, client } = await deps.s3();
  const res = await client.send(new sdk.GetObjectCommand({ Bucket: deps.bucket, Key: key }));
  if (!res.Body) throw new Error(`Empty object ${key}`);
  return Buffer.from(await res.Body.transformToByteArray());
}
