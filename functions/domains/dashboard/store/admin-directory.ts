/**
 * The platform directories the administrator's dashboard reads (access patterns #12, #13, #26):
 * every user of gsi2 `DIRECTORY#USER` (the profile items, whose sort key starts with `createdAt`),
 * the newest companies of gsi2 `DIRECTORY#COMPANY`, and the users' subscription items by BatchGet
 * (`USER#<id>` / `SUBSCRIPTION`, 100 keys a call). No Scan: the user directory is read whole, as the
 * admin lists do (access-patterns notes: a dedicated index when the platform passes some thousands).
 */

import { BatchGetCommand, type BatchGetCommandOutput, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { queryAll } from '@functions/lib/directory';
import { keys } from '@shared/db/keys';
import type { IndexName } from '@shared/db/table';
import type { SubscriptionStatus } from '@shared/schemas/billing';
import type { DirectoryCompany } from '../model/admin-activities';
import type { DirectoryUser, StoredSubscription } from '../model/admin-stats';
import type { DashboardDeps } from './deps';

type Deps = Pick<DashboardDeps, 'db' | 'table'>;
type Item = Record<string, unknown>;

const str = (v: unknown, fallback = ''): string => (typeof v === 'string' ? v : fallback);
const gsi2: IndexName = 'gsi2';

/** Every user of the directory (its profile fields the dashboard needs). */
export async function listDirectoryUsers(deps: Deps): Promise<DirectoryUser[]> {
  const items = await queryAll(deps, {
    TableName: deps.table,
    IndexName: gsi2,
    KeyConditionExpression: 'gsi2pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.userInDirectory('', '').gsi2pk },
    ProjectionExpression: 'userId, email, firstName, lastName, #role, isActive, createdAt',
    ExpressionAttributeNames: { '#role': 'role' },
  });
  return items.map((i) => ({
    userId: str(i.userId),
    email: str(i.email),
    firstName: str(i.firstName),
    lastName: str(i.lastName),
    role: str(i.role),
    isActive: i.isActive !== false,
    createdAt: str(i.createdAt),
  }));
}

/** The `limit` newest companies of the directory. */
export async function listNewestCompanies(deps: Deps, limit: number): Promise<DirectoryCompany[]> {
  const res = await deps.db.send(
    new QueryCommand({
      TableName: deps.table,
      IndexName: gsi2,
      KeyConditionExpression: 'gsi2pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.companyDirectory().gsi2pk },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return (res.Items ?? []).map((i: Item) => ({
    companyId: str(i.companyId),
    name: str(i.name),
    nif: str(i.nif),
    companyType: str(i.companyType),
    createdBy: typeof i.createdBy === 'string' ? i.createdBy : null,
    createdAt: str(i.createdAt),
  }));
}

const BATCH_GET_MAX = 100;
const MAX_UNPROCESSED_ROUNDS = 8;

/** The subscription items of these users (absent for users who pay for none). */
export async function getSubscriptions(deps: Deps, userIds: string[]): Promise<StoredSubscription[]> {
  const out: StoredSubscription[] = [];
  const unique = [...new Set(userIds)];
  const chunks: string[][] = [];
  for (let i = 0; i < unique.length; i += BATCH_GET_MAX) chunks.push(unique.slice(i, i + BATCH_GET_MAX));
  await Promise.all(
    chunks.map(async (chunk) => {
      let pending: Item[] | undefined = chunk.map((id) => keys.subscription(id));
      for (let round = 0; pending && pending.length > 0; round++) {
        if (round > MAX_UNPROCESSED_ROUNDS) throw new Error('BatchGet kept returning unprocessed keys');
        if (round > 0) await new Promise((r) => setTimeout(r, Math.min(50 * 2 ** round, 1000)));
        const res: BatchGetCommandOutput = await deps.db.send(
          new BatchGetCommand({ RequestItems: { [deps.table]: { Keys: pending } } }),
        );
        for (const item of res.Responses?.[deps.table] ?? []) out.push(toSubscription(item));
        pending = res.UnprocessedKeys?.[deps.table]?.Keys;
      }
    }),
  );
  return out;
}

function toSubscription(i: Item): StoredSubscription {
  const addons = Array.isArray(i.addons) ? (i.addons as StoredSubscription['addons']) : [];
  return {
    userId: str(i.userId),
    subscriptionId: str(i.subscriptionId),
    planCode: str(i.planCode),
    planName: str(i.planName),
    status: str(i.status) as SubscriptionStatus,
    addons,
    startedAt: str(i.startedAt, str(i.createdAt)),
    trialEndsAt: typeof i.trialEndsAt === 'string' ? i.trialEndsAt : null,
    updatedAt: str(i.updatedAt, str(i.startedAt)),
  };
}
