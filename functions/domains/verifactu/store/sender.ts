/**
 * The sender item of a company (`keys.verifactuSender`): the per-company lease that lets only one
 * sender work on a company's queue at a time, and the AEAT flow control (TiempoEsperaEnvio,
 * reference/verifactu-sii.md §4.4): `nextAllowedAt` = last send + the waiting time the AEAT gave.
 * Also the reads the sender needs beside the submissions (configuration, company name).
 */

import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { isConditionalCheckFailed } from '@functions/platform/aws/dynamodb-errors';
import { keys } from '@shared/db/keys';
import { SCHEMA_VERSION, stripKeys } from '@shared/db/records';
import type { VerifactuConfig } from '@shared/schemas/verifactu';
import type { VerifactuDeps } from './deps';

export type SenderDeps = Pick<VerifactuDeps, 'db' | 'table' | 'now' | 'newId'>;

/** Stored sender state (without keys). */
export interface VerifactuSenderState {
  companyId: string;
  leaseId?: string;
  leaseUntil?: string;
  /** The AEAT allows the next message from this instant (ISO). */
  nextAllowedAt?: string;
  lastSentAt?: string;
  /** The last TiempoEsperaEnvio received, seconds. */
  waitSeconds?: number;
  /**
   * After a SOAP Client fault on a batch: records up to this seq go one per message, so the bad one
   * is found and the others are not blocked (reference §7, PR #5142). Absent otherwise.
   */
  isolateThroughSeq?: number | null;
  updatedAt?: string;
}

/** TiempoEsperaEnvio until the AEAT says otherwise (reference §4.4). */
export const DEFAULT_WAIT_SECONDS = 60;
/** A lease outlives the 29 s function, so a crashed holder frees the company within a minute. */
export const LEASE_MS = 60_000;

export async function getSender(deps: SenderDeps, companyId: string): Promise<VerifactuSenderState | null> {
  const res = await deps.db.send(
    new GetCommand({ TableName: deps.table, Key: keys.verifactuSender(companyId), ConsistentRead: true }),
  );
  return res.Item ? (stripKeys(res.Item) as unknown as VerifactuSenderState) : null;
}

export interface Lease {
  leaseId: string;
  state: VerifactuSenderState;
}

/**
 * Takes the company's lease (creating the sender item on first use); null when another sender
 * holds it. Conditional: `attribute_not_exists(leaseUntil) OR leaseUntil < :now`.
 */
export async function takeLease(
  deps: SenderDeps,
  companyId: string,
  leaseMs = LEASE_MS,
): Promise<Lease | null> {
  const now = deps.now();
  const leaseId = deps.newId();
  try {
    const res = await deps.db.send(
      new UpdateCommand({
        TableName: deps.table,
        Key: keys.verifactuSender(companyId),
        UpdateExpression:
          'SET entity = :entity, v = :v, companyId = :companyId, leaseId = :leaseId, leaseUntil = :until, updatedAt = :now',
        ConditionExpression: 'attribute_not_exists(leaseUntil) OR leaseUntil < :now',
        ExpressionAttributeValues: {
          ':entity': 'VerifactuSender',
          ':v': SCHEMA_VERSION,
          ':companyId': companyId,
          ':leaseId': leaseId,
          ':until': new Date(now.getTime() + leaseMs).toISOString(),
          ':now': now.toISOString(),
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return { leaseId, state: stripKeys(res.Attributes ?? {}) as unknown as VerifactuSenderState };
  } catch (e) {
    if (isConditionalCheckFailed(e)) return null;
    throw e;
  }
}

/** Gives the lease back (only if still ours). */
export async function releaseLease(deps: SenderDeps, companyId: string, leaseId: string): Promise<void> {
  try {
    await deps.db.send(
      new UpdateCommand({
        TableName: deps.table,
        Key: keys.verifactuSender(companyId),
        UpdateExpression: 'REMOVE leaseId, leaseUntil SET updatedAt = :now',
        ConditionExpression: 'leaseId = :leaseId',
        ExpressionAttributeValues: { ':leaseId': leaseId, ':now': deps.now().toISOString() },
      }),
    );
  } catch (e) {
    if (!isConditionalCheckFailed(e)) throw e;
  }
}

/** Records a message sent now: the next one waits `waitSeconds` (TiempoEsperaEnvio). */
export async function recordSend(
  deps: SenderDeps,
  companyId: string,
  sentAt: Date,
  waitSeconds: number | null,
): Promise<string> {
  const wait =
    waitSeconds !== null && Number.isFinite(waitSeconds) && waitSeconds >= 0
      ? waitSeconds
      : DEFAULT_WAIT_SECONDS;
  const nextAllowedAt = new Date(sentAt.getTime() + wait * 1000).toISOString();
  await deps.db.send(
    new UpdateCommand({
      TableName: deps.table,
      Key: keys.verifactuSender(companyId),
      UpdateExpression:
        'SET entity = :entity, v = :v, companyId = :companyId, lastSentAt = :at, nextAllowedAt = :next, waitSeconds = :wait, updatedAt = :now',
      ExpressionAttributeValues: {
        ':entity': 'VerifactuSender',
        ':v': SCHEMA_VERSION,
        ':companyId': companyId,
        ':at': sentAt.toISOString(),
        ':next': nextAllowedAt,
        ':wait': wait,
        ':now': deps.now().toISOString(),
      },
    }),
  );
  return nextAllowedAt;
}

/** Starts (seq) or ends (null) one-by-one sending after a batch was refused with a Client fault. */
export async function setIsolation(
  deps: SenderDeps,
  companyId: string,
  throughSeq: number | null,
): Promise<void> {
  await deps.db.send(
    new UpdateCommand({
      TableName: deps.table,
      Key: keys.verifactuSender(companyId),
      UpdateExpression: 'SET isolateThroughSeq = :seq, updatedAt = :now',
      ExpressionAttributeValues: { ':seq': throughSeq, ':now': deps.now().toISOString() },
    }),
  );
}

/** The company's VeriFacTu configuration, or null when it was never saved. */
export async function getConfig(deps: SenderDeps, companyId: string): Promise<VerifactuConfig | null> {
  const res = await deps.db.send(
    new GetCommand({ TableName: deps.table, Key: keys.verifactuConfig(companyId) }),
  );
  return res.Item ? (stripKeys(res.Item) as unknown as VerifactuConfig) : null;
}

/** Whether the company's records are to be sent now: configured, enabled, VERI*FACTU mode. */
export const sendsToAeat = (config: VerifactuConfig | null): config is VerifactuConfig =>
  !!config && config.enabled !== false && config.mode === 'VERIFACTU';

/** The company's name (ObligadoEmision of a message made only of anulaciones). */
export async function companyName(deps: SenderDeps, companyId: string): Promise<string | null> {
  const res = await deps.db.send(new GetCommand({ TableName: deps.table, Key: keys.company(companyId) }));
  const name = res.Item?.name;
  return typeof name === 'string' ? name : null;
}
