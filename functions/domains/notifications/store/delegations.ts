/**
 * Notification delegations (issue 20): a staff member hands its notifications in a company, for a
 * date range and some families, to another active staff member. Two items per delegation, written
 * and deleted together: `DELEG#<id>` (the company's list) and the pointer `FROM#<from>#<id>` the
 * stream consumer reads for every new notification (one Query by the owner's prefix).
 */

import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { queryPrefix } from '@functions/lib/directory';
import { newNotificationId } from '@functions/lib/notifications';
import { AppError } from '@shared/api/errors';
import { keys } from '@shared/db/keys';
import { type MembershipRecord, SCHEMA_VERSION, stripKeys } from '@shared/db/records';
import type { CreateDelegationBody, NotificationDelegation } from '@shared/schemas/notification-analytics';
import { NOTIFICATION_CATEGORIES, type NotificationCategory } from '@shared/schemas/notifications';
import { madridDay } from '../model/dates';
import type { NotificationsDeps } from './deps';

type Deps = Pick<NotificationsDeps, 'db' | 'table' | 'now' | 'newId'>;

/** The stored record (both items carry it). */
export type DelegationRecord = Omit<NotificationDelegation, 'active'>;

export const isActiveOn = (d: Pick<DelegationRecord, 'startsOn' | 'endsOn'>, day: string) =>
  d.startsOn <= day && day <= d.endsOn;

const view = (d: DelegationRecord, today: string): NotificationDelegation => ({
  ...d,
  active: isActiveOn(d, today),
});

const fullName = (m: Pick<MembershipRecord, 'firstName' | 'lastName' | 'email'>) =>
  `${m.firstName ?? ''} ${m.lastName ?? ''}`.trim() || m.email;

async function membership(
  deps: Deps,
  companyId: string,
  userId: string,
): Promise<MembershipRecord | undefined> {
  const res = await deps.db.send(
    new GetCommand({ TableName: deps.table, Key: keys.membership(companyId, userId) }),
  );
  return res.Item ? (stripKeys(res.Item) as unknown as MembershipRecord) : undefined;
}

export async function createDelegation(
  deps: Deps,
  input: { companyId: string; fromUserId: string; body: CreateDelegationBody },
): Promise<NotificationDelegation> {
  const { companyId, body } = input;
  const now = deps.now();
  const today = madridDay(now);
  if (body.toUserId === input.fromUserId)
    throw new AppError('CORE_004', 'No puedes delegar tus notificaciones en ti mismo.', {
      field: 'toUserId',
    });
  if (body.endsOn < today)
    throw new AppError('CORE_004', 'La fecha de fin no puede ser anterior a hoy.', { field: 'endsOn' });
  const to = await membership(deps, companyId, body.toUserId);
  if (!to?.isActive || to.companyRole === 'CLIENTE')
    throw new AppError('CORE_004', 'Solo puedes delegar en un miembro activo del equipo de la empresa.', {
      field: 'toUserId',
    });
  const from = await membership(deps, companyId, input.fromUserId);
  const record: DelegationRecord = {
    delegationId: newNotificationId(now, deps.newId()),
    companyId,
    fromUserId: input.fromUserId,
    fromName: from ? fullName(from) : input.fromUserId,
    toUserId: to.userId,
    toName: fullName(to),
    categories: [
      ...(body.categories ? new Set(body.categories) : NOTIFICATION_CATEGORIES),
    ] as NotificationCategory[],
    startsOn: body.startsOn,
    endsOn: body.endsOn,
    createdAt: now.toISOString(),
  };
  const base = { entity: 'NotificationDelegation', v: SCHEMA_VERSION, ...record };
  await deps.db.send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Put: {
            TableName: deps.table,
            Item: { ...keys.notificationDelegation(companyId, record.delegationId), ...base },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        {
          Put: {
            TableName: deps.table,
            Item: {
              ...keys.notificationDelegationFrom(companyId, record.fromUserId, record.delegationId),
              ...base,
              entity: 'NotificationDelegationPointer',
            },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
      ],
    }),
  );
  return view(record, today);
}

const toRecord = (item: Record<string, unknown>): DelegationRecord => {
  const r = stripKeys(item) as unknown as DelegationRecord & { entity?: unknown; v?: unknown };
  return {
    delegationId: r.delegationId,
    companyId: r.companyId,
    fromUserId: r.fromUserId,
    fromName: r.fromName,
    toUserId: r.toUserId,
    toName: r.toName,
    categories: r.categories,
    startsOn: r.startsOn,
    endsOn: r.endsOn,
    createdAt: r.createdAt,
  };
};

/** The company's delegations, newest first (every staff member sees who covers whom). */
export async function listDelegations(deps: Deps, companyId: string): Promise<NotificationDelegation[]> {
  const today = madridDay(deps.now());
  const items = await queryPrefix(deps, keys.notificationDelegationPrefix(companyId), {
    ScanIndexForward: false,
  });
  return items.map((i) => view(toRecord(i), today));
}

/** The delegations a person gave in a company (the stream consumer's read, one Query). */
export async function delegationsFrom(
  deps: Pick<NotificationsDeps, 'db' | 'table'>,
  companyId: string,
  fromUserId: string,
): Promise<DelegationRecord[]> {
  return (await queryPrefix(deps, keys.notificationDelegationFromPrefix(companyId, fromUserId))).map(
    toRecord,
  );
}

/**
 * Ends a delegation: the delegator or an OWNER of the company. 404 when the company has no such
 * delegation.
 */
export async function deleteDelegation(
  deps: Deps,
  input: { companyId: string; delegationId: string; callerId: string; callerRole: string | undefined },
): Promise<void> {
  const { companyId, delegationId } = input;
  const res = await deps.db.send(
    new GetCommand({
      TableName: deps.table,
      Key: keys.notificationDelegation(companyId, delegationId),
      ConsistentRead: true,
    }),
  );
  if (!res.Item) throw new AppError('CORE_006', 'La delegación no existe.');
  const record = toRecord(res.Item);
  if (record.fromUserId !== input.callerId && input.callerRole !== 'OWNER')
    throw new AppError(
      'CORE_003',
      'Solo quien delegó o el propietario de la empresa pueden anular la delegación.',
    );
  await deps.db.send(
    new TransactWriteCommand({
      TransactItems: [
        { Delete: { TableName: deps.table, Key: keys.notificationDelegation(companyId, delegationId) } },
        {
          Delete: {
            TableName: deps.table,
            Key: keys.notificationDelegationFrom(companyId, record.fromUserId, delegationId),
          },
        },
      ],
    }),
  );
}
