/**
 * The SII sender item of a company (`keys.siiSender`): the per-company lease that lets one sender
 * at a time work on the company's books, what the last run ended on (so the dashboard can say why
 * records are waiting: no certificate, SII disabled…), and the isolation of a SOAP Client fault.
 *
 * Isolation (reference/verifactu-sii.md §7, PR #5142): one malformed record must not sink the
 * others of its message. After a Client fault on a message of n records of one service and
 * communication, the next messages of that (service, operation) carry at most ⌈n/2⌉ records, so
 * the bad record is cornered in O(log n) messages while the good halves are accepted; a message of
 * one record that faults is that record (REJECTED with the fault text) and the cap is lifted. The
 * cap lives on this item because the halving goes on across deliveries.
 */

import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { isConditionalCheckFailed } from '@functions/platform/aws/dynamodb-errors';
import { keys } from '@shared/db/keys';
import { SCHEMA_VERSION, stripKeys } from '@shared/db/records';
import type { SiiDeps } from './deps';

export type LeaseDeps = Pick<SiiDeps, 'db' | 'table' | 'now' | 'newId'>;

/** Why the last run of the sender stopped (shown by the dashboard when records wait). */
export interface SiiSenderRun {
  at: string;
  stop: string;
  /** Spanish, for the dashboard; null when nothing is wrong. */
  message: string | null;
}

/** Stored sender state (without keys). */
export interface SiiSenderState {
  companyId: string;
  leaseId?: string;
  leaseUntil?: string;
  /** `<service>:<operation>` → the most records a message may carry while a Client fault is cornered. */
  isolation?: Record<string, number>;
  lastRun?: SiiSenderRun;
  updatedAt?: string;
}

/** A lease outlives the 29 s function, so a crashed holder frees the company within a minute. */
export const LEASE_MS = 60_000;

export async function getSenderState(
  deps: Pick<SiiDeps, 'db' | 'table'>,
  companyId: string,
): Promise<SiiSenderState | null> {
  const res = await deps.db.send(
    new GetCommand({ TableName: deps.table, Key: keys.siiSender(companyId), ConsistentRead: true }),
  );
  return res.Item ? (stripKeys(res.Item) as unknown as SiiSenderState) : null;
}

export interface Lease {
  leaseId: string;
  state: SiiSenderState;
}

/**
 * Takes the company's lease (creating the sender item on first use); null when another sender
 * holds it. Conditional: `attribute_not_exists(leaseUntil) OR leaseUntil < :now`.
 */
export async function takeLease(
  deps: LeaseDeps,
  companyId: string,
  leaseMs = LEASE_MS,
): Promise<Lease | null> {
  const now = deps.now();
  const leaseId = deps.newId();
  try {
    const res = await deps.db.send(
      new UpdateCommand({
        TableName: deps.table,
        Key: keys.siiSender(companyId),
        UpdateExpression:
          'SET entity = :entity, v = :v, companyId = :companyId, leaseId = :leaseId, leaseUntil = :until, updatedAt = :now',
        ConditionExpression: 'attribute_not_exists(leaseUntil) OR leaseUntil < :now',
        ExpressionAttributeValues: {
          ':entity': 'SiiSender',
          ':v': SCHEMA_VERSION,
          ':companyId': companyId,
          ':leaseId': leaseId,
          ':until': new Date(now.getTime() + leaseMs).toISOString(),
          ':now': now.toISOString(),
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return { leaseId, state: stripKeys(res.Attributes ?? {}) as unknown as SiiSenderState };
  } catch (e) {
    if (isConditionalCheckFailed(e)) return null;
    throw e;
  }
}

/** Gives the lease back (only if still ours) and records how the run ended. */
export async function releaseLease(
  deps: LeaseDeps,
  companyId: string,
  leaseId: string,
  run?: SiiSenderRun,
): Promise<void> {
  try {
    await deps.db.send(
      new UpdateCommand({
        TableName: deps.table,
        Key: keys.siiSender(companyId),
        UpdateExpression: `REMOVE leaseId, leaseUntil SET updatedAt = :now${run ? ', lastRun = :run' : ''}`,
        ConditionExpression: 'leaseId = :leaseId',
        ExpressionAttributeValues: {
          ':leaseId': leaseId,
          ':now': deps.now().toISOString(),
          ...(run ? { ':run': run } : {}),
        },
      }),
    );
  } catch (e) {
    if (!isConditionalCheckFailed(e)) throw e;
  }
}

/** Records why the sender did nothing without taking the lease (not enabled, not configured). */
export async function recordRun(deps: LeaseDeps, companyId: string, run: SiiSenderRun): Promise<void> {
  await deps.db.send(
    new UpdateCommand({
      TableName: deps.table,
      Key: keys.siiSender(companyId),
      UpdateExpression:
        'SET entity = :entity, v = :v, companyId = :companyId, lastRun = :run, updatedAt = :now',
      ExpressionAttributeValues: {
        ':entity': 'SiiSender',
        ':v': SCHEMA_VERSION,
        ':companyId': companyId,
        ':run': run,
        ':now': deps.now().toISOString(),
      },
    }),
  );
}

/** The isolation key of one service and communication. */
export const isolationKey = (service: string, operation: string): string => `${service}:${operation}`;

/**
 * Sets (a number) or lifts (null) the cap of one (service, operation), only while we hold the lease.
 * The map is written whole: only the lease holder writes it.
 */
export async function setIsolation(
  deps: LeaseDeps,
  companyId: string,
  leaseId: string,
  isolation: Record<string, number>,
): Promise<void> {
  try {
    await deps.db.send(
      new UpdateCommand({
        TableName: deps.table,
        Key: keys.siiSender(companyId),
        UpdateExpression: 'SET isolation = :iso, updatedAt = :now',
        ConditionExpression: 'leaseId = :leaseId',
        ExpressionAttributeValues: {
          ':iso': isolation,
          ':leaseId': leaseId,
          ':now': deps.now().toISOString(),
        },
      }),
    );
  } catch (e) {
    if (!isConditionalCheckFailed(e)) throw e;
  }
}
