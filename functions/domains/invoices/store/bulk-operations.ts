/**
 * DynamoDB and SQS access for bulk operations on issued invoices (issue 4, item 10). The API puts
 * the operation item; its INSERT reaches the `bulk-dispatch` stream consumer, which sends chunk
 * messages to the 'invoice-bulk' queue. The queue consumer records each invoice's outcome ONCE
 * (a result item with attribute_not_exists, in the same transaction as the counters' ADD), so a
 * redelivered message never counts an invoice twice; the operation is COMPLETED when
 * processed = total.
 */

import { GetCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { queryPrefix } from '@functions/lib/directory';
import { failedConditionAt, isConditionalCheckFailed } from '@functions/platform/aws/dynamodb-errors';
import { keys } from '@shared/db/keys';
import { SCHEMA_VERSION, stripKeys } from '@shared/db/records';
import type { BulkOperation } from '@shared/schemas/bulk-operations';
import type { InvoicesDeps } from './deps';

type Deps = Pick<InvoicesDeps, 'db' | 'table'>;

export const bulkOperationItem = (op: BulkOperation) => ({
  ...keys.bulkOperation(op.companyId, op.operationId),
  entity: 'BulkOperation',
  v: SCHEMA_VERSION,
  ...op,
});

export async function putBulkOperation(deps: Deps, op: BulkOperation): Promise<void> {
  await deps.db.send(
    new PutCommand({
      TableName: deps.table,
      Item: bulkOperationItem(op),
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

export async function getBulkOperation(
  deps: Deps,
  companyId: string,
  operationId: string,
): Promise<BulkOperation | undefined> {
  const res = await deps.db.send(
    new GetCommand({
      TableName: deps.table,
      Key: keys.bulkOperation(companyId, operationId),
      ConsistentRead: true,
    }),
  );
  return res.Item ? (stripKeys(res.Item) as unknown as BulkOperation) : undefined;
}

/** QUEUED → RUNNING when the first chunk starts; a later chunk finds it RUNNING and leaves it. */
export async function markRunning(deps: Deps, op: BulkOperation, at: string): Promise<void> {
  try {
    await deps.db.send(
      new UpdateCommand({
        TableName: deps.table,
        Key: keys.bulkOperation(op.companyId, op.operationId),
        UpdateExpression: 'SET #status = :running, updatedAt = :at',
        ConditionExpression: '#status = :queued',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':running': 'RUNNING', ':queued': 'QUEUED', ':at': at },
      }),
    );
  } catch (e) {
    if (!isConditionalCheckFailed(e)) throw e;
  }
}

export async function hasResult(deps: Deps, op: BulkOperation, invoiceId: string): Promise<boolean> {
  const res = await deps.db.send(
    new GetCommand({
      TableName: deps.table,
      Key: keys.bulkResult(op.companyId, op.operationId, invoiceId),
      ConsistentRead: true,
    }),
  );
  return Boolean(res.Item);
}

export type BulkOutcome =
  | { ok: true; fileName?: string; s3Key?: string }
  | { ok: false; code: string; message: string };

/**
 * ONE transaction: the invoice's result item (only if none exists yet) and the counters of the
 * operation (ADD processed and succeeded or failed; a failure appends its error). Returns false
 * when the invoice had already been recorded (a redelivered message).
 */
export async function recordResult(
  deps: Deps,
  op: BulkOperation,
  invoiceId: string,
  outcome: BulkOutcome,
  at: string,
): Promise<boolean> {
  const counter = outcome.ok ? 'succeeded' : 'failed';
  const error = outcome.ok ? undefined : { invoiceId, code: outcome.code, message: outcome.message };
  try {
    await deps.db.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: deps.table,
              Item: {
                ...keys.bulkResult(op.companyId, op.operationId, invoiceId),
                entity: 'BulkResult',
                v: SCHEMA_VERSION,
                operationId: op.operationId,
                invoiceId,
                ...outcome,
                at,
              },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          {
            Update: {
              TableName: deps.table,
              Key: keys.bulkOperation(op.companyId, op.operationId),
              // Attribute names aliased: PROCESSED (and other words) are DynamoDB reserved words.
              UpdateExpression: error
                ? 'ADD #processed :one, #counter :one SET updatedAt = :at, #errors = list_append(if_not_exists(#errors, :empty), :error)'
                : 'ADD #processed :one, #counter :one SET updatedAt = :at',
              ConditionExpression: 'attribute_exists(pk)',
              ExpressionAttributeNames: {
                '#processed': 'processed',
                '#counter': counter,
                ...(error ? { '#errors': 'errors' } : {}),
              },
              ExpressionAttributeValues: {
                ':one': 1,
                ':at': at,
                ...(error ? { ':empty': [], ':error': [error] } : {}),
              },
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

/** The successful results of an operation (DOWNLOAD_PDFS reads their stored PDFs). */
export async function successfulResults(
  deps: Deps,
  op: BulkOperation,
): Promise<{ invoiceId: string; fileName?: string; s3Key?: string }[]> {
  const k = keys.bulkResultPrefix(op.companyId, op.operationId);
  const items = await queryPrefix(deps, k, { ConsistentRead: true });
  return items
    .filter((i) => i.ok === true)
    .map((i) => ({
      invoiceId: String(i.invoiceId),
      fileName: i.fileName as string | undefined,
      s3Key: i.s3Key as string | undefined,
    }));
}

/**
 * RUNNING → COMPLETED once every invoice is recorded (processed = total); returns false when it
 * was not done yet or another chunk completed it first.
 */
export async function completeIfDone(
  deps: Deps,
  op: BulkOperation,
  at: string,
  zipKey?: string,
): Promise<boolean> {
  try {
    await deps.db.send(
      new UpdateCommand({
        TableName: deps.table,
        Key: keys.bulkOperation(op.companyId, op.operationId),
        UpdateExpression: zipKey
          ? 'SET #status = :completed, completedAt = :at, updatedAt = :at, zipKey = :zip'
          : 'SET #status = :completed, completedAt = :at, updatedAt = :at',
        ConditionExpression: '#processed = #total AND #status <> :completed',
        ExpressionAttributeNames: { '#status': 'status', '#total': 'total', '#processed': 'processed' },
        ExpressionAttributeValues: {
          ':completed': 'COMPLETED',
          ':at': at,
          ...(zipKey ? { ':zip': zipKey } : {}),
        },
      }),
    );
    return true;
  } catch (e) {
    if (isConditionalCheckFailed(e)) return false;
    throw e;
  }
}

// --- SQS -----------------------------------------------------------------------------------------

export interface BulkChunkMessage {
  companyId: string;
  operationId: string;
  chunk: number;
  invoiceIds: string[];
}
