import {
  ApiGatewayManagementApiClient,
  GoneException,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import type { APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { handler } from './ws-default';

const wsMock = mockClient(ApiGatewayManagementApiClient);
const message = (body: string | undefined) =>
  ({
    requestContext: { connectionId: 'conn-1', requestId: 'req-1', routeKey: '$default' },
    isBase64Encoded: false,
    body,
  }) as unknown as APIGatewayProxyWebsocketEventV2;

beforeEach(() => {
  wsMock.reset();
  wsMock.on(PostToConnectionCommand).resolves({});
  vi.stubEnv('WS_MANAGEMENT_ENDPOINT', 'https://ws.example.test/prod');
  vi.stubEnv('LOG_LEVEL', 'silent');
});
afterEach(() => vi.unstubAllEnvs());

describe('ws-default', () => {
  it.each(['ping', ' ping\n', '{"action":"ping"}'])(
    'answers %j with pong on the same connection',
    async (body) => {
      expect(await handler(message(body))).toEqual({ statusCode: 200 });

      const posts = wsMock.commandCalls(PostToConnectionCommand).map((c) => c.args[0].input);
      expect(posts).toEqual([{ ConnectionId: 'conn-1', Data: 'pong' }]);
    },
  );

  it.each([undefined, '', 'hello', '{"action":"subscribe"}', '{"action":', 'null'])(
    'ignores %j',
    async (body) => {
      expect(await handler(message(body))).toEqual({ statusCode: 200 });
      expect(wsMock.commandCalls(PostToConnectionCommand)).toHaveLength(0);
    },
  );

  it('still answers 200 when the connection is already gone', async () => {
    wsMock.on(PostToConnectionCommand).rejects(new GoneException({ message: 'Gone', $metadata: {} }));

    expect(await handler(message('ping'))).toEqual({ statusCode: 200 });
  });
});
