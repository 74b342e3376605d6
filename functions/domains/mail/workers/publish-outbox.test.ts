import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import { mailOutboxItem } from '@shared/db/outbox';
import type { DynamoDBRecord } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { handler } from './publish-outbox';

const ddbMock = mockClient(DynamoDBDocumentClient);
const sqsMock = mockClient(SQSClient);

const QUEUE_URL = 'https://sqs.eu-south-2.amazonaws.com/000000000000/mail';
const mail = {
  to: ['ana@example.es'],
  subject: 'Verifica tu correo',
  text: 'token abc',
  template: 'verify-email',
};

type Image = NonNullable<DynamoDBRecord['dynamodb']>['NewImage'];
const record = (seq: string, image: Record<string, unknown>, eventName: 'INSERT' | 'MODIFY' = 'INSERT') =>
  ({
    eventID: `ev-${seq}`,
    eventName,
    dynamodb: { SequenceNumber: seq, NewImage: marshall(image, { removeUndefinedValues: true }) as Image },
  }) as DynamoDBRecord;

const pending = (outboxId: string) => mailOutboxItem(outboxId, mail, new Date('2026-03-01T10:00:00Z'));

beforeEach(() => {
  ddbMock.reset();
  sqsMock.reset();
  vi.stubEnv('TABLE_NAME', 'cuadra-test');
  vi.stubEnv('QUEUE_URL_MAIL', QUEUE_URL);
  vi.stubEnv('LOG_LEVEL', 'silent');
  sqsMock.on(SendMessageCommand).resolves({ MessageId: 'sqs-1' });
  ddbMock.on(UpdateCommand).resolves({});
});
afterEach(() => vi.unstubAllEnvs());

describe('publish-outbox', () => {
  it('sends a pending item to the mail queue and marks it published, leaving the pending index', async () => {
    const res = await handler({ Records: [record('1', pending('ob-1'))] });

    expect(res.batchItemFailures).toEqual([]);
    const sent = sqsMock.commandCalls(SendMessageCommand);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.args[0].input.QueueUrl).toBe(QUEUE_URL);
    expect(JSON.parse(sent[0]!.args[0].input.MessageBody!)).toEqual({ outboxId: 'ob-1', mail });

    const updates = ddbMock.commandCalls(UpdateCommand);
    expect(updates).toHaveLength(1);
    const update = updates[0]!.args[0].input;
    expect(update.Key).toEqual({ pk: 'OUTBOX#ob-1', sk: 'OUTBOX' });
    expect(update.ConditionExpression).toBe('#status = :pending');
    expect(update.UpdateExpression).toMatch(/REMOVE gsi1pk, gsi1sk/);
    expect(update.ExpressionAttributeValues).toMatchObject({
      ':published': 'PUBLISHED',
      ':pending': 'PENDING',
    });
  });

  it('skips an item that is already published (our own MODIFY coming back, or a replay)', async () => {
    const published = { ...pending('ob-1'), status: 'PUBLISHED', gsi1pk: undefined, gsi1sk: undefined };

    const res = await handler({ Records: [record('1', published, 'MODIFY')] });

    expect(res.batchItemFailures).toEqual([]);
    expect(sqsMock.commandCalls(SendMessageCommand)).toHaveLength(0);
    expect(ddbMock.commandCalls(UpdateCommand)).toHaveLength(0);
  });

  it('treats a lost conditional race as done, not as a failure', async () => {
    ddbMock
      .on(UpdateCommand)
      .rejects(
        new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {} }),
      );

    const res = await handler({ Records: [record('1', pending('ob-1')), record('2', pending('ob-2'))] });

    expect(res.batchItemFailures).toEqual([]);
    expect(sqsMock.commandCalls(SendMessageCommand)).toHaveLength(2);
  });

  it('reports the record whose publish failed and does not go past it', async () => {
    sqsMock
      .on(SendMessageCommand)
      .resolvesOnce({ MessageId: 'sqs-1' })
      .rejectsOnce(new Error('SQS unavailable'))
      .resolves({ MessageId: 'sqs-3' });

    const res = await handler({
      Records: [record('1', pending('ob-1')), record('2', pending('ob-2')), record('3', pending('ob-3'))],
    });

    expect(res.batchItemFailures).toEqual([{ itemIdentifier: '2' }]);
    expect(sqsMock.commandCalls(SendMessageCommand)).toHaveLength(2);
    // The failed item is not marked: it stays PENDING for the retry (and the sweeper).
    expect(ddbMock.commandCalls(UpdateCommand).map((c) => c.args[0].input.Key?.pk)).toEqual(['OUTBOX#ob-1']);
  });

  it('a DynamoDB error other than the race fails the record so it is retried', async () => {
    ddbMock.on(UpdateCommand).rejects(new Error('ProvisionedThroughputExceeded'));

    const res = await handler({ Records: [record('7', pending('ob-1'))] });

    expect(res.batchItemFailures).toEqual([{ itemIdentifier: '7' }]);
  });

  it('ignores records of other entities', async () => {
    const res = await handler({
      Records: [record('1', { entity: 'Company', companyId: 'c1', status: 'PENDING' })],
    });

    expect(res.batchItemFailures).toEqual([]);
    expect(sqsMock.commandCalls(SendMessageCommand)).toHaveLength(0);
  });
});
