import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  DynamoDBDocumentClient,
  QueryCommand,
  TransactWriteCommand,
} from '@aws-sdk/lib-dynamodb';
import { testDocumentClient } from '@functions/platform/testing/env';
import { keys } from '@shared/db/keys';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  applyMoves,
  claimMove,
  listPending,
  noteAttemptMove,
  pendingCompanies,
  requeueMove,
  requeueSubmission,
  resolveMove,
} from './submissions';

const db = mockClient(DynamoDBDocumentClient);
const deps = {
  db: testDocumentClient(),
  table: 't',
  now: () => new Date('2027-01-15T10:00:00.000Z'),
  newId: () => 'n1',
};
const AT = '2027-01-15T10:00:00.000Z';

const transactions = () => db.commandCalls(TransactWriteCommand).map((c) => c.args[0].input.TransactItems!);
const cancelled = () =>
  Object.assign(new Error('cancelled'), {
    name: 'TransactionCanceledException',
    CancellationReasons: [{ Code: 'ConditionalCheckFailed' }],
  });

beforeEach(() => db.reset());

describe('listPending', () => {
  it('reads gsi1 in seq order, then re-reads the items strongly consistent and keeps those still pending', async () => {
    db.on(QueryCommand).resolves({ Items: [{ seq: 1 }, { seq: 2 }, { seq: 3 }] });
    db.on(BatchGetCommand).resolves({
      Responses: {
        t: [
          { ...keys.verifactuSubmission('co', 3), seq: 3, status: 'QUEUED' },
          { ...keys.verifactuSubmission('co', 1), seq: 1, status: 'SENT' },
          { ...keys.verifactuSubmission('co', 2), seq: 2, status: 'VERIFIED' },
        ],
      },
    });
    const out = await listPending(deps, 'co', 1000);
    expect(out.map((s) => [s.seq, s.status])).toEqual([
      [1, 'SENT'],
      [3, 'QUEUED'],
    ]);
    expect(out[0]).not.toHaveProperty('pk');
    const q = db.commandCalls(QueryCommand)[0]!.args[0].input;
    expect(q).toMatchObject({
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.verifactuPendingPartition('co').gsi1pk },
      ScanIndexForward: true,
      Limit: 1000,
    });
    const get = db.commandCalls(BatchGetCommand)[0]!.args[0].input.RequestItems!.t!;
    expect(get.ConsistentRead).toBe(true);
    expect(get.Keys).toHaveLength(3);
  });

  it('stops paging at the limit', async () => {
    db.on(QueryCommand).resolves({ Items: [{ seq: 1 }, { seq: 2 }], LastEvaluatedKey: { k: 1 } });
    db.on(BatchGetCommand).resolves({ Responses: { t: [] } });
    await listPending(deps, 'co', 2);
    expect(db.commandCalls(QueryCommand)).toHaveLength(1);
  });
});

