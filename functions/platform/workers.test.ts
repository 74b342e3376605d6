import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord, SQSRecord } from 'aws-lambda';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseJsonBody, type StreamChange, scheduledHandler, sqsHandler, streamHandler } from './workers';

const sqsRecord = (messageId: string, body = '{}'): SQSRecord =>
  ({ messageId, body, attributes: { ApproximateReceiveCount: '1' } }) as unknown as SQSRecord;

const streamRecord = (seq: string, image: Record<string, unknown> | undefined): DynamoDBRecord => ({
  eventID: `ev-${seq}`,
  eventName: 'INSERT',
  dynamodb: {
    SequenceNumber: seq,
    ...(image ? { NewImage: marshall(image) as NonNullable<DynamoDBRecord['dynamodb']>['NewImage'] } : {}),
  },
});

beforeEach(() => {
  vi.stubEnv('LOG_LEVEL', 'silent');
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe('sqsHandler', () => {
  it('reports exactly the records that threw', async () => {
    const handler = sqsHandler(async (r) => {
      if (r.messageId === 'm2' || r.messageId === 'm4') throw new Error('boom');
    });

    const res = await handler({ Records: ['m1', 'm2', 'm3', 'm4'].map((id) => sqsRecord(id)) });

    expect(res.batchItemFailures).toEqual([{ itemIdentifier: 'm2' }, { itemIdentifier: 'm4' }]);
  });

  it('reports nothing when every record succeeds', async () => {
    const handler = sqsHandler(async () => {});

    const res = await handler({ Records: [sqsRecord('m1'), sqsRecord('m2')] });

    expect(res.batchItemFailures).toEqual([]);
  });

  it('in ordered mode stops at the first failure and fails the rest of the batch', async () => {
    const seen: string[] = [];
    const handler = sqsHandler(
      async (r) => {
        seen.push(r.messageId);
        if (r.messageId === 'm2') throw new Error('boom');
      },
      { ordered: true },
    );

    const res = await handler({ Records: ['m1', 'm2', 'm3'].map((id) => sqsRecord(id)) });

    expect(seen).toEqual(['m1', 'm2']);
    expect(res.batchItemFailures).toEqual([{ itemIdentifier: 'm2' }, { itemIdentifier: 'm3' }]);
  });

  it('never writes a message body into the log, even when it is not JSON', async () => {
    vi.stubEnv('LOG_LEVEL', 'debug');
    const lines: string[] = [];
    vi.spyOn(console, 'error').mockImplementation((l: string) => void lines.push(l));
    vi.spyOn(console, 'log').mockImplementation((l: string) => void lines.push(l));
    const handler = sqsHandler(async (r) => {
      parseJsonBody(r);
    });

    const res = await handler({ Records: [sqsRecord('m1', 'token=SECRET-RESET-TOKEN')] });

    expect(res.batchItemFailures).toEqual([{ itemIdentifier: 'm1' }]);
    expect(lines.some((l) => l.includes('"messageId":"m1"'))).toBe(true);
    expect(lines.join('\n')).not.toContain('SECRET-RESET-TOKEN');
  });

  it('rewords a raw JSON.parse error so V8 cannot quote the body', async () => {
    vi.stubEnv('LOG_LEVEL', 'debug');
    const lines: string[] = [];
    vi.spyOn(console, 'error').mockImplementation((l: string) => void lines.push(l));
    const handler = sqsHandler(async (r) => {
      JSON.parse(r.body);
    });

    await handler({ Records: [sqsRecord('m1', 'SECRET-TOKEN-abc')] });

    expect(lines.join('\n')).not.toContain('SECRET-TOKEN');
  });
});

describe('streamHandler', () => {
  it('passes unmarshalled images of the wanted entities, in order', async () => {
    const seen: StreamChange[] = [];
    const handler = streamHandler({ entities: ['Outbox'] }, async (c) => void seen.push(c));

    const res = await handler({
      Records: [
        streamRecord('1', { entity: 'Outbox', outboxId: 'a', payload: { to: ['x@y.es'] } }),
        streamRecord('2', { entity: 'Company', companyId: 'c' }),
        streamRecord('3', undefined),
        streamRecord('4', { entity: 'Outbox', outboxId: 'b' }),
      ],
    });

    expect(res.batchItemFailures).toEqual([]);
    expect(seen.map((c) => c.newImage?.outboxId)).toEqual(['a', 'b']);
    expect(seen[0]).toMatchObject({
      eventName: 'INSERT',
      sequenceNumber: '1',
      newImage: { entity: 'Outbox', payload: { to: ['x@y.es'] } },
    });
  });

  it('stops at the first failure and reports its sequence number', async () => {
    const seen: string[] = [];
    const handler = streamHandler({ entities: ['Outbox'] }, async (c) => {
      seen.push(c.sequenceNumber);
      if (c.sequenceNumber === '2') throw new Error('boom');
    });

    const res = await handler({
      Records: ['1', '2', '3'].map((seq) => streamRecord(seq, { entity: 'Outbox', outboxId: seq })),
    });

    expect(seen).toEqual(['1', '2']);
    expect(res.batchItemFailures).toEqual([{ itemIdentifier: '2' }]);
  });
});

describe('scheduledHandler', () => {
  it('runs the job and rethrows its failure so the invocation counts as an error', async () => {
    const ok = scheduledHandler(async ({ now }) => {
      expect(now).toBeInstanceOf(Date);
    });
    const failing = scheduledHandler(async () => {
      throw new Error('sweep failed');
    });

    await expect(ok({})).resolves.toBeUndefined();
    await expect(failing({})).rejects.toThrow('sweep failed');
  });
});
