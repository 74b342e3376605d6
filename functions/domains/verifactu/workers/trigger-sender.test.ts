import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { marshall } from '@aws-sdk/util-dynamodb';
import { createLogger } from '@functions/platform/logger';
import { useEnv } from '@functions/platform/testing/env';
import { envNames } from '@shared/config/env-names';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { handler, triggerSender } from './trigger-sender';

useEnv({
  LOG_LEVEL: 'silent',
  AWS_REGION: 'eu-west-1',
  AWS_ACCESS_KEY_ID: 't',
  AWS_SECRET_ACCESS_KEY: 't',
  [envNames.queueUrl('verifactu')]: 'https://sqs.local/verifactu.fifo',
});

const sqsMock = mockClient(SQSClient);
const sqs = new SQSClient({ region: 'eu-west-1', credentials: { accessKeyId: 't', secretAccessKey: 't' } });
const ctx = { log: createLogger() };
const deps = { sqs, queueUrl: 'https://sqs.local/verifactu.fifo' };
const image = { entity: 'VerifactuRecord', companyId: 'co-1', recordId: 'co-1-3', seq: 3 };

beforeEach(() => {
  sqsMock.reset();
  sqsMock.on(SendMessageCommand).resolves({});
});

describe('trigger-sender', () => {
  it('wakes the company sender for a new record (group = company, dedup = record)', async () => {
    const sent = await triggerSender(
      deps,
      { eventName: 'INSERT', newImage: image, oldImage: undefined, sequenceNumber: '1' },
      ctx,
    );
    expect(sent).toBe(true);
    expect(sqsMock.commandCalls(SendMessageCommand)[0]!.args[0].input).toMatchObject({
      MessageBody: '{"companyId":"co-1"}',
      MessageGroupId: 'co-1',
      MessageDeduplicationId: 'co-1-3',
    });
  });

  it('ignores modifications and images without ids', async () => {
    expect(
      await triggerSender(
        deps,
        { eventName: 'MODIFY', newImage: image, oldImage: image, sequenceNumber: '1' },
        ctx,
      ),
    ).toBe(false);
    expect(
      await triggerSender(
        deps,
        {
          eventName: 'INSERT',
          newImage: { entity: 'VerifactuRecord' },
          oldImage: undefined,
          sequenceNumber: '1',
        },
        ctx,
      ),
    ).toBe(false);
    expect(sqsMock.commandCalls(SendMessageCommand)).toHaveLength(0);
  });

  it('the stream handler only takes VerifactuRecord inserts and reports a failed send', async () => {
    const record = (img: Record<string, unknown>, seq: string) => ({
      eventID: seq,
      eventName: 'INSERT',
      dynamodb: { SequenceNumber: seq, NewImage: marshall(img) },
    });
    const event = {
      Records: [
        record({ entity: 'VerifactuSubmission', companyId: 'co-1', recordId: 'x' }, '1'),
        record(image, '2'),
      ],
    } as unknown as DynamoDBStreamEvent;
    expect(await handler(event)).toEqual({ batchItemFailures: [] });
    expect(sqsMock.commandCalls(SendMessageCommand)).toHaveLength(1);
    sqsMock.on(SendMessageCommand).rejects(new Error('down'));
    expect(await handler(event)).toEqual({ batchItemFailures: [{ itemIdentifier: '2' }] });
  });
});
