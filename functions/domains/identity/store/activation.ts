/**
 * Reads and the one transaction of client activation: the INVITE token is consumed, the invitation
 * deleted, and the e-mail claim, profile and membership created, all at once or not at all.
 */

import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { failedConditionAt } from '@functions/platform/aws/dynamodb-errors';
import { keys } from '@shared/db/keys';
import {
  emailClaimItem,
  type InvitationRecord,
  membershipItem,
  profileItem,
  stripKeys,
} from '@shared/db/records';
import type { ActivationPlan, InviteToken } from '../model/activation';
import type { StoreDeps } from './deps';

type Deps = Pick<StoreDeps, 'db' | 'table'>;

export async function getInviteToken(deps: Deps, tokenHash: string): Promise<InviteToken | undefined> {
  const res = await deps.db.send(
    new GetCommand({ TableName: deps.table, Key: keys.oneTimeToken(tokenHash), ConsistentRead: true }),
  );
  return res.Item ? (stripKeys(res.Item) as unknown as InviteToken) : undefined;
}

export async function getInvitation(
  deps: Deps,
  companyId: string,
  email: string,
): Promise<InvitationRecord | undefined> {
  const res = await deps.db.send(
    new GetCommand({ TableName: deps.table, Key: keys.invitation(companyId, email), ConsistentRead: true }),
  );
  return res.Item ? (stripKeys(res.Item) as unknown as InvitationRecord) : undefined;
}

export async function getCompanyName(deps: Deps, companyId: string): Promise<string | undefined> {
  const res = await deps.db.send(
    new GetCommand({
      TableName: deps.table,
      Key: keys.company(companyId),
      ProjectionExpression: '#name',
      ExpressionAttributeNames: { '#name': 'name' },
    }),
  );
  return typeof res.Item?.name === 'string' ? res.Item.name : undefined;
}

export type ActivationOutcome = 'ACTIVATED' | 'LINK_INVALID' | 'EMAIL_TAKEN';

export async function activateAccount(
  deps: Deps,
  input: { tokenHash: string; invitation: InvitationRecord; plan: ActivationPlan },
  now: Date,
): Promise<ActivationOutcome> {
  const { tokenHash, invitation, plan } = input;
  const put = (Item: Record<string, unknown>) => ({
    Put: { TableName: deps.table, Item, ConditionExpression: 'attribute_not_exists(pk)' },
  });
  try {
    await deps.db.send(
      new TransactWriteCommand({
        TransactItems: [
          // 0: single use: exactly one activation consumes the link, while it is unused and unexpired.
          {
            Update: {
              TableName: deps.table,
              Key: keys.oneTimeToken(tokenHash),
              UpdateExpression: 'SET usedAt = :now, userId = :userId',
              ConditionExpression:
                'attribute_exists(pk) AND #kind = :invite AND attribute_not_exists(usedAt) AND expiresAt > :now',
              ExpressionAttributeNames: { '#kind': 'kind' },
              ExpressionAttributeValues: {
                ':now': now.toISOString(),
                ':userId': plan.profile.userId,
                ':invite': 'INVITE',
              },
            },
          },
          // 1: the invitation must still be the one this link was sent for (not cancelled, not re-sent).
          {
            Delete: {
              TableName: deps.table,
              Key: keys.invitation(invitation.companyId, invitation.email),
              ConditionExpression: 'tokenHash = :hash',
              ExpressionAttributeValues: { ':hash': tokenHash },
            },
          },
          // 2: e-mail uniqueness, as in the registration transaction.
          put(emailClaimItem(plan.profile.email, plan.profile.userId)),
          put(profileItem(plan.profile)),
          put(membershipItem(plan.membership)),
        ],
      }),
    );
    return 'ACTIVATED';
  } catch (e) {
    if (failedConditionAt(e, 0) || failedConditionAt(e, 1)) return 'LINK_INVALID';
    if (failedConditionAt(e, 2)) return 'EMAIL_TAKEN';
    throw e;
  }
}
