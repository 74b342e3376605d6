/** DynamoDB access for memberships (who belongs to which company) and pending invitations. */

import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { findProfileByEmail, queryAll } from '@functions/lib/directory';
import { AppError } from '@shared/api/errors';
import { keys } from '@shared/db/keys';
import {
  type InvitationRecord,
  type MembershipRecord,
  membershipItem,
  SCHEMA_VERSION,
  stripKeys,
} from '@shared/db/records';
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

export async function addMembership(deps: Deps, m: MembershipRecord): Promise<void> {
  try {
    await deps.db.send(
      new PutCommand({
        TableName: deps.table,
        Item: membershipItem(m),
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  } catch (e) {
    if (isConditionalCheckFailed(e)) {
      throw new AppError('CORE_004', 'Este usuario ya pertenece a la empresa.', { field: 'email' });
    }
    throw e;
  }
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
  const items = await queryAll(deps, {
    TableName: deps.table,
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :sk)',
    ExpressionAttributeValues: { ':pk': k.pk, ':sk': k.skPrefix },
  });
  return items.map((i) => stripKeys(i) as unknown as InvitationRecord);
}

export const invitationItem = (inv: InvitationRecord, ttl: number) => ({
  ...keys.invitation(inv.companyId, inv.email),
  entity: 'Invitation',
  v: SCHEMA_VERSION,
  ttl,
  ...inv,
});

export async function findUserIdByEmail(deps: Deps, email: string): Promise<string | undefined> {
  return (await findProfileByEmail(deps, email))?.userId;
}

export async function touchProfileDefault(deps: Deps, userId: string, companyId: string): Promise<void> {
  // A user invited to their first company gets it as default so the client can select it at login.
  await deps.db.send(
    new UpdateCommand({
      TableName: deps.table,
      Key: keys.userProfile(userId),
      UpdateExpression: 'SET defaultCompanyId = if_not_exists(defaultCompanyId, :c)',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':c': companyId },
    }),
  );
}

/**
 * Stores an invitation, its single-use activation token and the invitation e-mail (outbox) in one
 * transaction. Re-inviting replaces the previous invitation.
 */
export async function createInvitation(
  deps: Deps,
  invitation: InvitationRecord,
  ttl: number,
  mail: Record<string, unknown>,
): Promise<void> {
  await deps.db.send(
    new TransactWriteCommand({
      TransactItems: [
        { Put: { TableName: deps.table, Item: invitationItem(invitation, ttl) } },
        {
          Put: {
            TableName: deps.table,
            Item: {
              ...keys.oneTimeToken(invitation.tokenHash),
              entity: 'OneTimeToken',
              v: SCHEMA_VERSION,
              kind: 'INVITE',
              companyId: invitation.companyId,
              email: invitation.email,
              expiresAt: invitation.expiresAt,
              ttl,
            },
          },
        },
        { Put: { TableName: deps.table, Item: mail } },
      ],
    }),
  );
}
