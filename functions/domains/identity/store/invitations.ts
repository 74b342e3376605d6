/**
 * The invitations addressed to an existing account (written by the companies domain, gsi1 by user)
 * and the one transaction of each answer: accepting deletes the invitation and creates the
 * membership (and the default company if the account has none) at once; declining only deletes it.
 */

import { DeleteCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { queryAll } from '@functions/lib/directory';
import {
  getNotificationPreferences,
  type NewNotification,
  newNotificationId,
  newNotificationRecord,
  notificationCounterUpdate,
  notificationItem,
} from '@functions/lib/notifications';
import type { TransactItem } from '@functions/platform/aws/dynamodb';
import { failedConditionAt, isConditionalCheckFailed } from '@functions/platform/aws/dynamodb-errors';
import { keys } from '@shared/db/keys';
import { type InvitationRecord, type MembershipRecord, membershipItem, stripKeys } from '@shared/db/records';
import { notificationCategoryOf } from '@shared/schemas/notifications';
import type { IdentityDeps } from '../deps';
import type { AccountInvitation } from '../model/invitations';

type Deps = Pick<IdentityDeps, 'db' | 'table'>;

/** Every invitation stored for this account (expired ones too, until TTL removes them). */
export async function invitationsOfUser(deps: Deps, userId: string): Promise<InvitationRecord[]> {
  const k = keys.invitationByUserPrefix(userId);
  const items = await queryAll(deps, {
    TableName: deps.table,
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk AND begins_with(gsi1sk, :prefix)',
    ExpressionAttributeValues: { ':pk': k.gsi1pk, ':prefix': k.gsi1skPrefix },
  });
  return items.map((i) => stripKeys(i) as unknown as InvitationRecord);
}

/** The invitation must still be this one, for this account, unexpired (not re-sent, not answered). */
const stillPending = (deps: Deps, invitation: AccountInvitation, now: Date) => ({
  TableName: deps.table,
  Key: keys.invitation(invitation.companyId, invitation.email),
  ConditionExpression: 'invitationId = :id AND userId = :user AND expiresAt > :now',
  ExpressionAttributeValues: {
    ':id': invitation.invitationId,
    ':user': invitation.userId,
    ':now': now.toISOString(),
  },
});

export type AcceptOutcome = 'ACCEPTED' | 'NOT_PENDING' | 'ALREADY_MEMBER';

export async function acceptInvitation(
  deps: Deps,
  input: { invitation: AccountInvitation; membership: MembershipRecord; notify: TransactItem[] },
  now: Date,
): Promise<AcceptOutcome> {
  const { invitation, membership } = input;
  try {
    await deps.db.send(
      new TransactWriteCommand({
        TransactItems: [
          { Delete: stillPending(deps, invitation, now) },
          {
            Put: {
              TableName: deps.table,
              Item: membershipItem(membership),
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          {
            // The first company of an account becomes its default; an existing default stays.
            Update: {
              TableName: deps.table,
              Key: keys.userProfile(membership.userId),
              UpdateExpression: 'SET defaultCompanyId = if_not_exists(defaultCompanyId, :c)',
              ConditionExpression: 'attribute_exists(pk)',
              ExpressionAttributeValues: { ':c': membership.companyId },
            },
          },
          ...input.notify,
        ],
      }),
    );
    return 'ACCEPTED';
  } catch (e) {
    if (failedConditionAt(e, 0)) return 'NOT_PENDING';
    if (failedConditionAt(e, 1)) return 'ALREADY_MEMBER';
    throw e;
  }
}

/** Declining deletes the invitation and nothing else; false when it was no longer pending. */
export async function declineInvitation(
  deps: Deps,
  invitation: AccountInvitation,
  now: Date,
): Promise<boolean> {
  try {
    await deps.db.send(new DeleteCommand(stillPending(deps, invitation, now)));
    return true;
  } catch (e) {
    if (isConditionalCheckFailed(e)) return false;
    throw e;
  }
}

/** A notification as transaction items, unless its owner switched such notices off. */
export async function notificationItems(deps: IdentityDeps, input: NewNotification): Promise<TransactItem[]> {
  const preferences = await getNotificationPreferences(deps, input.userId);
  if (!preferences.channels.IN_APP || !preferences.types[notificationCategoryOf(input.type)]) return [];
  const now = deps.now();
  const record = newNotificationRecord(input, newNotificationId(now, deps.newId()), now);
  return [
    {
      Put: {
        TableName: deps.table,
        Item: notificationItem(record),
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    notificationCounterUpdate(deps.table, input, 1),
  ];
}
