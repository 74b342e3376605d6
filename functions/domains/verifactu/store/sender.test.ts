import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { testDocumentClient } from '@functions/platform/testing/env';
import { keys } from '@shared/db/keys';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { getConfig, recordSend, releaseLease, sendsToAeat, setIsolation, takeLease } from './sender';

const db = mockClient(DynamoDBDocumentClient);
const NOW = new Date('2027-01-15T10:00:00.000Z');
const deps = { db: testDocumentClient(), table: 't', now: () => NOW, newId: () => 'lease-1' };
const updates = () => db.commandCalls(UpdateCommand).map((c) => c.args[0].input);
const refused = () => new ConditionalCheckFailedException({ message: 'no', $metadata: {} });

beforeEach(() => db.reset());

describe('sender lease', () => {
  it('takes the lease only when none is held or it expired', async () => {
    db.on(UpdateCommand).resolves({
      Attributes: { ...keys.verifactuSender('co'), companyId: 'co', nextAllowedAt: 'x' },
    });
    const lease = await takeLease(deps, 'co');
    expect(lease).toEqual({ leaseId: 'lease-1', state: { companyId: 'co', nextAllowedAt: 'x' } });
    expect(updates()[0]).toMatchObject({
      Key: keys.verifactuSender('co'),
      ConditionExpression: 'attribute_not_exists(leaseUntil) OR leaseUntil < :now',
      ExpressionAttributeValues: expect.objectContaining({
        ':now': NOW.toISOString(),
        ':until': '2027-01-15T10:01:00.000Z',
        ':entity': 'VerifactuSender',
        ':v': 1,
      }),
      ReturnValues: 'ALL_NEW',
    });
  });

  it('answers null when another sender holds it', async () => {
    db.on(UpdateCommand).rejects(refused());
    expect(await takeLease(deps, 'co')).toBeNull();
  });

  it('releases only its own lease, and a lost one quietly', async () => {
    db.on(UpdateCommand).rejects(refused());
    await releaseLease(deps, 'co', 'lease-1');
    expect(updates()[0]).toMatchObject({ ConditionExpression: 'leaseId = :leaseId' });
    expect(updates()[0]!.UpdateExpression).toContain('REMOVE leaseId, leaseUntil');
  });

  it('other errors are thrown', async () => {
    db.on(UpdateCommand).rejects(new Error('boom'));
    await expect(takeLease(deps, 'co')).rejects.toThrow('boom');
  });
});

describe('flow control', () => {
  it('next allowed = send time + TiempoEsperaEnvio (60 s when the AEAT gave none)', async () => {
    db.on(UpdateCommand).resolves({});
    expect(await recordSend(deps, 'co', NOW, 30)).toBe('2027-01-15T10:00:30.000Z');
    expect(await recordSend(deps, 'co', NOW, null)).toBe('2027-01-15T10:01:00.000Z');
    expect(updates()[1]!.ExpressionAttributeValues).toMatchObject({ ':wait': 60, ':at': NOW.toISOString() });
  });

  it('stores the isolation mark', async () => {
    db.on(UpdateCommand).resolves({});
    await setIsolation(deps, 'co', 9);
    expect(updates()[0]!.ExpressionAttributeValues).toMatchObject({ ':seq': 9 });
  });
});

describe('configuration', () => {
  it('reads the config item and tells whether the company sends', async () => {
    db.on(GetCommand).resolves({ Item: { ...keys.verifactuConfig('co'), mode: 'VERIFACTU', enabled: true } });
    const config = await getConfig(deps, 'co');
    expect(config).toEqual({ mode: 'VERIFACTU', enabled: true });
    expect(sendsToAeat(config)).toBe(true);
    expect(sendsToAeat(null)).toBe(false);
    expect(sendsToAeat({ ...config!, enabled: false })).toBe(false);
    expect(sendsToAeat({ ...config!, mode: 'NO_VERIFACTU' })).toBe(false);
  });
});
