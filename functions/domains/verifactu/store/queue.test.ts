import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { companyOfMessage, dedupId, sendTrigger } from './queue';

const sqsMock = mockClient(SQSClient);
const sqs = new SQSClient({ region: 'eu-west-1', credentials: { accessKeyId: 't', secretAccessKey: 't' } });

beforeEach(() => {
  sqsMock.reset();
  sqsMock.on(SendMessageCommand).resolves({});
});

describe('verifactu queue', () => {
  it('sends { companyId } with the company as message group', async () => {
    await sendTrigger({ sqs, queueUrl: 'https://q/verifactu.fifo' }, 'co-1', 'co-1-7');
    expect(sqsMock.commandCalls(SendMessageCommand)[0]!.args[0].input).toEqual({
      QueueUrl: 'https://q/verifactu.fifo',
      MessageBody: '{"companyId":"co-1"}',
      MessageGroupId: 'co-1',
      MessageDeduplicationId: 'co-1-7',
    });
  });

  it('hashes deduplication ids SQS would refuse', () => {
    expect(dedupId('a b')).toMatch(/^[0-9a-f]{64}$/);
    expect(dedupId('x'.repeat(129))).toMatch(/^[0-9a-f]{64}$/);
    expect(dedupId('ok-1')).toBe('ok-1');
  });

  it('reads the company of our triggers and of invoice events, nothing else', () => {
    expect(companyOfMessage({ companyId: 'co-1' })).toBe('co-1');
    expect(companyOfMessage({ eventId: 'e', companyId: 'demo-x', kind: 'INVOICE_CONFIRMED' })).toBe('demo-x');
    expect(companyOfMessage({ companyId: '../x' })).toBeNull();
    expect(companyOfMessage(null)).toBeNull();
    expect(companyOfMessage({})).toBeNull();
  });
});
