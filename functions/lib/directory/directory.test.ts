import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { testDocumentClient } from '@functions/platform/testing/env';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { queryPrefix } from './directory';

const db = mockClient(DynamoDBDocumentClient);
const deps = { db: testDocumentClient(), table: 't' };

beforeEach(() => db.reset());

describe('queryPrefix', () => {
  it('queries the partition by sort-key prefix and reads every page', async () => {
    db.on(QueryCommand)
      .resolvesOnce({ Items: [{ sk: 'A#1' }], LastEvaluatedKey: { pk: 'P', sk: 'A#1' } })
      .resolvesOnce({ Items: [{ sk: 'A#2' }] });
    const items = await queryPrefix(deps, { pk: 'P', skPrefix: 'A#' }, { ConsistentRead: true });
    expect(items).toEqual([{ sk: 'A#1' }, { sk: 'A#2' }]);
    const calls = db.commandCalls(QueryCommand).map((c) => c.args[0].input);
    expect(calls[0]).toEqual({
      TableName: 't',
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': 'P', ':prefix': 'A#' },
      ConsistentRead: true,
      ExclusiveStartKey: undefined,
    });
    expect(calls[1]!.ExclusiveStartKey).toEqual({ pk: 'P', sk: 'A#1' });
  });
});
