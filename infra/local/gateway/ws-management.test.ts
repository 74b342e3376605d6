import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { rawRequest } from './test-support';
import type { LiveConnection } from './ws';
import { handleManagement } from './ws-management';

/** Connection ids are base64 and may contain `/`, `+` and `=`; the SDK percent-encodes them. */
const ID = 'ab/c+d=';

const sent: string[] = [];
const fakeSocket = {
  OPEN: 1,
  readyState: 1,
  send: (data: Buffer, _opts: unknown, cb: (err?: Error) => void) => {
    sent.push(data.toString());
    cb();
  },
  close: () => {
    fakeSocket.readyState = 3;
  },
};
const connections = new Map<string, LiveConnection>([
  [
    ID,
    {
      connectionId: ID,
      connectedAt: Date.parse('2026-11-20T10:00:00Z'),
      lastActiveAt: Date.parse('2026-11-20T10:05:00Z'),
      sourceIp: '127.0.0.1',
      userAgent: 'Mozilla/5.0',
      domainName: 'localhost',
      socket: fakeSocket as unknown as WebSocket,
    },
  ],
]);

let server: Server;
let port: number;

beforeAll(async () => {
  server = createServer((req, res) => {
    void handleManagement(req, res, connections, (req.url ?? '').replace(/^\/_ws/, ''));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

const path = `/_ws/@connections/${encodeURIComponent(ID)}`;

describe('handleManagement', () => {
  it('finds a percent-encoded id and posts to it', async () => {
    const res = await rawRequest(port, { method: 'POST', path, body: 'hola' });

    expect(res.status).toBe(200);
    expect(sent).toEqual(['hola']);
  });

  it('accepts @ percent-encoded too', async () => {
    const res = await rawRequest(port, { method: 'GET', path: path.replace('@', '%40') });

    expect(res.status).toBe(200);
  });

  it('answers GetConnection in the lower-case wire format', async () => {
    const res = await rawRequest(port, { method: 'GET', path });

    expect(JSON.parse(res.body.toString())).toEqual({
      connectedAt: '2026-11-20T10:00:00.000Z',
      identity: { sourceIp: '127.0.0.1', userAgent: 'Mozilla/5.0' },
      lastActiveAt: '2026-11-20T10:05:00.000Z',
    });
  });

  it('refuses a message over 128 KB with PayloadTooLargeException', async () => {
    const res = await rawRequest(port, { method: 'POST', path, body: Buffer.alloc(128 * 1024 + 1, 0x61) });

    expect(res.status).toBe(413);
    expect(res.headers['x-amzn-errortype']).toBe('PayloadTooLargeException');
  });

  it('answers 404 for paths that are not a connection', async () => {
    const res = await rawRequest(port, { method: 'GET', path: '/_ws/other' });

    expect(res.status).toBe(404);
  });

  it('closes with DELETE (204), after which the id is gone (410)', async () => {
    const deleted = await rawRequest(port, { method: 'DELETE', path });
    const after = await rawRequest(port, { method: 'POST', path, body: 'x' });

    expect(deleted.status).toBe(204);
    expect(after.status).toBe(410);
    expect(after.headers['x-amzn-errortype']).toBe('GoneException');
  });
});
