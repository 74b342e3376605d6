/**
 * The sent-mail record (keys.sentMail): the idempotency guard of the mail consumer and the entry
 * of the company's mail log. It moves SENDING -> SENT by conditional writes; every write names the
 * attempt that owns it, so a slow attempt can never overwrite or release a takeover.
 */

import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '@functions/platform/aws/dynamodb';
import { isConditionalCheckFailed } from '@functions/platform/aws/dynamodb-errors';
import { tableName } from '@functions/platform/aws/env';
import { keys } from '@shared/db/keys';
import { SCHEMA_VERSION } from '@shared/db/records';
import type { MailJob } from '../model/mail-job';

/**
 * A SENDING record older than this belongs to a crashed attempt: the mail queue's visibility
 * timeout (infra/manifest.ts), far above the consumer's Lambda timeout, so no live attempt is that old.
 */
export const SENDING_LEASE_MS = 180_000;

export type ClaimResult = 'claimed' | 'already-sent' | 'in-progress';

/** Takes ownership of sending one mail, unless it was sent or a live attempt is sending it. */
export async function claimSending(outboxId: string, attemptId: string, now: Date): Promise<ClaimResult> {
  const staleBefore = new Date(now.getTime() - SENDING_LEASE_MS).toISOString();
  const current = await ddb().send(
    new GetCommand({ TableName: tableName(), Key: keys.sentMail(outboxId), ConsistentRead: true }),
  );
  if (current.Item?.status === 'SENT') return 'already-sent';
  if (current.Item?.status === 'SENDING' && String(current.Item.sendingSince) >= staleBefore)
    return 'in-progress';

  try {
    await ddb().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...keys.sentMail(outboxId),
          entity: 'SentMail',
          v: SCHEMA_VERSION,
          outboxId,
          status: 'SENDING',
          attemptId,
          sendingSince: now.toISOString(),
        },
        // The read above is advice; this condition is the authority when two attempts race.
        ConditionExpression:
          'attribute_not_exists(pk) OR (#status = :sending AND sendingSince < :staleBefore)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':sending': 'SENDING', ':staleBefore': staleBefore },
      }),
    );
    return 'claimed';
  } catch (e) {
    if (isConditionalCheckFailed(e)) return 'in-progress';
    throw e;
  }
}

const ownedBy = (attemptId: string) => ({
  ConditionExpression: '#status = :sending AND attemptId = :attemptId',
  ExpressionAttributeNames: { '#status': 'status' },
  ExpressionAttributeValues: { ':sending': 'SENDING', ':attemptId': attemptId },
});

/** Records the sent mail. False when another attempt took the record over meanwhile. */
export async function markSent(
  job: MailJob,
  attemptId: string,
  sent: { sesMessageId: string; sentAt: string },
): Promise<boolean> {
  const { outboxId, mail } = job;
  try {
    await ddb().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...keys.sentMail(outboxId),
          ...(mail.companyId ? keys.sentMailByCompany(mail.companyId, sent.sentAt, outboxId) : {}),
          entity: 'SentMail',
          v: SCHEMA_VERSION,
          outboxId,
          status: 'SENT',
          sesMessageId: sent.sesMessageId,
          to: mail.to,
          subject: mail.subject,
          template: mail.template,
          companyId: mail.companyId,
          sentAt: sent.sentAt,
        },
        ...ownedBy(attemptId),
      }),
    );
    return true;
  } catch (e) {
    if (isConditionalCheckFailed(e)) return false;
    throw e;
  }
}

/** Gives the mail back after a failed send, so the queue's retry can claim it at once. */
export async function releaseSending(outboxId: string, attemptId: string): Promise<void> {
  try {
    await ddb().send(
      new DeleteCommand({ TableName: tableName(), Key: keys.sentMail(outboxId), ...ownedBy(attemptId) }),
    );
  } catch (e) {
    if (!isConditionalCheckFailed(e)) throw e;
  }
}
