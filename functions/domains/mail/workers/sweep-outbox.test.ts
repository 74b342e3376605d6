import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { DynamoDBDocumentClient, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mailOutboxItem } from '@shared/db/outbox';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { handler } from './sweep-outbox';

const ddbMock = mockClient(DynamoDBDocumentClient);
const sqsMock = mockClient(SQSClient);

const NOW = new Date('2026-03-01T10:00:00.000Z');
const minutesAgo = (m: number) => new Date(NOW.getTime() - m * 60_000);
const mail = { to: ['ana@example.es'], subject: 'Asunto', text: 'Hola', template: 'welcome' };
const outbox = (id: string, createdAt: Date) => mailOutboxItem(id, mail, createdAt);

const publishedIds = () =>
  sqsMock.commandCalls(SendMessageCommand).map((c) => JSON.parse(c.args[0].input.MessageBody!).outboxId);

beforeEach(() => {
  ddbMock.reset();
  sqsMock.reset();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  vi.stubEnv('TABLE_NAME', 'cuadra-test');
  vi.stubEnv('QUEUE_URL_MAIL', 'https://sqs.local/mail');
  vi.stubEnv('LOG_LEVEL', 'silent');
  sqsMock.on(SendMessageCommand).resolves({ MessageId: 'm' });
  ddbMock.on(UpdateCommand).resolves({});
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
});

describe('sweep-outbox', () => {
  it('queries the pending index for items older than two minutes, page by page', async () => {
    ddbMock
      .on(QueryCommand)
      .resolvesOnce({ Items: [outbox('old-1', minutesAgo(30))], LastEvaluatedKey: { pk: 'OUTBOX#old-1' } })
      .resolvesOnce({ Items: [outbox('old-2', minutesAgo(3))] });

    await handler({});

    const queries = ddbMock.commandCalls(QueryCommand).map((c) => c.args[0].input);
    expect(queries).toHaveLength(2);
    expect(queries[0]).toMatchObject({
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk < :before',
      ExpressionAttributeValues: { ':pk': 'OUTBOX#PENDING', ':before': minutesAgo(2).toISOString() },
    });
    expect(queries[1]!.ExclusiveStartKey).toEqual({ pk: 'OUTBOX#old-1' });
    expect(publishedIds()).toEqual(['old-1', 'old-2']);
    expect(ddbMock.commandCalls(UpdateCommand).map((c) => c.args[0].input.Key?.pk)).toEqual([
      'OUTBOX#old-1',
      'OUTBOX#old-2',
    ]);
  });

  it('leaves fresh and already published items alone', async () => {
    ddbMock.on(QueryCommand).resolves({
      Items: [
        outbox('fresh', minutesAgo(1)),
        { ...outbox('done', minutesAgo(10)), status: 'PUBLISHED' },
        outbox('stale', minutesAgo(10)),
      ],
    });

    await handler({});

    expect(publishedIds()).toEqual(['stale']);
  });

  it('keeps sweeping after one item fails, then fails the run so the error is visible', async () => {
    sqsMock.on(SendMessageCommand).rejectsOnce(new Error('SQS unavailable')).resolves({ MessageId: 'm' });
    ddbMock.on(QueryCommand).resolves({ Items: [outbox('a', minutesAgo(10)), outbox('b', minutesAgo(9))] });

    await expect(handler({})).rejects.toThrow('1 outbox items could not be published');

    expect(ddbMock.commandCalls(UpdateCommand).map((c) => c.args[0].input.Key?.pk)).toEqual(['OUTBOX#b']);
  });
});
