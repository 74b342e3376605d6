/**
 * Storage of invoice imports: the ImportBatch item (its own partition under the company, with one
 * ImportResult item per imported invoice), the uploaded file, the validated plan and large reports
 * in the documents bucket (`imports/<companyId>/<batchId>/...`), and the chunk messages of queue
 * 'invoice-import'.
 */

import { GetCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { queryPrefix } from '@functions/lib/directory';
import { failedConditionAt, isConditionalCheckFailed } from '@functions/platform/aws/dynamodb-errors';
import { requireEnv } from '@functions/platform/aws/env';
import { lazyS3 } from '@functions/platform/aws/s3-lazy';
import { AppError } from '@shared/api/errors';
import { bucketEnv } from '@shared/config/env-names';
import { keys } from '@shared/db/keys';
import { SCHEMA_VERSION, stripKeys } from '@shared/db/records';
import type {
  ImportBatchView,
  ImportExecution,
  ImportResult,
  ImportRowReport,
} from '@shared/schemas/invoice-import';
import type { InvoicesDeps } from './deps';

type Deps = Pick<InvoicesDeps, 'db' | 'table'>;

/** Import items expire a year after the upload. */
const TTL_SECONDS = 365 * 24 * 3600;
/** Reports larger than this (JSON characters) go to S3; the item keeps the rows with errors. */
export const INLINE_REPORT_CHARS = 100_000;
export const INLINE_ERROR_ROWS = 200;

/** The batch as stored: the view without results, plus where its files are. */
export interface ImportBatchRecord extends Omit<ImportBatchView, 'results'> {
  fileKey: string;
  planKey: string;
  /** Set when the full report lives in S3; `report` then holds only rows with errors (capped). */
  reportKey: string | null;
}

const ttlOf = (createdAt: string) => Math.floor(Date.parse(createdAt) / 1000) + TTL_SECONDS;

// --- S3 ------------------------------------------------------------------------------------------

const bucket = () => requireEnv(bucketEnv.documents);

/** `imports/<companyId>/<batchId>/<name>` with a file name safe for S3 and browsers. */
export const importObjectKey = (companyId: string, batchId: string, name: string): string =>
  `imports/${companyId}/${batchId}/${
    name
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^\w.-]+/g, '_')
      .slice(-120) || 'archivo'
  }`;

export async function putImportObject(
  key: string,
  body: Uint8Array | string,
  contentType: string,
): Promise<void> {
  const { sdk, client } = await lazyS3();
  await client.send(
    new sdk.PutObjectCommand({ Bucket: bucket(), Key: key, Body: body, ContentType: contentType }),
  );
}

export async function getImportJson<T>(key: string): Promise<T> {
  const { sdk, client } = await lazyS3();
  const res = await client.send(new sdk.GetObjectCommand({ Bucket: bucket(), Key: key }));
  if (!res.Body) throw new Error(`Empty import object ${key}`);
  return JSON.parse(await res.Body.transformToString('utf-8')) as T;
}

/** The report to keep on the item and, when too large, the full one to store in S3. */
export function splitReport(report: ImportRowReport[]): { inline: ImportRowReport[]; large: boolean } {
  if (JSON.stringify(report).length <= INLINE_REPORT_CHARS) return { inline: report, large: false };
  return { inline: report.filter((r) => !r.ok).slice(0, INLINE_ERROR_ROWS), large: true };
}

// --- DynamoDB ------------------------------------------------------------------------------------

export const importBatchItem = (b: ImportBatchRecord) => ({
  ...keys.importBatch(b.companyId, b.batchId),
  entity: 'ImportBatch',
  v: SCHEMA_VERSION,
  ttl: ttlOf(b.createdAt),
  ...b,
});

export async function putImportBatch(deps: Deps, b: ImportBatchRecord): Promise<void> {
  await deps.db.send(
    new PutCommand({
      TableName: deps.table,
      Item: importBatchItem(b),
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

export async function getImportBatch(
  deps: Deps,
  companyId: string,
  batchId: string,
): Promise<ImportBatchRecord | undefined> {
  const res = await deps.db.send(
    new GetCommand({
      TableName: deps.table,
      Key: keys.importBatch(companyId, batchId),
      ConsistentRead: true,
    }),
  );
  return res.Item ? (stripKeys(res.Item) as unknown as ImportBatchRecord) : undefined;
}

export const importNotFound = () => new AppError('CORE_006', 'La importación no existe.');

/**
 * VALIDATED -> EXECUTING in one conditional update (the stream consumer dispatches on this
 * transition). A batch already executing or completed is refused; nothing is written then.
 */
export async function startImportExecution(
  deps: Deps,
  companyId: string,
  batchId: string,
  execution: ImportExecution,
): Promise<void> {
  try {
    await deps.db.send(
      new UpdateCommand({
        TableName: deps.table,
        Key: keys.importBatch(companyId, batchId),
        UpdateExpression: 'SET #status = :executing, #execution = :execution',
        ConditionExpression: 'attribute_exists(pk) AND #status = :validated',
        ExpressionAttributeNames: { '#status': 'status', '#execution': 'execution' },
        ExpressionAttributeValues: {
          ':executing': 'EXECUTING',
          ':validated': 'VALIDATED',
          ':execution': execution,
        },
      }),
    );
  } catch (e) {
    if (!isConditionalCheckFailed(e)) throw e;
    const current = await getImportBatch(deps, companyId, batchId);
    if (!current) throw importNotFound();
    throw new AppError(
      'CORE_004',
      'Esta importación ya se ha ejecutado; sube el archivo de nuevo para repetirla.',
      {
        field: 'batchId',
        details: { reason: 'IMPORT_ALREADY_EXECUTED', status: current.status },
      },
    );
  }
}

export const importResultItem = (companyId: string, batchId: string, r: ImportResult, at: string) => ({
  ...keys.importResult(companyId, batchId, r.invoiceRef),
  entity: 'ImportResult',
  v: SCHEMA_VERSION,
  ttl: ttlOf(at),
  batchId,
  companyId,
  at,
  ...r,
});

export async function getImportResult(
  deps: Deps,
  companyId: string,
  batchId: string,
  invoiceRef: string,
): Promise<ImportResult | undefined> {
  const res = await deps.db.send(
    new GetCommand({
      TableName: deps.table,
      Key: keys.importResult(companyId, batchId, invoiceRef),
      ConsistentRead: true,
    }),
  );
  return res.Item ? toResult(res.Item) : undefined;
}

const toResult = (item: Record<string, unknown>): ImportResult => ({
  invoiceRef: String(item.invoiceRef),
  ok: Boolean(item.ok),
  invoiceId: (item.invoiceId as string | null) ?? null,
  invoiceNumber: (item.invoiceNumber as string | null) ?? null,
  message: (item.message as string | null) ?? null,
});

/** The results of a batch (one Query on its partition). */
export async function listImportResults(
  deps: Deps,
  companyId: string,
  batchId: string,
): Promise<ImportResult[]> {
  const k = keys.importResultPrefix(companyId, batchId);
  const items = await queryPrefix(deps, k);
  return items.map(toResult);
}

/**
 * Records one invoice's outcome and counts it, in ONE transaction: the result item is put only if
 * absent, so a retried message never counts twice. Returns false when it was already recorded.
 */
export async function recordImportResult(
  deps: Deps,
  companyId: string,
  batchId: string,
  result: ImportResult,
  at: string,
): Promise<boolean> {
  try {
    await deps.db.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: deps.table,
              Item: importResultItem(companyId, batchId, result, at),
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          {
            Update: {
              TableName: deps.table,
              Key: keys.importBatch(companyId, batchId),
              UpdateExpression:
                'SET #execution.#processed = #execution.#processed + :one, #execution.#outcome = #execution.#outcome + :one',
              ConditionExpression: '#status = :executing',
              ExpressionAttributeNames: {
                '#execution': 'execution',
                '#processed': 'processed',
                '#outcome': result.ok ? 'created' : 'failed',
                '#status': 'status',
              },
              ExpressionAttributeValues: { ':one': 1, ':executing': 'EXECUTING' },
            },
          },
        ],
      }),
    );
    return true;
  } catch (e) {
    if (failedConditionAt(e, 0)) return false;
    throw e;
  }
}

/** EXECUTING -> COMPLETED once every invoice is processed; a no-op (false) before that. */
export async function completeImportIfDone(
  deps: Deps,
  companyId: string,
  batchId: string,
  at: string,
): Promise<boolean> {
  try {
    await deps.db.send(
      new UpdateCommand({
        TableName: deps.table,
        Key: keys.importBatch(companyId, batchId),
        UpdateExpression: 'SET #status = :completed, #execution.#completedAt = :at',
        ConditionExpression: '#status = :executing AND #execution.#processed >= #execution.#toProcess',
        // PROCESSED is a DynamoDB reserved word: every name goes through a placeholder.
        ExpressionAttributeNames: {
          '#status': 'status',
          '#execution': 'execution',
          '#completedAt': 'completedAt',
          '#processed': 'processed',
          '#toProcess': 'toProcess',
        },
        ExpressionAttributeValues: { ':completed': 'COMPLETED', ':executing': 'EXECUTING', ':at': at },
      }),
    );
    return true;
  } catch (e) {
    if (isConditionalCheckFailed(e)) return false;
    throw e;
  }
}

export interface ImportChunkMessage {
  companyId: string;
  batchId: string;
  /** Index of the chunk; it covers the invoices [chunk * size, (chunk + 1) * size) of the plan. */
  chunk: number;
  size: number;
}
