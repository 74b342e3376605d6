import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { testDocumentClient } from '@functions/platform/testing/env';
import { fakeTable } from '@functions/platform/testing/fake-table';
import { keys } from '@shared/db/keys';
import { beforeEach, describe, expect, it } from 'vitest';
import { getSubscriptions, listDirectoryUsers, listNewestCompanies } from './admin-directory';

const table = fakeTable(DynamoDBDocumentClient as unknown as DynamoDBDocumentClient);
const deps = { db: testDocumentClient(), table: 'cuadra-test' };

beforeEach(() => table.reset());

describe('admin directory reads', () => {
  it('every directory user, whatever its count, and the subscriptions of 250 users in chunks of 100', async () => {
    for (let i = 0; i < 250; i++) {
      const userId = `u${String(i).padStart(3, '0')}`;
      const createdAt = `2026-01-01T00:00:${String(i % 60).padStart(2, '0')}.000Z`;
      table.put({
        ...keys.userProfile(userId),
        ...keys.userInDirectory(createdAt, userId),
        entity: 'UserProfile',
        userId,
        email: `${userId}@cuadra.test`,
        firstName: userId,
        lastName: 'X',
        role: 'GESTOR',
        isActive: i % 2 === 0,
        createdAt,
      });
      if (i % 5 === 0)
        table.put({
          ...keys.subscription(userId),
          entity: 'Subscription',
          userId,
          subscriptionId: `s-${userId}`,
          planCode: 'GESTORIA_STARTER',
          planName: 'Gestoría Starter',
          status: 'ACTIVE',
          addons: [],
          startedAt: createdAt,
          trialEndsAt: null,
          updatedAt: createdAt,
        });
    }
    const users = await listDirectoryUsers(deps);
    expect(users).toHaveLength(250);
    expect(users.filter((u) => u.isActive)).toHaveLength(125);
    const subs = await getSubscriptions(
      deps,
      users.map((u) => u.userId),
    );
    expect(subs).toHaveLength(50);
    expect(subs.every((s) => s.planCode === 'GESTORIA_STARTER' && s.status === 'ACTIVE')).toBe(true);
  });

  it('the newest companies first, at most `limit`', async () => {
    for (const [id, at] of [
      ['a', '2026-01-01T00:00:00.000Z'],
      ['b', '2026-03-01T00:00:00.000Z'],
      ['c', '2026-02-01T00:00:00.000Z'],
    ] as const) {
      table.put({
        ...keys.company(id),
        ...keys.companyInDirectory(at, id),
        entity: 'Company',
        companyId: id,
        name: id,
        nif: 'B1',
        companyType: 'SL',
        createdBy: 'u',
        createdAt: at,
      });
    }
    expect((await listNewestCompanies(deps, 2)).map((c) => c.companyId)).toEqual(['b', 'c']);
  });
});
