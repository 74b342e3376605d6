import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { createLogger } from '@functions/platform/logger';
import { testDocumentClient } from '@functions/platform/testing/env';
import { keys } from '@shared/db/keys';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { sweepPending } from './sweep-pending';

process.env.LOG_LEVEL = 'silent';
const db = mockClient(DynamoDBDocumentClient);
const sqsMock = mockClient(SQSClient);
const NOW = new Date('2027-01-15T10:00:30.000Z');
const deps = {
  db: testDocumentClient(),
  table: 't',
  now: () => NOW,
  newId: () => 'x',
  sqs: new SQSClient({ region: 'eu-west-1', credentials: { accessKeyId: 't', secretAccessKey: 't' } }),
  queueUrl: 'https://sqs.local/verifactu.fifo',
};
const ctx = { log: createLogger(), now: NOW, remainingMs: () => 60_000 };
const config = (over: Record<string, unknown> = {}) => ({ mode: 'VERIFACTU', enabled: true, ...over });

beforeEach(() => {
  db.reset();
  sqsMock.reset();
  sqsMock.on(SendMessageCommand).resolves({});
});

const getFor = (companyId: string, item: { config?: unknown; sender?: unknown }) => {
  db.on(GetCommand, { Key: keys.verifactuConfig(companyId) }).resolves({
    Item: item.config as Record<string, unknown>,
  });
  db.on(GetCommand, { Key: keys.verifactuSender(companyId) }).resolves({
    Item: item.sender as Record<string, unknown>,
  });
};

describe('sweep-pending', () => {
  it('triggers each company with pending records once, skipping those that may not send now', async () => {
    db.on(QueryCommand)
      .resolvesOnce({
        Items: [{ companyId: 'a' }, { companyId: 'a' }, { companyId: 'b' }, { companyId: 'c' }],
        LastEvaluatedKey: { k: 1 },
      })
      .resolvesOnce({ Items: [{ companyId: 'd' }, { companyId: 'e' }, { companyId: 'f' }] });
    getFor('a', { config: config(), sender: { nextAllowedAt: '2027-01-15T10:00:00.000Z' } });
    getFor('b', { config: config(), sender: { nextAllowedAt: '2027-01-15T10:00:45.000Z' } }); // waiting
    getFor('c', { config: undefined }); // not configured
    getFor('d', { config: config({ mode: 'NO_VERIFACTU' }) });
    getFor('e', { config: config({ enabled: false }) });
    getFor('f', { config: config(), sender: { leaseUntil: '2027-01-15T10:01:00.000Z' } }); // draining
    const r = await sweepPending(deps, ctx);
    expect(r).toEqual({ companies: 6, triggered: 1, skipped: 5, errors: 0 });
    const sent = sqsMock.commandCalls(SendMessageCommand).map((c) => c.args[0].input);
    expect(sent).toEqual([
      {
        QueueUrl: 'https://sqs.local/verifactu.fifo',
        MessageBody: '{"companyId":"a"}',
        MessageGroupId: 'a',
        MessageDeduplicationId: 'sweep-a-202701151000',
      },
    ]);
  });

  it('counts a company it could not trigger and goes on', async () => {
    db.on(QueryCommand).resolves({ Items: [{ companyId: 'a' }, { companyId: 'b' }] });
    getFor('a', { config: config() });
    getFor('b', { config: config() });
    sqsMock.on(SendMessageCommand).rejectsOnce(new Error('down')).resolves({});
    expect(await sweepPending(deps, ctx)).toMatchObject({ triggered: 1, errors: 1 });
  });
});