describe('moves', () => {
  it('claims QUEUED → SENT with a new attempt and moves the counters in the same transaction', async () => {
    db.on(TransactWriteCommand).resolves({});
    const done = await applyMoves(deps, 'co', [claimMove(1, 'a1', AT), claimMove(2, 'a1', AT)]);
    expect([...done]).toEqual([1, 2]);
    const [items] = transactions();
    expect(items).toHaveLength(3);
    expect(items![0]!.Update).toMatchObject({
      Key: keys.verifactuSubmission('co', 1),
      ConditionExpression: '#status = :queued',
      ExpressionAttributeValues: expect.objectContaining({
        ':attempt': 'a1',
        ':sent': 'SENT',
        ':queued': 'QUEUED',
      }),
    });
    expect(items![0]!.Update!.UpdateExpression).toContain('attempts = if_not_exists(attempts, :zero) + :one');
    const stats = items![2]!.Update!;
    expect(stats.Key).toEqual(keys.verifactuStats('co'));
    expect(stats.UpdateExpression).toContain('ADD #s0 :d0, #s1 :d1');
    expect(stats.ExpressionAttributeNames).toEqual({ '#s0': 'status_QUEUED', '#s1': 'status_SENT' });
    expect(stats.ExpressionAttributeValues).toMatchObject({ ':d0': -2, ':d1': 2 });
  });

  it('resolves SENT → final only for the same attempt, removes the pending index keys and appends history', async () => {
    db.on(TransactWriteCommand).resolves({});
    await applyMoves(deps, 'co', [
      resolveMove(4, 'a1', AT, {
        status: 'ERROR',
        aeatState: 'Incorrecto',
        aeatCode: '1100',
        aeatMessage: 'mal',
        csv: null,
        outcome: 'REJECTED',
      }),
    ]);
    const u = transactions()[0]![0]!.Update!;
    expect(u.ConditionExpression).toBe('#status = :sent AND attemptId = :attempt');
    expect(u.UpdateExpression).toContain('REMOVE gsi1pk, gsi1sk, gsi2pk, gsi2sk');
    expect(u.ExpressionAttributeValues).toMatchObject({
      ':to': 'ERROR',
      ':attempt': 'a1',
      ':code': '1100',
      ':h': [{ attemptId: 'a1', at: AT, outcome: 'REJECTED', code: '1100', message: 'mal' }],
    });
    expect(transactions()[0]![1]!.Update!.ExpressionAttributeNames).toEqual({
      '#s0': 'status_SENT',
      '#s1': 'status_ERROR',
    });
  });

  it('a note leaves the status (and the counters) as they are', async () => {
    db.on(TransactWriteCommand).resolves({});
    await applyMoves(deps, 'co', [noteAttemptMove(1, 'a1', AT, 'TIMEOUT', 'x')]);
    const [sub, stats] = transactions()[0]!;
    expect(sub!.Update!.UpdateExpression).not.toContain('#status =');
    expect(stats!.Update!.UpdateExpression).not.toContain('ADD');
  });

  it('a chunk refused by a condition is retried move by move', async () => {
    db.on(TransactWriteCommand)
      .rejectsOnce(cancelled())
      .resolvesOnce({})
      .rejectsOnce(cancelled())
      .resolvesOnce({});
    const done = await applyMoves(deps, 'co', [
      requeueMove(1, 'a', AT, 'X', null),
      requeueMove(2, 'a', AT, 'X', null),
      requeueMove(3, 'a', AT, 'X', null),
    ]);
    expect([...done]).toEqual([1, 3]);
    expect(transactions().map((t) => t.length)).toEqual([4, 2, 2, 2]);
  });

  it('chunks of at most 99 moves (plus the counters) per transaction', async () => {
    db.on(TransactWriteCommand).resolves({});
    const moves = Array.from({ length: 250 }, (_, i) => claimMove(i + 1, 'a', AT));
    const done = await applyMoves(deps, 'co', moves);
    expect(done.size).toBe(250);
    expect(transactions().map((t) => t.length)).toEqual([100, 100, 53]);
  });

  it('other errors are thrown', async () => {
    db.on(TransactWriteCommand).rejects(new Error('throttled'));
    await expect(applyMoves(deps, 'co', [claimMove(1, 'a', AT)])).rejects.toThrow('throttled');
  });
});

describe('requeueSubmission', () => {
  it('moves a technical ERROR back to QUEUED with its pending index keys, never an Incorrecto', async () => {
    db.on(TransactWriteCommand).resolves({});
    expect(await requeueSubmission(deps, 'co', 7)).toBe(true);
    const u = transactions()[0]![0]!.Update!;
    expect(u.ConditionExpression).toContain('#status = :error');
    expect(u.ConditionExpression).toContain('aeatState <> :incorrecto');
    expect(u.ExpressionAttributeValues).toMatchObject({
      ':incorrecto': 'Incorrecto',
      ':g1pk': keys.verifactuPending('co', 7).gsi1pk,
      ':g2sk': keys.verifactuPendingGlobal('co', 7).gsi2sk,
    });
  });

  it('answers false when the condition fails', async () => {
    db.on(TransactWriteCommand).rejects(
      new ConditionalCheckFailedException({ message: 'no', $metadata: {} }),
    );
    expect(await requeueSubmission(deps, 'co', 7)).toBe(false);
  });
});

describe('pendingCompanies', () => {
  it('pages gsi2 and returns each company once', async () => {
    db.on(QueryCommand)
      .resolvesOnce({ Items: [{ companyId: 'a' }, { companyId: 'a' }], LastEvaluatedKey: { k: 1 } })
      .resolvesOnce({ Items: [{ companyId: 'b' }] });
    expect(await pendingCompanies(deps)).toEqual(['a', 'b']);
    expect(db.commandCalls(QueryCommand)[0]!.args[0].input).toMatchObject({
      IndexName: 'gsi2',
      ExpressionAttributeValues: { ':pk': 'VERIFACTU#PENDING' },
    });
  });
});
