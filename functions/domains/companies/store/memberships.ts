/** DynamoDB access for memberships (who belongs to which company) and pending invitations. */

import { DeleteCommand, GetCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { findProfileByEmail, listUserMemberships, queryPrefix } from '@functions/lib/directory';
import {
  getNotificationPreferences,
  type NewNotification,
  newNotificationId,
  newNotificationRecord,
  notificationCounterUpdate,
  notificationItem,
} from '@functions/lib/notifications';
import type { TransactItem } from '@functions/platform/aws/dynamodb';
import { AppError } from '@shared/api/errors';
import { keys } from '@shared/db/keys';
import {
  type InvitationRecord,
  type MembershipRecord,
  membershipItem,
  SCHEMA_VERSION,
  stripKeys,
  type UserProfile,
} from '@shared/db/records';
import { notificationCategoryOf } from '@shared/schemas/notifications';
import type { CompaniesDeps } from './deps';

type Deps = Pick<CompaniesDeps, 'db' | 'table'>;

export {
  listCompanyMembers as membersOfCompany,
  listUserMemberships as membershipsOfUser,
} from '@functions/lib/directory';

import { isConditionalCheckFailed } from '@functions/platform/aws/dynamodb-errors';

export async function getMembership(deps: Deps, companyId: string, userId: string) {
  const res = await deps.db.send(
    new GetCommand({ TableName: deps.table, Key: keys.membership(companyId, userId) }),
  );
  return res.Item ? (stripKeys(res.Item) as unknown as MembershipRecord) : undefined;
}

/** Replaces a membership only if nobody changed it since it was read. */
export async function replaceMembership(deps: Deps, seen: MembershipRecord, next: MembershipRecord) {
  try {
    await deps.db.send(
      new PutCommand({
        TableName: deps.table,
        Item: membershipItem(next),
        ConditionExpression: 'updatedAt = :seen',
        ExpressionAttributeValues: { ':seen': seen.updatedAt },
      }),
    );
  } catch (e) {
    if (isConditionalCheckFailed(e)) {
      throw new AppError(
        'CORE_004',
        'El usuario ha cambiado mientras lo editabas. Recarga y vuelve a intentarlo.',
      );
    }
    throw e;
  }
}

export async function removeMembership(deps: Deps, companyId: string, userId: string): Promise<void> {
  await deps.db.send(new DeleteCommand({ TableName: deps.table, Key: keys.membership(companyId, userId) }));
}

export async function invitationsOfCompany(deps: Deps, companyId: string): Promise<InvitationRecord[]> {
  const k = keys.invitationPrefix(companyId);
  const items = await queryPrefix(deps, k);
  return items.map((i) => stripKeys(i) as unknown as InvitationRecord);
}

export const invitationItem = (inv: InvitationRecord, ttl: number) => ({
  ...keys.invitation(inv.companyId, inv.email),
  // An existing account finds the invitations waiting for its answer through gsi1.
  ...(inv.userId ? keys.invitationByUser(inv.userId, inv.companyId) : {}),
  entity: 'Invitation',
  v: SCHEMA_VERSION,
  ttl,
  ...inv,
});

/** The account of an e-mail, if any: who an invitation asks for consent. */
export async function findAccountByEmail(deps: Deps, email: string): Promise<UserProfile | undefined> {
  return findProfileByEmail(deps, email);
}

/** The single-use activation link of an invitation to someone without an account. */
const inviteTokenItem = (invitation: InvitationRecord & { tokenHash: string }, ttl: number) => ({
  ...keys.oneTimeToken(invitation.tokenHash),
  entity: 'OneTimeToken',
  v: SCHEMA_VERSION,
  kind: 'INVITE',
  companyId: invitation.companyId,
  email: invitation.email,
  expiresAt: invitation.expiresAt,
  ttl,
});

/**
 * Stores an invitation with what announces it, in one transaction: the invitation e-mail (outbox),
 * the activation link of someone without an account, the bell notification of an existing one.
 * Re-inviting replaces the previous invitation (and with it the previous link).
 */
export async function createInvitation(
  deps: Deps,
  input: {
    invitation: InvitationRecord;
    ttl: number;
    mail: Record<string, unknown>;
    notification?: TransactItem[] | undefined;
  },
): Promise<void> {
  const { invitation, ttl } = input;
  const put = (Item: Record<string, unknown>): TransactItem => ({ Put: { TableName: deps.table, Item } });
  const items: TransactItem[] = [put(invitationItem(invitation, ttl))];
  if (invitation.tokenHash)
    items.push(put(inviteTokenItem({ ...invitation, tokenHash: invitation.tokenHash }, ttl)));
  items.push(put(input.mail), ...(input.notification ?? []));
  await deps.db.send(new TransactWriteCommand({ TransactItems: items }));
}

/**
 * The bell notification of an invitation, as transaction items, in a company the invited account
 * already belongs to (its default one, else any): notifications live per (user, company) and are
 * read in the selected company. None when it belongs to no company or switched such notices off.
 */
export async function invitationNotificationItems(
  deps: CompaniesDeps,
  invitee: UserProfile,
  content: Omit<NewNotification, 'userId' | 'companyId'>,
): Promise<TransactItem[]> {
  const [preferences, companyId] = await Promise.all([
    getNotificationPreferences(deps, invitee.userId),
    notificationCompanyOf(deps, invitee),
  ]);
  if (!companyId || !preferences.channels.IN_APP || !preferences.types[notificationCategoryOf(content.type)])
    return [];
  const now = deps.now();
  const input: NewNotification = { ...content, userId: invitee.userId, companyId };
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

async function notificationCompanyOf(deps: Deps, invitee: UserProfile): Promise<string | undefined> {
  if (invitee.defaultCompanyId) return invitee.defaultCompanyId;
  const memberships = await listUserMemberships(deps, invitee.userId);
  return memberships.find((m) => m.isActive !== false)?.companyId;
}
