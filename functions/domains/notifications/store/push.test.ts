import {
  ApiGatewayManagementApiClient,
  GoneException,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import { DeleteCommand, DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pushToUser } from './push';

const ddbMock = mockClient(DynamoDBDocumentClient);
const wsMock = mockClient(ApiGatewayManagementApiClient);

const NOW = new Date('2026-03-01T10:00:00.000Z');
const inOneHour = NOW.getTime() / 1000 + 3600;
const conn = (connectionId: string, companyId?: string, ttl = inOneHour) => ({
  pk: `WSCONN#${connectionId}`,
  sk: 'CONN',
  gsi1pk: 'USER#user-1',
  gsi1sk: `WSCONN#${connectionId}`,
  entity: 'WsConnection',
  connectionId,
  userId: 'user-1',
  ...(companyId ? { companyId } : {}),
  connectedAt: NOW.toISOString(),
  ttl,
});
const postedTo = () =>
  wsMock
    .commandCalls(PostToConnectionCommand)
    .map((c) => c.args[0].input.ConnectionId)
    .sort();

beforeEach(() => {
  ddbMock.reset();
  wsMock.reset();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  vi.stubEnv('TABLE_NAME', 'cuadra-test');
  vi.stubEnv('WS_MANAGEMENT_ENDPOINT', 'https://ws.example.test/prod');
  vi.stubEnv('LOG_LEVEL', 'silent');
  ddbMock.on(DeleteCommand).resolves({});
  wsMock.on(PostToConnectionCommand).resolves({});
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
});

describe('pushToUser', () => {
  it("queries the user's connections page by page and posts the payload to each", async () => {
    ddbMock
      .on(QueryCommand)
      .resolvesOnce({ Items: [conn('c1', 'co-1')], LastEvaluatedKey: { pk: 'WSCONN#c1' } })
      .resolvesOnce({ Items: [conn('c2')] });

    const result = await pushToUser('user-1', { type: 'invoice.sent', invoiceId: 'inv-1' });

    expect(result).toEqual({ sent: 2, pruned: 0, failed: 0 });
    const queries = ddbMock.commandCalls(QueryCommand).map((c) => c.args[0].input);
    expect(queries[0]).toMatchObject({
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk AND begins_with(gsi1sk, :prefix)',
      ExpressionAttributeValues: { ':pk': 'USER#user-1', ':prefix': 'WSCONN#' },
    });
    expect(queries[1]!.ExclusiveStartKey).toEqual({ pk: 'WSCONN#c1' });
    expect(postedTo()).toEqual(['c1', 'c2']);
    const data = wsMock.commandCalls(PostToConnectionCommand)[0]!.args[0].input.Data;
    expect(JSON.parse(String(data))).toEqual({ type: 'invoice.sent', invoiceId: 'inv-1' });
  });

  it('deletes the connections that answer GoneException and keeps the others', async () => {
    ddbMock.on(QueryCommand).resolves({ Items: [conn('alive'), conn('gone'), conn('broken')] });
    wsMock
      .on(PostToConnectionCommand, { ConnectionId: 'gone' })
      .rejects(new GoneException({ message: 'Gone', $metadata: { httpStatusCode: 410 } }))
      .on(PostToConnectionCommand, { ConnectionId: 'broken' })
      .rejects(new Error('Internal failure'));

    const result = await pushToUser('user-1', { type: 'ping' });

    expect(result).toEqual({ sent: 1, pruned: 1, failed: 1 });
    const deleted = ddbMock.commandCalls(DeleteCommand).map((c) => c.args[0].input.Key);
    expect(deleted).toEqual([{ pk: 'WSCONN#gone', sk: 'CONN' }]);
  });

  it('with a company, reaches the connections opened for it or for none; expired ones are skipped', async () => {
    ddbMock.on(QueryCommand).resolves({
      Items: [conn('a', 'co-1'), conn('b', 'co-2'), conn('c'), conn('d', 'co-1', NOW.getTime() / 1000 - 1)],
    });

    const result = await pushToUser('user-1', { type: 'x' }, 'co-1');

    expect(postedTo()).toEqual(['a', 'c']);
    expect(result).toEqual({ sent: 2, pruned: 0, failed: 0 });
  });
});
