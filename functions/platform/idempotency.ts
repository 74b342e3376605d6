/**
 * Idempotent routes (issue #12 item 5): a route row marked `idempotent` (shared/api/routes.ts)
 * honours the `Idempotency-Key` header, so a client that sends a payment or a document again
 * (a double click, a retry after a time-out) never creates it twice.
 *
 * One item per company, route and key (`keys.idempotencyRecord`), kept 24 h (TTL):
 * - the first request writes it IN_PROGRESS (conditional Put), runs the action and stores the
 *   answer (COMPLETED); an action that fails removes it, so the request may be sent again;
 * - a repeat with the same request (same caller, path, query and body: the fingerprint) gets the
 *   stored answer again, with `idempotent-replayed: true`; one that arrives while the first is still
 *   running waits for it (up to `waitMs`), then answers 409 IDEMPOTENCY_IN_PROGRESS;
 * - the same key with a different request is refused, 422 IDEMPOTENCY_KEY_REUSED;
 * - an IN_PROGRESS record whose holder died (its lease, the Lambda's time, is over) is taken over.
 *
 * Written here rather than with Powertools' idempotency utility: the pipeline already owns the
 * table client and the error envelope, and this is one item and four calls (reliability.md §3
 * describes the same state machine; tooling.md measured the utility at ~65 kB and ~10 ms of init).
 */

