import {
  ApiGatewayManagementApiClient,
  DeleteConnectionCommand,
  GetConnectionCommand,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import { websocket } from '@infra/manifest';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { okResult, rawRequest, startTestGateway, type TestGateway } from './test-support';

let tg: TestGateway;
let management: ApiGatewayManagementApiClient;
const sockets: WebSocket[] = [];

/** The fake $connect refuses connections without `?token=good`, as the real one does for bad tokens. */
const routeHandler = (entry: unknown, event: unknown) => {
  // biome-ignore lint/suspicious/noExplicitAny: reading the fake event
  const e = event as any;
  if (entry === websocket.routes.$connect) {
    return e.queryStringParameters?.token === 'good' ? { statusCode: 200 } : { statusCode: 401 };
  }
  return okResult();
};

beforeAll(async () => {
  vi.spyOn(console, 'log').mockImplementation(() => {});
  tg = await startTestGateway();
  tg.handler = routeHandler;
  management = new ApiGatewayManagementApiClient({
    endpoint: tg.gateway.wsManagementEndpoint,
    region: 'eu-west-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
});
afterAll(async () => {
  for (const s of sockets) s.terminate();
  management.destroy();
  await tg.gateway.close();
  vi.restoreAllMocks();
});
afterEach(() => {
  tg.handler = routeHandler;
  tg.calls.length = 0;
});

const wsUrl = (query = '') => `${tg.gateway.url.replace('http', 'ws')}/ws${query}`;

/** Opens a socket and resolves once it is open, with every message it receives collected. */
async function connect(query: string): Promise<{ socket: WebSocket; messages: string[] }> {
  const socket = new WebSocket(wsUrl(query), { headers: { 'User-Agent': 'vitest-ws' } });
  sockets.push(socket);
  const messages: string[] = [];
  socket.on('message', (data) => messages.push(data.toString()));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return { socket, messages };
}

async function waitFor(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 3_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

const callsTo = (route: keyof typeof websocket.routes) =>
  tg.calls.filter((c) => c.entry === websocket.routes[route]).map((c) => c.event);

describe('WebSocket routes', () => {
  it('refuses the upgrade with the status $connect returns', async () => {
    const socket = new WebSocket(wsUrl('?token=bad'));
    sockets.push(socket);

    const status = await new Promise<number>((resolve, reject) => {
      socket.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      socket.once('open', () => reject(new Error('the upgrade should have been refused')));
      socket.once('error', reject);
    });

    expect(status).toBe(401);
    const [event] = callsTo('$connect');
    expect(event.queryStringParameters).toEqual({ token: 'bad' });
    expect(event.requestContext).toMatchObject({
      routeKey: '$connect',
      eventType: 'CONNECT',
      stage: 'local',
    });
  });

  it('builds the $connect event like API Gateway', async () => {
    await connect('?token=good');

    const [event] = callsTo('$connect');
    expect(tg.calls[0]!.functionName).toBe('cuadra-ws-connect');
    expect(event.queryStringParameters).toEqual({ token: 'good' });
    expect(event.multiValueQueryStringParameters).toEqual({ token: ['good'] });
    expect(event.headers['Sec-WebSocket-Key'] ?? event.headers['sec-websocket-key']).toBeTruthy();
    expect(event.requestContext).toMatchObject({
      routeKey: '$connect',
      eventType: 'CONNECT',
      stage: 'local',
      domainName: '127.0.0.1',
      messageDirection: 'IN',
      identity: { sourceIp: '127.0.0.1', userAgent: 'vitest-ws' },
    });
    expect(event.requestContext.connectionId).toMatch(/^[A-Za-z0-9+/]{14}[A-Za-z0-9+/=]{2}$/);
    expect(typeof event.requestContext.connectedAt).toBe('number');
    expect(typeof event.requestContext.requestId).toBe('string');
    expect(typeof event.requestContext.apiId).toBe('string');
  });

  it('lets a $connect handler that returns nothing connect', async () => {
    tg.handler = () => undefined;

    const { socket } = await connect('');

    expect(socket.readyState).toBe(WebSocket.OPEN);
  });

  it('completes the handshake with the subprotocol $connect chose', async () => {
    tg.handler = () => ({ statusCode: 200, headers: { 'Sec-WebSocket-Protocol': 'cuadra.v1' } });
    const socket = new WebSocket(wsUrl('?token=good'), ['cuadra.v1', 'other']);
    sockets.push(socket);

    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });

    expect(socket.protocol).toBe('cuadra.v1');
  });

  it('sends each message to $default with the connection id', async () => {
    const { socket } = await connect('?token=good');
    const connectionId = callsTo('$connect')[0].requestContext.connectionId;

    socket.send(JSON.stringify({ action: 'ping' }));
    await waitFor(() => callsTo('$default').length === 1, '$default');

    const [event] = callsTo('$default');
    expect(event.body).toBe('{"action":"ping"}');
    expect(event.isBase64Encoded).toBe(false);
    expect(event.requestContext).toMatchObject({ routeKey: '$default', eventType: 'MESSAGE', connectionId });
    expect(typeof event.requestContext.messageId).toBe('string');
  });

  it('tells the client when $default fails, like API Gateway', async () => {
    const { socket, messages } = await connect('?token=good');
    vi.spyOn(console, 'error').mockImplementationOnce(() => {});
    tg.handler = () => {
      throw new Error('boom');
    };

    socket.send('hola');
    await waitFor(() => messages.length === 1, 'the error message');

    expect(JSON.parse(messages[0]!)).toMatchObject({ message: 'Internal server error' });
  });

  it('runs $disconnect with the close code when the client closes', async () => {
    const { socket } = await connect('?token=good');
    const connectionId = callsTo('$connect')[0].requestContext.connectionId;

    socket.close(4001, 'bye');
    await waitFor(() => callsTo('$disconnect').length === 1, '$disconnect');

    expect(callsTo('$disconnect')[0].requestContext).toMatchObject({
      routeKey: '$disconnect',
      eventType: 'DISCONNECT',
      connectionId,
      disconnectStatusCode: 4001,
      disconnectReason: 'bye',
    });
  });

  it('answers a plain GET on /ws with 426 and other upgrade paths with 404', async () => {
    const plain = await fetch(wsUrl().replace('ws', 'http'));
    expect(plain.status).toBe(426);

    const other = new WebSocket(`${tg.gateway.url.replace('http', 'ws')}/elsewhere`);
    sockets.push(other);
    const status = await new Promise<number>((resolve) => {
      other.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      other.once('error', () => resolve(-1));
    });
    expect(status).toBe(404);
  });
});

describe('@connections management API (real SDK client)', () => {
  it('delivers PostToConnection to the socket as text', async () => {
    const { messages } = await connect('?token=good');
    const connectionId = callsTo('$connect')[0].requestContext.connectionId;

    await management.send(
      new PostToConnectionCommand({
        ConnectionId: connectionId,
        Data: Buffer.from('{"type":"aviso","n":1}'),
      }),
    );
    await waitFor(() => messages.length === 1, 'the pushed message');

    expect(messages).toEqual(['{"type":"aviso","n":1}']);
  });

  it('describes a connection with GetConnection', async () => {
    const before = Date.now();
    const { socket } = await connect('?token=good');
    const connectionId = callsTo('$connect')[0].requestContext.connectionId;
    socket.send('activity');
    await waitFor(() => callsTo('$default').length === 1, '$default');

    const info = await management.send(new GetConnectionCommand({ ConnectionId: connectionId }));

    // The SDK maps AWS's lower-case wire names (connectedAt, identity.sourceIp) to these members.
    expect(info.Identity?.SourceIp).toBe('127.0.0.1');
    expect(info.Identity?.UserAgent).toBe('vitest-ws');
    expect(info.ConnectedAt).toBeInstanceOf(Date);
    expect(info.ConnectedAt!.getTime()).toBeGreaterThanOrEqual(before - 1_000);
    expect(info.LastActiveAt!.getTime()).toBeGreaterThanOrEqual(info.ConnectedAt!.getTime());
  });

  it('closes the socket with DeleteConnection, which runs $disconnect', async () => {
    const { socket } = await connect('?token=good');
    const connectionId = callsTo('$connect')[0].requestContext.connectionId;
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));

    await management.send(new DeleteConnectionCommand({ ConnectionId: connectionId }));
    await closed;
    await waitFor(() => callsTo('$disconnect').length === 1, '$disconnect');

    expect(callsTo('$disconnect')[0].requestContext.connectionId).toBe(connectionId);
    await expect(
      management.send(new PostToConnectionCommand({ ConnectionId: connectionId, Data: Buffer.from('x') })),
    ).rejects.toMatchObject({ name: 'GoneException' });
  });

  it('answers GoneException (410) for an unknown connection id', async () => {
    const error = await management
      .send(new PostToConnectionCommand({ ConnectionId: 'bm9wZS9ub3BlKz0=', Data: Buffer.from('x') }))
      .catch((e: unknown) => e);

    expect(error).toMatchObject({ name: 'GoneException', $metadata: { httpStatusCode: 410 } });
    const raw = await rawRequest(tg.gateway.port, { method: 'GET', path: '/_ws/@connections/unknown' });
    expect(raw.status).toBe(410);
    expect(raw.headers['x-amzn-errortype']).toBe('GoneException');
  });

  it('posts to a percent-encoded connection id', async () => {
    const { messages } = await connect('?token=good');
    const connectionId: string = callsTo('$connect')[0].requestContext.connectionId;
    const encoded = encodeURIComponent(connectionId);

    const raw = await rawRequest(tg.gateway.port, {
      method: 'POST',
      path: `/_ws/%40connections/${encoded}`,
      body: 'directo',
    });

    expect(raw.status).toBe(200);
    await waitFor(() => messages.length === 1, 'the pushed message');
  });
});

describe('close()', () => {
  it('drops open sockets and runs $disconnect for each', async () => {
    const own = await startTestGateway();
    own.handler = () => ({ statusCode: 200 });
    const socket = new WebSocket(`${own.gateway.url.replace('http', 'ws')}/ws?token=good`);
    await new Promise((resolve) => socket.once('open', resolve));
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));

    await own.gateway.close();
    await closed;

    const disconnects = own.calls.filter((c) => c.entry === websocket.routes.$disconnect);
    expect(disconnects).toHaveLength(1);
    await expect(fetch(`${own.gateway.url}/config.json`)).rejects.toThrow();
  });
});
