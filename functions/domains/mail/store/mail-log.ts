/**
 * The log entry a mail points at (an invoice e-mail, keys.invoiceEmail): SENT with the SES message
 * id once SES accepted it, FAILED with the error after the queue's last attempt. The entry was
 * written with the outbox item, so an update only applies to an existing entry, and FAILED never
 * overwrites SENT.
 */

import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '@functions/platform/aws/dynamodb';
import { isConditionalCheckFailed } from '@functions/platform/aws/dynamodb-errors';
import { tableName } from '@functions/platform/aws/env';
import { keys } from '@shared/db/keys';
import type { MailMessage } from '../model/mail-job';

type LogRef = NonNullable<MailMessage['log']>;

/** Errors stored on the entry are short and never carry the mail's contents. */
export const failureText = (e: unknown): string =>
  `${(e as Error)?.name ?? 'Error'}: ${String((e as Error)?.message ?? e)}`.slice(0, 300);

export async function markLogSent(
  ref: LogRef,
  sent: { sesMessageId: string; sentAt: string },
): Promise<void> {
  await ddb().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.invoiceEmail(ref.companyId, ref.invoiceId, ref.emailId),
      UpdateExpression:
        'SET #status = :sent, sentAt = :sentAt, sesMessageId = :id, failedAt = :null, #error = :null',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#status': 'status', '#error': 'error' },
      ExpressionAttributeValues: {
        ':sent': 'SENT',
        ':sentAt': sent.sentAt,
        ':id': sent.sesMessageId,
        ':null': null,
      },
    }),
  );
}

/** False when there was nothing to mark (no entry, or already SENT). */
export async function markLogFailed(
  ref: LogRef,
  failure: { error: string; failedAt: string },
): Promise<boolean> {
  try {
    await ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.invoiceEmail(ref.companyId, ref.invoiceId, ref.emailId),
        UpdateExpression: 'SET #status = :failed, failedAt = :at, #error = :error',
        ConditionExpression: 'attribute_exists(pk) AND #status <> :sent',
        ExpressionAttributeNames: { '#status': 'status', '#error': 'error' },
        ExpressionAttributeValues: {
          ':failed': 'FAILED',
          ':sent': 'SENT',
          ':at': failure.failedAt,
          ':error': failure.error,
        },
      }),
    );
    return true;
  } catch (e) {
    if (isConditionalCheckFailed(e)) return false;
    throw e;
  }
}
