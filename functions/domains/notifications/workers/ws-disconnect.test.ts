import { DeleteCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { handler } from './ws-disconnect';

const ddbMock = mockClient(DynamoDBDocumentClient);
const event = {
  requestContext: { connectionId: 'conn-1', requestId: 'req-1', routeKey: '$disconnect' },
  isBase64Encoded: false,
} as unknown as APIGatewayProxyWebsocketEventV2;

beforeEach(() => {
  ddbMock.reset();
  vi.stubEnv('TABLE_NAME', 'cuadra-test');
  vi.stubEnv('LOG_LEVEL', 'silent');
});
afterEach(() => vi.unstubAllEnvs());

describe('ws-disconnect', () => {
  it('deletes the connection item, and a repeated call is just as fine', async () => {
    ddbMock.on(DeleteCommand).resolves({});

    expect(await handler(event)).toEqual({ statusCode: 200 });
    expect(await handler(event)).toEqual({ statusCode: 200 });

    const deletes = ddbMock.commandCalls(DeleteCommand).map((c) => c.args[0].input);
    expect(deletes).toEqual([
      { TableName: 'cuadra-test', Key: { pk: 'WSCONN#conn-1', sk: 'CONN' } },
      { TableName: 'cuadra-test', Key: { pk: 'WSCONN#conn-1', sk: 'CONN' } },
    ]);
  });

  it('answers 200 even when the delete fails (the socket is closed anyway)', async () => {
    ddbMock.on(DeleteCommand).rejects(new Error('DynamoDB unavailable'));

    expect(await handler(event)).toEqual({ statusCode: 200 });
  });
});
