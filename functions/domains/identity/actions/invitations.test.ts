/**
 * The invited account's answer (issue #12 item 1): it lists the invitations waiting for it, and
 * joins a company only by accepting one; declining writes nothing but the invitation's removal.
 * Through the real pipeline, DynamoDB mocked at the client.
 */

import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  type QueryCommandInput,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { keys } from '@shared/db/keys';
import type { InvitationRecord } from '@shared/db/records';
import { beforeEach, describe, expect, it } from 'vitest';
import { company, conditionalFailure, items, profile, setupIdentity, T0, TABLE } from '../testing/support';

const t = setupIdentity();
const ana = { sub: 'user-1', groups: ['CLIENTE'] };
const DAY = 86_400_000;

function invitation(overrides: Partial<InvitationRecord> = {}): InvitationRecord {
  return {
    invitationId: 'inv-1',
    userId: 'user-1',
    companyId: 'c1',
    email: 'ana@example.com',
    firstName: 'Anita',
    lastName: '',
    companyRole: 'CLIENTE',
    permissions: ['VIEW_INVOICES'],
    invitedByUserId: 'gestor-1',
    createdAt: new Date(T0.getTime() - DAY).toISOString(),
    expiresAt: new Date(T0.getTime() + 6 * DAY).toISOString(),
    ...overrides,
  };
}

/** The stored item, as the companies domain writes it (gsi1 by the invited account). */
const invitationItem = (inv: InvitationRecord) => ({
  ...keys.invitation(inv.companyId, inv.email),
  ...(inv.userId ? keys.invitationByUser(inv.userId, inv.companyId) : {}),
  entity: 'Invitation',
  v: 1,
  ...inv,
});

function arrangeInvitations(all: InvitationRecord[]) {
  t.db.on(QueryCommand).callsFake((input: QueryCommandInput) => {
    const pk = String(input.ExpressionAttributeValues?.[':pk']);
    return {
      Items: all
        .filter((i) => i.userId && keys.invitationByUserPrefix(i.userId).gsi1pk === pk)
        .map(invitationItem),
    };
  });
}

type Tx = Record<
  string,
  { Key?: Record<string, unknown>; Item?: Record<string, unknown> } & Record<string, unknown>
>;
const transactItems = (): Tx[] => {
  const calls = t.db.commandCalls(TransactWriteCommand);
  expect(calls).toHaveLength(1);
  return (calls[0]!.args[0].input.TransactItems ?? []) as Tx[];
};
const cancelled = (...codes: string[]) =>
  new TransactionCanceledException({
    message: 'Transaction cancelled',
    $metadata: {},
    CancellationReasons: codes.map((Code) => ({ Code })),
  });
const writes = () =>
  t.db.commandCalls(TransactWriteCommand).length +
  t.db.commandCalls(PutCommand).length +
  t.db.commandCalls(UpdateCommand).length;
const noWrites = () => expect(writes() + t.db.commandCalls(DeleteCommand).length).toBe(0);

beforeEach(() => {
  t.reset();
  t.db.on(GetCommand).resolves({});
  t.db.on(GetCommand, { Key: keys.userProfile('user-1') }).resolves({ Item: items.profile(profile()) });
  t.db.on(GetCommand, { Key: keys.company('c1') }).resolves({ Item: { name: 'Ferretería Ana SL' } });
  t.db.on(TransactWriteCommand).resolves({});
  t.db.on(DeleteCommand).resolves({});
});

describe('GET users/invitations', () => {
  it('lists the invitations still waiting for the caller, with the company name', async () => {
    const expired = new Date(T0.getTime() - 1).toISOString();
    arrangeInvitations([
      invitation(),
      invitation({ invitationId: 'old', companyId: 'c2', expiresAt: expired }),
      invitation({ invitationId: 'inv-9', userId: 'user-9', companyId: 'c3' }),
    ]);
    t.db.on(BatchGetCommand).resolves({ Responses: { [TABLE]: [items.company(company())] } });

    const res = await t.call({ routeId: 'users.invitations', claims: ana });

    expect(res.status).toBe(200);
    expect(res.envelope.data).toEqual([
      {
        invitationId: 'inv-1',
        companyId: 'c1',
        companyName: 'Ferretería Ana SL',
        companyRole: 'CLIENTE',
        permissions: ['VIEW_INVOICES'],
        invitedAt: invitation().createdAt,
        expiresAt: invitation().expiresAt,
      },
    ]);
    expect(t.db.commandCalls(QueryCommand)[0]!.args[0].input).toMatchObject({
      IndexName: 'gsi1',
      ExpressionAttributeValues: { ':pk': keys.invitationByUserPrefix('user-1').gsi1pk },
    });
    noWrites();
  });
});

