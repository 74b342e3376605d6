/**
 * Reads of the records several domains share (memberships, companies, profiles), written once.
 * Domains never import each other, so what both identity and companies read lives here, next to
 * the membership check of the pipeline, which reads the same items.
 */

import {
  BatchGetCommand,
  type BatchGetCommandOutput,
  type DynamoDBDocumentClient,
  QueryCommand,
  type QueryCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { keys } from '@shared/db/keys';
import { type Company, type MembershipRecord, stripKeys, type UserProfile } from '@shared/db/records';

export interface TableDeps {
  db: DynamoDBDocumentClient;
  table: string;
}

/** Every page of a Query. */
export async function queryAll(
  deps: TableDeps,
  input: QueryCommandInput,
): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const res = await deps.db.send(new QueryCommand({ ...input, ExclusiveStartKey: start }));
    items.push(...(res.Items ?? []));
    start = res.LastEvaluatedKey;
  } while (start);
  return items;
}

/**
 * Every item of a partition whose sort key starts with a prefix, in sort-key order (all pages): the
 * `*Prefix` key builders give `{ pk, skPrefix }`.
 */
export function queryPrefix(
  deps: TableDeps,
  key: { pk: string; skPrefix: string },
  options: Pick<QueryCommandInput, 'ConsistentRead' | 'ScanIndexForward'> = {},
): Promise<Record<string, unknown>[]> {
  return queryAll(deps, {
    TableName: deps.table,
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': key.pk, ':prefix': key.skPrefix },
    ...options,
  });
}

const toMembership = (item: Record<string, unknown>) => stripKeys(item) as unknown as MembershipRecord;

/** The memberships of a user: one Query on gsi1. */
export async function listUserMemberships(deps: TableDeps, userId: string): Promise<MembershipRecord[]> {
  const k = keys.membershipByUserPrefix(userId);
  const items = await queryAll(deps, {
    TableName: deps.table,
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk AND begins_with(gsi1sk, :prefix)',
    ExpressionAttributeValues: { ':pk': k.gsi1pk, ':prefix': k.gsi1skPrefix },
  });
  return items.map(toMembership);
}

/** The members of a company: one Query on its partition. */
export async function listCompanyMembers(deps: TableDeps, companyId: string): Promise<MembershipRecord[]> {
  const k = keys.membershipPrefix(companyId);
  const items = await queryAll(deps, {
    TableName: deps.table,
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': k.pk, ':prefix': k.skPrefix },
  });
  return items.map(toMembership);
}

const BATCH_GET_MAX = 100;
const MAX_UNPROCESSED_ROUNDS = 8;

/** BatchGet of companies in chunks of 100, retrying the keys DynamoDB leaves unprocessed under load. */
export async function getCompanies(deps: TableDeps, companyIds: string[]): Promise<Company[]> {
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

/** The profile of an e-mail, through gsi1 (every profile item carries `keys.userByEmail`). */
export async function findProfileByEmail(deps: TableDeps, email: string): Promise<UserProfile | undefined> {
  const k = keys.userByEmail(email);
  const res = await deps.db.send(
    new QueryCommand({
      TableName: deps.table,
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk = :sk',
      ExpressionAttributeValues: { ':pk': k.gsi1pk, ':sk': k.gsi1sk },
      Limit: 1,
    }),
  );
  const item = res.Items?.[0];
  return item ? (stripKeys(item) as unknown as UserProfile) : undefined;
}