import { createHash, randomUUID } from 'node:crypto';
import {
  DeleteCommand,
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { AppError } from '@shared/api/errors';
import { keys } from '@shared/db/keys';
import { SCHEMA_VERSION } from '@shared/db/records';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { ddb } from './aws/dynamodb';
import { isConditionalCheckFailed } from './aws/dynamodb-errors';
import { tableName } from './aws/env';
import type { Logger } from './logger';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** How long a record (and so a stored answer) is kept. */
export const IDEMPOTENCY_TTL_SECONDS = 24 * 3600;
/** How long a repeat waits for the first request to finish before answering 409. */
export const IDEMPOTENCY_WAIT_MS = 10_000;
/** A holder's lease when the Lambda's remaining time is unknown (API Gateway stops at 29 s). */
export const DEFAULT_LEASE_MS = 30_000;
/** Answers larger than this are not kept (an item is at most 400 KB); the key then protects nothing. */
export const MAX_STORED_BODY_BYTES = 300_000;

const KEY_FORMAT = /^[A-Za-z0-9_.:-]{8,128}$/;

/** The answer kept for repeats (without `x-request-id`, which is each request's own). */
export interface StoredResponse {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
  isBase64Encoded?: boolean;
}

export interface IdempotencyRecord {
  status: 'IN_PROGRESS' | 'COMPLETED';
  fingerprint: string;
  holder: string;
  /** Epoch ms until which the holder is presumed alive (IN_PROGRESS). */
  inProgressUntil: number;
  /** Epoch seconds (the table's TTL attribute). */
  ttl: number;
  response?: StoredResponse;
}

export interface IdempotencyRef {
  companyId: string;
  routeId: string;
  key: string;
}

/** Where the records live: DynamoDB in the product, a map in unit tests. */
export interface IdempotencyStore {
  /**
   * Writes the record IN_PROGRESS unless a live one exists: true when written, else the existing
   * one, or null when it vanished between the write and the read (its holder gave up: try again).
   */
  begin(
    ref: IdempotencyRef,
    record: IdempotencyRecord,
    nowMs: number,
  ): Promise<true | IdempotencyRecord | null>;
  /** Stores the answer, if the record is still ours. */
  complete(ref: IdempotencyRef, holder: string, response: StoredResponse): Promise<void>;
  /** Removes the record, if still ours (the action failed: the request may be sent again). */
  abandon(ref: IdempotencyRef, holder: string): Promise<void>;
}

/** The `Idempotency-Key` of a request: undefined when absent, 400 CORE_004 when malformed. */
export function idempotencyKeyOf(headers: Record<string, string>): string | undefined {
  const key = headers[IDEMPOTENCY_HEADER];
  if (key === undefined || key === '') return undefined;
  if (!KEY_FORMAT.test(key)) {
    throw new AppError(
      'CORE_004',
      'La cabecera Idempotency-Key debe tener entre 8 y 128 caracteres: letras, números, guiones, puntos o dos puntos.',
      { field: 'Idempotency-Key' },
    );
  }
  return key;
}

/** What makes two requests "the same": the caller, the path, the query and the body's bytes. */
export function requestFingerprint(event: APIGatewayProxyEvent, userId: string): string {
  const sorted = (o: Record<string, string | undefined> | null) =>
    Object.entries(o ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const body = event.body
    ? Buffer.from(event.body, event.isBase64Encoded ? 'base64' : 'utf8')
    : Buffer.alloc(0);
  return createHash('sha256')
    .update(
      JSON.stringify([
        userId,
        event.httpMethod,
        event.resource,
        sorted(event.pathParameters),
        sorted(event.queryStringParameters),
      ]),
    )
    .update('\n')
    .update(body)
    .digest('base64url');
}

export interface IdempotentRun {
  store: IdempotencyStore;
  ref: IdempotencyRef;
  fingerprint: string;
  log: Logger;
  /** How long the holder may take (the Lambda's remaining time). */
  leaseMs?: number;
  waitMs?: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

const sleepMs = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** The holder's lease: the Lambda's remaining time, never under a second (nor unknown: 30 s). */
export const leaseOf = (remainingMs: number | undefined): number =>
  remainingMs === undefined || !Number.isFinite(remainingMs)
    ? DEFAULT_LEASE_MS
    : Math.max(1_000, remainingMs);

const stored = (res: APIGatewayProxyResult): StoredResponse => {
  const { 'x-request-id': _id, ...headers } = (res.headers ?? {}) as Record<string, string>;
  return {
    statusCode: res.statusCode,
    headers,
    body: res.body,
    ...(res.isBase64Encoded ? { isBase64Encoded: true } : {}),
  };
};

const replay = (r: StoredResponse): APIGatewayProxyResult => ({
  statusCode: r.statusCode,
  headers: { ...r.headers, 'idempotent-replayed': 'true' },
  body: r.body,
  ...(r.isBase64Encoded ? { isBase64Encoded: true } : {}),
});

const keyReused = () =>
  new AppError('IDEMPOTENCY_KEY_REUSED', undefined, {
    field: 'Idempotency-Key',
    details: { reason: 'KEY_REUSED' },
  });

/**
 * Runs `action` at most once per key: the first request runs it, repeats get its answer. The
 * response returned for a replay carries no `x-request-id` (the pipeline adds the request's own).
 */
export async function runIdempotent(
  opts: IdempotentRun,
  action: () => Promise<APIGatewayProxyResult>,
): Promise<APIGatewayProxyResult> {
  const now = opts.now ?? Date.now;
  const sleep = opts.sleep ?? sleepMs;
  const deadline = now() + (opts.waitMs ?? IDEMPOTENCY_WAIT_MS);
  const holder = randomUUID();
  for (let poll = 0; ; poll++) {
    const at = now();
    const mine: IdempotencyRecord = {
      status: 'IN_PROGRESS',
      fingerprint: opts.fingerprint,
      holder,
      inProgressUntil: at + leaseOf(opts.leaseMs),
      ttl: Math.floor(at / 1000) + IDEMPOTENCY_TTL_SECONDS,
    };
    const found = await opts.store.begin(opts.ref, mine, at);
    if (found === true) return await runAsHolder(opts, holder, action);
    if (found === null) continue;
    if (found.fingerprint !== opts.fingerprint) throw keyReused();
    if (found.status === 'COMPLETED' && found.response) {
      opts.log.info('idempotent replay', { routeId: opts.ref.routeId });
      return replay(found.response);
    }
    if (now() >= deadline) {
      throw new AppError('IDEMPOTENCY_IN_PROGRESS', undefined, { details: { reason: 'IN_PROGRESS' } });
    }
    // The first request is still running: look again soon (it usually needs one transaction).
    await sleep(Math.min(500, 50 * 2 ** Math.min(poll, 3)) * (0.5 + Math.random() / 2));
  }
}

async function runAsHolder(
  opts: IdempotentRun,
  holder: string,
  action: () => Promise<APIGatewayProxyResult>,
): Promise<APIGatewayProxyResult> {
  let res: APIGatewayProxyResult;
  try {
    res = await action();
  } catch (e) {
    await opts.store.abandon(opts.ref, holder).catch((err: unknown) => {
      opts.log.warn('idempotency record not removed', { error: String(err) });
    });
    throw e;
  }
  const answer = stored(res);
  try {
    if (Buffer.byteLength(answer.body) > MAX_STORED_BODY_BYTES) {
      opts.log.warn('answer too large to keep for Idempotency-Key repeats', { routeId: opts.ref.routeId });
      await opts.store.abandon(opts.ref, holder);
    } else {
      await opts.store.complete(opts.ref, holder, answer);
    }
  } catch (e) {
    // The action is done: its answer goes out even when the record could not be completed.
    opts.log.error('idempotency record not completed', { error: String(e) });
  }
  return res;
}

// --- DynamoDB ------------------------------------------------------------------------------------

/** The records on the table: one conditional Put, a consistent Get, a conditional Put or Delete. */
export function dynamoIdempotencyStore(
  deps:
    | { db: Pick<DynamoDBDocumentClient, 'send'>; table: string }
    | (() => { db: Pick<DynamoDBDocumentClient, 'send'>; table: string }),
): IdempotencyStore {
  const resolve = typeof deps === 'function' ? deps : () => deps;
  const item = (ref: IdempotencyRef, record: IdempotencyRecord) => ({
    ...keys.idempotencyRecord(ref.companyId, ref.routeId, ref.key),
    entity: 'IdempotencyRecord',
    v: SCHEMA_VERSION,
    routeId: ref.routeId,
    ...record,
  });
  const read = async (ref: IdempotencyRef): Promise<IdempotencyRecord | undefined> => {
    const { db, table } = resolve();
    const res = await db.send(
      new GetCommand({
        TableName: table,
        Key: keys.idempotencyRecord(ref.companyId, ref.routeId, ref.key),
        ConsistentRead: true,
      }),
    );
    return res.Item as IdempotencyRecord | undefined;
  };
  return {
    async begin(ref, record, nowMs) {
      const { db, table } = resolve();
      try {
        await db.send(
          new PutCommand({
            TableName: table,
            Item: item(ref, record),
            // Free, expired (TTL deletes late) or abandoned by a holder whose lease is over.
            ConditionExpression:
              'attribute_not_exists(pk) OR #ttl < :nowS OR (#status = :inProgress AND inProgressUntil < :nowMs)',
            ExpressionAttributeNames: { '#ttl': 'ttl', '#status': 'status' },
            ExpressionAttributeValues: {
              ':nowS': Math.floor(nowMs / 1000),
              ':nowMs': nowMs,
              ':inProgress': 'IN_PROGRESS',
            },
          }),
        );
        return true;
      } catch (e) {
        if (!isConditionalCheckFailed(e)) throw e;
      }
      // Taken: read it. Gone meanwhile (its holder failed): the caller tries again.
      return (await read(ref)) ?? null;
    },
    async complete(ref, holder, response) {
      const { db, table } = resolve();
      await db.send(
        new UpdateCommand({
          TableName: table,
          Key: keys.idempotencyRecord(ref.companyId, ref.routeId, ref.key),
          UpdateExpression: 'SET #status = :completed, #response = :response',
          ConditionExpression: 'holder = :me',
          ExpressionAttributeNames: { '#status': 'status', '#response': 'response' },
          ExpressionAttributeValues: { ':me': holder, ':completed': 'COMPLETED', ':response': response },
        }),
      );
    },
    async abandon(ref, holder) {
      const { db, table } = resolve();
      try {
        await db.send(
          new DeleteCommand({
            TableName: table,
            Key: keys.idempotencyRecord(ref.companyId, ref.routeId, ref.key),
            ConditionExpression: 'holder = :me',
            ExpressionAttributeValues: { ':me': holder },
          }),
        );
      } catch (e) {
        // Taken over after its lease: the record is someone else's now.
        if (!isConditionalCheckFailed(e)) throw e;
      }
    },
  };
}

/** The product's store: the platform's client and table, resolved on first use. */
export const defaultIdempotencyStore = (): IdempotencyStore =>
  dynamoIdempotencyStore(() => ({ db: ddb(), table: tableName() }));