describe('POST users/invitations/{invitationId}/accept', () => {
  const accept = (claims = ana, invitationId = 'inv-1') =>
    t.call({ routeId: 'users.acceptInvitation', params: { invitationId }, claims });

  it('creates the membership, the default company if none, and tells the inviter, in one transaction', async () => {
    arrangeInvitations([invitation({ department: 'Compras' })]);

    const res = await accept();

    expect(res.status).toBe(200);
    expect(res.envelope.data).toEqual({ invitationId: 'inv-1', companyId: 'c1', status: 'ACCEPTED' });
    const [remove, member, profileUpdate, notification, counter] = transactItems();
    expect(remove!.Delete).toMatchObject({
      Key: keys.invitation('c1', 'ana@example.com'),
      ConditionExpression: 'invitationId = :id AND userId = :user AND expiresAt > :now',
      ExpressionAttributeValues: { ':id': 'inv-1', ':user': 'user-1', ':now': T0.toISOString() },
    });
    // The account's own names, the role and permissions the inviter chose.
    expect(member!.Put).toMatchObject({
      Item: {
        ...keys.membership('c1', 'user-1'),
        companyRole: 'CLIENTE',
        permissions: ['VIEW_INVOICES'],
        isActive: true,
        firstName: 'Ana',
        lastName: 'García',
        department: 'Compras',
        invitedByUserId: 'gestor-1',
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    });
    expect(profileUpdate!.Update).toMatchObject({
      Key: keys.userProfile('user-1'),
      UpdateExpression: 'SET defaultCompanyId = if_not_exists(defaultCompanyId, :c)',
    });
    expect(notification!.Put!.Item).toMatchObject({
      userId: 'gestor-1',
      companyId: 'c1',
      type: 'company_invitation_accepted',
      message: 'Ana García ha aceptado la invitación a Ferretería Ana SL.',
    });
    expect(counter!.Update!.Key).toEqual(keys.notificationCounter('gestor-1', 'c1'));
  });

  it('answers 404 for an invitation addressed to somebody else, writing nothing', async () => {
    arrangeInvitations([invitation({ userId: 'user-9' })]);

    const res = await accept();

    expect(res.status).toBe(404);
    expect(res.envelope.error).toMatchObject({
      code: 'CORE_006',
      message: 'La invitación no existe o ha caducado.',
    });
    noWrites();
  });

  it('answers 404 for an expired invitation, writing nothing', async () => {
    arrangeInvitations([invitation({ expiresAt: T0.toISOString() })]);

    expect((await accept()).status).toBe(404);
    noWrites();
  });

  it('refuses the platform administrator: it never becomes a member of a company', async () => {
    arrangeInvitations([invitation()]);

    const res = await accept({ sub: 'user-1', groups: ['ADMIN'] });

    expect(res.status).toBe(403);
    expect(res.envelope.error?.code).toBe('CORE_002');
    noWrites();
  });

  it('answers 404 when the invitation was answered or re-sent meanwhile', async () => {
    arrangeInvitations([invitation()]);
    t.db.on(TransactWriteCommand).rejects(cancelled('ConditionalCheckFailed', 'None', 'None'));

    expect((await accept()).status).toBe(404);
  });

  it('says so when the account already belongs to the company', async () => {
    arrangeInvitations([invitation()]);
    t.db.on(TransactWriteCommand).rejects(cancelled('None', 'ConditionalCheckFailed', 'None'));

    const res = await accept();

    expect(res.status).toBe(400);
    expect(res.envelope.error?.message).toBe('Ya perteneces a esta empresa.');
  });
});

describe('POST users/invitations/{invitationId}/decline', () => {
  const decline = (invitationId = 'inv-1') =>
    t.call({ routeId: 'users.declineInvitation', params: { invitationId }, claims: ana });

  it('deletes only the invitation: no membership, no default company', async () => {
    arrangeInvitations([invitation()]);

    const res = await decline();

    expect(res.status).toBe(200);
    expect(res.envelope.data).toEqual({ invitationId: 'inv-1', companyId: 'c1', status: 'DECLINED' });
    const deletes = t.db.commandCalls(DeleteCommand);
    expect(deletes).toHaveLength(1);
    expect(deletes[0]!.args[0].input).toMatchObject({
      Key: keys.invitation('c1', 'ana@example.com'),
      ConditionExpression: 'invitationId = :id AND userId = :user AND expiresAt > :now',
    });
    expect(writes()).toBe(0);
  });

  it('answers 404 for an unknown invitation and when it was answered meanwhile', async () => {
    arrangeInvitations([invitation()]);
    expect((await decline('inv-2')).status).toBe(404);
    expect(t.db.commandCalls(DeleteCommand)).toHaveLength(0);

    t.db.on(DeleteCommand).rejects(conditionalFailure());
    expect((await decline()).status).toBe(404);
  });
});
