/**
 * Document-request campaigns in the table (shared/db/keys/campaigns.ts): META (the campaign and its
 * progress counters; gsi1 by owner; gsi2 `CAMPAIGNS#ACTIVE` while active) and one target per company
 * (its checklist; gsi1 `COMPANY#<c>#CAMPAIGNS` while active). Every change of a target's items is a
 * Put conditioned on the revision read, in ONE transaction with the ADD of the progress deltas on
 * META (and the notifications or claims it causes); a lost race reads again.
 */

import { GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { TransactItem } from '@functions/platform/aws/dynamodb';
import {
  failedConditionAt,
  isConditionalCheckFailed,
  isTransactionCanceled,
} from '@functions/platform/aws/dynamodb-errors';
import { AppError } from '@shared/api/errors';
import { type Key, keys } from '@shared/db/keys';
import { SCHEMA_VERSION, stripKeys } from '@shared/db/records';
import type { CampaignItem, CampaignStatus } from '@shared/schemas/campaigns';
import { type CampaignRecord, progressDelta, type TargetRecord } from '../model/campaign';
import type { PortalDeps } from './deps';

type Db = Pick<PortalDeps, 'db' | 'table'>;

/** Claims (reminders) are kept 400 days, like the other sent-notification histories. */
export const CLAIM_TTL_DAYS = 400;

/** How many times a write lost to a concurrent one is read and tried again. */
export const WRITE_ATTEMPTS = 4;

export function campaignItem(c: CampaignRecord): Record<string, unknown> {
  return {
    ...keys.campaign(c.campaignId),
    ...keys.campaignByOwner(c.ownerUserId, c.createdAt, c.campaignId),
    ...(c.status === 'ACTIVE' ? keys.campaignActive(c.dueDate, c.campaignId) : {}),
    entity: 'DocumentCampaign',
    v: SCHEMA_VERSION,
    ...c,
  };
}

export function targetItem(t: TargetRecord): Record<string, unknown> {
  return {
    ...keys.campaignTarget(t.campaignId, t.companyId),
    ...(t.status === 'ACTIVE' && t.sentAt
      ? keys.campaignActiveTarget(t.companyId, t.dueDate, t.campaignId)
      : {}),
    entity: 'DocumentCampaignTarget',
    v: SCHEMA_VERSION,
    ...t,
  };
}

export const toCampaignRecord = (item: Record<string, unknown>): CampaignRecord =>
  stripKeys(item) as unknown as CampaignRecord;
export const toTargetRecord = (item: Record<string, unknown>): TargetRecord =>
  stripKeys(item) as unknown as TargetRecord;

export async function getCampaign(deps: Db, campaignId: string): Promise<CampaignRecord | null> {
  const res = await deps.db.send(
    new GetCommand({ TableName: deps.table, Key: keys.campaign(campaignId), ConsistentRead: true }),
  );
  return res.Item ? toCampaignRecord(res.Item) : null;
}

/** The campaign, when the caller owns it (an ADMIN passes): 404 when it does not exist, 403 otherwise. */
export async function requireOwnCampaign(
  deps: Db,
  campaignId: string,
  caller: { userId: string; isAdmin: boolean },
): Promise<CampaignRecord> {
  const c = await getCampaign(deps, campaignId);
  if (!c) throw new AppError('CORE_006', 'La campaña no existe.', { field: 'campaignId' });
  if (c.ownerUserId !== caller.userId && !caller.isAdmin)
    throw new AppError('CORE_002', 'Solo quien creó la campaña puede verla o cambiarla.');
  return c;
}

export async function getTarget(
  deps: Db,
  campaignId: string,
  companyId: string,
): Promise<TargetRecord | null> {
  const res = await deps.db.send(
    new GetCommand({
      TableName: deps.table,
      Key: keys.campaignTarget(campaignId, companyId),
      ConsistentRead: true,
    }),
  );
  return res.Item ? toTargetRecord(res.Item) : null;
}

/** Every target of a campaign (one partition, `begins_with(sk, TARGET#)`), in company-id order. */
export async function listTargets(deps: Db, campaignId: string): Promise<TargetRecord[]> {
  const p = keys.campaignTargetPrefix(campaignId);
  const out: TargetRecord[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const res = await deps.db.send(
      new QueryCommand({
        TableName: deps.table,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
        ExpressionAttributeValues: { ':pk': p.pk, ':p': p.skPrefix },
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    out.push(...(res.Items ?? []).map(toTargetRecord));
    start = res.LastEvaluatedKey;
  } while (start);
  return out;
}

/** The owner's campaigns, newest first (gsi1), filtered by status and period. */
export async function listOwnerCampaigns(
  deps: Db,
  ownerUserId: string,
  filter: { status?: CampaignStatus | undefined; period?: string | undefined },
): Promise<CampaignRecord[]> {
  const out: CampaignRecord[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const res = await deps.db.send(
      new QueryCommand({
        TableName: deps.table,
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.campaignByOwnerPk(ownerUserId) },
        ScanIndexForward: false,
        ExclusiveStartKey: start,
      }),
    );
    for (const item of res.Items ?? []) {
      const c = toCampaignRecord(item);
      if (filter.status && c.status !== filter.status) continue;
      if (filter.period && c.period !== filter.period) continue;
      out.push(c);
    }
    start = res.LastEvaluatedKey;
  } while (start);
  return out;
}

/** A company's targets in ACTIVE campaigns (sparse gsi1), by due date. */
export async function activeTargetsOf(deps: Db, companyId: string): Promise<TargetRecord[]> {
  const out: TargetRecord[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const res = await deps.db.send(
      new QueryCommand({
        TableName: deps.table,
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.campaignActiveTargetPk(companyId) },
        ExclusiveStartKey: start,
      }),
    );
    for (const item of res.Items ?? []) {
      const t = toTargetRecord(item);
      if (t.status === 'ACTIVE') out.push(t);
    }
    start = res.LastEvaluatedKey;
  } while (start);
  return out;
}

/** Every ACTIVE campaign due on or before `dueBy` (sparse gsi2), for the reminder schedule. */
export async function activeCampaignsDueBy(deps: Db, dueBy: string): Promise<CampaignRecord[]> {
  const out: CampaignRecord[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const res = await deps.db.send(
      new QueryCommand({
        TableName: deps.table,
        IndexName: 'gsi2',
        KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk <= :to',
        ExpressionAttributeValues: { ':pk': keys.campaignActivePk, ':to': `${dueBy}~` },
        ExclusiveStartKey: start,
      }),
    );
    out.push(...(res.Items ?? []).map(toCampaignRecord));
    start = res.LastEvaluatedKey;
  } while (start);
  return out;
}

// --- writes -------------------------------------------------------------------------------------------

/** The Put of a target's next version, conditioned on the revision read. */
export function targetPut(deps: Db, before: TargetRecord, after: TargetRecord): TransactItem {
  return {
    Put: {
      TableName: deps.table,
      Item: targetItem({ ...after, rev: before.rev + 1 }),
      ConditionExpression: 'attribute_exists(pk) AND rev = :rev',
      ExpressionAttributeValues: { ':rev': before.rev },
    },
  };
}

/** ADD of META's progress counters for a target whose items change (null when nothing moves). */
export function progressUpdate(
  deps: Db,
  campaignId: string,
  before: readonly CampaignItem[],
  after: readonly CampaignItem[],
): TransactItem | null {
  const d = progressDelta(before, after);
  if (d.itemsDone === 0 && d.completeCompanies === 0) return null;
  return {
    Update: {
      TableName: deps.table,
      Key: keys.campaign(campaignId),
      UpdateExpression: 'ADD itemsDone :d, completeCompanies :c',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':d': d.itemsDone, ':c': d.completeCompanies },
    },
  };
}

export type TargetChange =
  | { kind: 'none' }
  | { kind: 'write'; after: TargetRecord; effects?: TransactItem[] };

/**
 * Reads a target and writes what `change` makes of it with META's progress deltas and `effects`,
 * in one transaction; a lost race (the target changed meanwhile) reads again. Returns the target
 * written, or null when there was nothing to write (or no such target). Throws CONCURRENT_UPDATE
 * after the attempts; an `effects` condition failing ends it as 'claimed' (nothing written).
 */
export async function changeTarget(
  deps: Db,
  campaignId: string,
  companyId: string,
  change: (t: TargetRecord) => Promise<TargetChange> | TargetChange,
): Promise<{ target: TargetRecord | null; outcome: 'written' | 'unchanged' | 'claimed' | 'missing' }> {
  for (let attempt = 0; attempt < WRITE_ATTEMPTS; attempt++) {
    const before = await getTarget(deps, campaignId, companyId);
    if (!before) return { target: null, outcome: 'missing' };
    const c = await change(before);
    if (c.kind === 'none') return { target: before, outcome: 'unchanged' };
    const progress = progressUpdate(deps, campaignId, before.items, c.after.items);
    const effects = c.effects ?? [];
    try {
      await deps.db.send(
        new TransactWriteCommand({
          TransactItems: [targetPut(deps, before, c.after), ...effects, ...(progress ? [progress] : [])],
        }),
      );
      return { target: { ...c.after, rev: before.rev + 1 }, outcome: 'written' };
    } catch (e) {
      if (!isTransactionCanceled(e)) throw e;
      if (failedConditionAt(e, 0)) continue;
      if (effects.some((_, i) => failedConditionAt(e, i + 1))) return { target: before, outcome: 'claimed' };
      throw e;
    }
  }
  throw new AppError('CONCURRENT_UPDATE');
}

/** META's status move (conditioned on the status it leaves), with the active index kept in step. */
export async function moveCampaignStatus(
  deps: Db,
  c: CampaignRecord,
  from: CampaignStatus,
  to: CampaignStatus,
  at: string,
): Promise<boolean> {
  const active = keys.campaignActive(c.dueDate, c.campaignId);
  const set =
    to === 'ACTIVE'
      ? 'SET #s = :to, sentAt = :at, gsi2pk = :g2pk, gsi2sk = :g2sk'
      : 'SET #s = :to, closedAt = :at REMOVE gsi2pk, gsi2sk';
  try {
    await deps.db.send(
      new UpdateCommand({
        TableName: deps.table,
        Key: keys.campaign(c.campaignId),
        UpdateExpression: set,
        ConditionExpression: '#s = :from',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: {
          ':to': to,
          ':from': from,
          ':at': at,
          ...(to === 'ACTIVE' ? { ':g2pk': active.gsi2pk, ':g2sk': active.gsi2sk } : {}),
        },
      }),
    );
    return true;
  } catch (e) {
    if (isConditionalCheckFailed(e)) return false;
    throw e;
  }
}

/** A reminder claim's Put (attribute_not_exists: never twice). */
export function claimPut(
  deps: Db,
  t: TargetRecord,
  key: Key,
  now: Date,
  extra: Record<string, unknown> = {},
): TransactItem {
  return {
    Put: {
      TableName: deps.table,
      Item: {
        ...key,
        entity: 'DocumentCampaignReminder',
        v: SCHEMA_VERSION,
        campaignId: t.campaignId,
        companyId: t.companyId,
        sentAt: now.toISOString(),
        ttl: Math.floor(now.getTime() / 1000) + CLAIM_TTL_DAYS * 86_400,
        ...extra,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}
