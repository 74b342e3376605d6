import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  DynamoDBDocumentClient,
  GetCommand,
  type GetCommandInput,
  QueryCommand,
  type QueryCommandInput,
  TransactWriteCommand,
  type TransactWriteCommandInput,
  UpdateCommand,
  type UpdateCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { testDocumentClient } from '@functions/platform/testing/env';
import { keys } from '@shared/db/keys';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { MAX_CHAIN_ATTEMPTS, writeWithChain } from './chain-writer';
import { FakeChainTable } from './testing/fake-chain-table';

const TABLE = 't';
const CO = 'co-1';
const T0 = new Date('2027-01-15T09:30:00.000Z');
const db = mockClient(DynamoDBDocumentClient);
const deps = { db: testDocumentClient(), table: TABLE };
let table: FakeChainTable;

beforeEach(() => {
  db.reset();
  table = new FakeChainTable();
  db.on(GetCommand).callsFake((input: GetCommandInput) => table.get(input));
  db.on(QueryCommand).callsFake((input: QueryCommandInput) => table.query(input));
  db.on(TransactWriteCommand).callsFake((input: TransactWriteCommandInput) => table.transactWrite(input));
  db.on(UpdateCommand).callsFake((input: UpdateCommandInput) => table.update(input));
});

const cancelled = (codes: string[]) =>
  new TransactionCanceledException({
    message: 'x',
    $metadata: {},
    CancellationReasons: codes.map((Code) => ({ Code })),
  });

/** A transaction of one item of the caller (no record). */
const own = (sk: string) => ({
  items: [{ Put: { TableName: TABLE, Item: { pk: 'X', sk } } }],
  recordAt: null,
  result: sk,
});

describe('writeWithChain', () => {
  it('reads neither head nor configuration for an unlinked write, and hands the caller its reads', async () => {
    const seen: unknown[] = [];
    const result = await writeWithChain(deps, CO, {
      linked: false,
      now: () => T0,
      read: async () => 'claim-1',
      build: (chain, read, at) => {
        seen.push(chain, read, at);
        return own('A');
      },
    });
    expect(result).toBe('A');
    expect(seen).toEqual([null, 'claim-1', T0]);
    expect(db.commandCalls(GetCommand)).toHaveLength(0);
    expect(table.get({ TableName: TABLE, Key: { pk: 'X', sk: 'A' } }).Item).toBeDefined();
  });

  it("retries the caller's lost races, reading again each time, then writes", async () => {
    let calls = 0;
    db.on(TransactWriteCommand).callsFake((input: TransactWriteCommandInput) => {
      calls += 1;
      if (calls < 3) throw cancelled(['None', 'TransactionConflict']);
      return table.transactWrite(input);
    });
    let reads = 0;
    const result = await writeWithChain(deps, CO, {
      linked: false,
      now: () => T0,
      read: async () => ++reads,
      build: (_chain, read) => own(`try-${read}`),
      lostRace: (e) =>
        (e as TransactionCanceledException).CancellationReasons?.[1]?.Code === 'TransactionConflict',
    });
    expect(result).toBe('try-3');
    expect(reads).toBe(3);
  });

  it("throws the caller's refusal at once, before any retry", async () => {
    db.on(TransactWriteCommand).rejects(cancelled(['ConditionalCheckFailed', 'TransactionConflict']));
    const refusal = new Error('la factura ya no es un borrador');
    await expect(
      writeWithChain(deps, CO, {
        linked: false,
        now: () => T0,
        build: () => own('A'),
        refused: (e) =>
          (e as TransactionCanceledException).CancellationReasons?.[0]?.Code === 'ConditionalCheckFailed'
            ? refusal
            : undefined,
        lostRace: () => true,
      }),
    ).rejects.toBe(refusal);
    expect(db.commandCalls(TransactWriteCommand)).toHaveLength(1);
  });

  it('rethrows a refusal that is neither a lost chain nor a lost race, without retrying', async () => {
    const boom = cancelled(['ConditionalCheckFailed']);
    db.on(TransactWriteCommand).rejects(boom);
    await expect(writeWithChain(deps, CO, { now: () => T0, build: () => own('A') })).rejects.toBe(boom);
    expect(db.commandCalls(TransactWriteCommand)).toHaveLength(1);
  });

  it(`gives up after ${MAX_CHAIN_ATTEMPTS} lost heads with the caller's error`, async () => {
    // The head (record item 2) lost every time; the loser takes the turn, so it never sleeps.
    db.on(TransactWriteCommand).rejects(cancelled(['None', 'None', 'ConditionalCheckFailed', 'None']));
    const gaveUp = new Error('contention');
    await expect(
      writeWithChain(deps, CO, {
        now: () => T0,
        build: () => ({ ...own('A'), recordAt: 0 }),
        gaveUp: () => gaveUp,
      }),
    ).rejects.toBe(gaveUp);
    expect(db.commandCalls(TransactWriteCommand)).toHaveLength(MAX_CHAIN_ATTEMPTS);
  }, 30_000);

  it('gives the chain context to a linked write and leaves no turn behind after a refusal', async () => {
    const boom = new Error('boom');
    db.on(TransactWriteCommand).rejects(boom);
    let seq: number | undefined;
    await expect(
      writeWithChain(deps, CO, {
        now: () => T0,
        build: (chain) => {
          seq = chain?.seq;
          return { ...own('A'), recordAt: 0 };
        },
      }),
    ).rejects.toBe(boom);
    expect(seq).toBe(1);
    expect(table.get({ TableName: TABLE, Key: keys.verifactuChainHead(CO) }).Item).toBeUndefined();
  });
});
