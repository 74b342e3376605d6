/** Memberships and the companies they point to (the same items the companies domain writes). */

import {
  BatchGetCommand,
  type BatchGetCommandOutput,
  QueryCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { keys } from '@shared/db/keys';
import { type Company, type MembershipRecord, stripKeys } from '@shared/db/records';
import type { StoreDeps } from './deps';
import { isConditionalCheckFailed } from './errors';

type Deps = Pick<StoreDeps, 'db' | 'table'>;

const toMembership = (item: Record<string, unknown>) => stripKeys(item) as unknown as MembershipRecord;

async function queryAll(deps: Deps, input: ConstructorParameters<typeof QueryCommand>[0]) {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const res = await deps.db.send(new QueryCommand({ ...input, ExclusiveStartKey: start }));
    items.push(...(res.Items ?? []));
    start = res.LastEvaluatedKey;
  } while (start);
  return items;
}

/** The memberships of a user: Query gsi1 on `keys.membershipByUserPrefix`. */
export async function listUserMemberships(deps: Deps, userId: string): Promise<MembershipRecord[]> {
  const k = keys.membershipByUserPrefix(userId);
  const items = await queryAll(deps, {
    TableName: deps.table,
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk AND begins_with(gsi1sk, :prefix)',
    ExpressionAttributeValues: { ':pk': k.gsi1pk, ':prefix': k.gsi1skPrefix },
  });
  return items.map(toMembership);
}

/** The members of a company: Query the company partition on `keys.membershipPrefix`. */
export async function listCompanyMembers(deps: Deps, companyId: string): Promise<MembershipRecord[]> {
  const k = keys.membershipPrefix(companyId);
  const items = await queryAll(deps, {
    TableName: deps.table,
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': k.pk, ':prefix': k.skPrefix },
  });
  return items.map(toMembership);
}

const BATCH_GET_MAX = 100;
const PARALLEL_WRITES = 10;
const MAX_UNPROCESSED_ROUNDS = 8;

/** BatchGet of companies in chunks of 100, retrying the keys DynamoDB leaves unprocessed under load. */
export async function getCompanies(deps: Deps, companyIds: string[]): Promise<Company[]> {
  const out: Company[] = [];
  const unique = [...new Set(companyIds)];
  for (let i = 0; i < unique.length; i += BATCH_GET_MAX) {
    let pending: Record<string, unknown>[] | undefined = unique
      .slice(i, i + BATCH_GET_MAX)
      .map((id) => keys.company(id));
    for (let round = 0; pending && pending.length > 0; round++) {
      if (round > MAX_UNPROCESSED_ROUNDS) throw new Error('BatchGet kept returning unprocessed keys');
      if (round > 0) await new Promise((r) => setTimeout(r, Math.min(50 * 2 ** round, 1000)));
      const res: BatchGetCommandOutput = await deps.db.send(
        new BatchGetCommand({ RequestItems: { [deps.table]: { Keys: pending } } }),
      );
      for (const item of res.Responses?.[deps.table] ?? []) out.push(stripKeys(item) as unknown as Company);
      pending = res.UnprocessedKeys?.[deps.table]?.Keys;
    }
  }
  return out;
}

/**
 * Refreshes the name snapshots a membership keeps for the company's user list. Snapshots are
 * denormalised copies, so they are updated after the profile (not in its transaction, which could
 * exceed 100 items for a gestor with many companies); a membership removed meanwhile is skipped.
 */
export async function refreshMemberNames(
  deps: Deps,
  memberships: MembershipRecord[],
  names: { firstName: string; lastName: string },
  now: Date,
): Promise<void> {
  const update = async (m: MembershipRecord) => {
    try {
      await deps.db.send(
        new UpdateCommand({
          TableName: deps.table,
          Key: keys.membership(m.companyId, m.userId),
          UpdateExpression: 'SET firstName = :f, lastName = :l, updatedAt = :u',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':f': names.firstName, ':l': names.lastName, ':u': now.toISOString() },
        }),
      );
    } catch (e) {
      if (!isConditionalCheckFailed(e)) throw e;
    }
  };
  for (let i = 0; i < memberships.length; i += PARALLEL_WRITES) {
    await Promise.all(memberships.slice(i, i + PARALLEL_WRITES).map(update));
  }
}
