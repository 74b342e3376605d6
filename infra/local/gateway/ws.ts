/**
 * The WebSocket half of API Gateway: an HTTP upgrade on /ws runs the $connect route (a non-2xx
 * answer refuses the upgrade with that status), each message runs $default, a close runs
 * $disconnect. Live connections are kept for the @connections management API (ws-management.ts).
 */

import { type IncomingMessage, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { websocket } from '@infra/manifest';
import { type RawData, type WebSocket, WebSocketServer } from 'ws';
import { NAME_PREFIX } from '../aws';
import type { Invoke } from '../types';
import { connectionId } from './aws-ids';
import { queryOf, sourceIpOf } from './http';
import { type ConnectionInfo, connectEvent, disconnectEvent, messageEvent } from './ws-events';

/** API Gateway's WebSocket message payload limit; bigger frames close the socket with 1009. */
export const MAX_WS_MESSAGE_BYTES = 128 * 1024;

export interface LiveConnection extends ConnectionInfo {
  socket: WebSocket;
  lastActiveAt: number;
}

export interface WsGateway {
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  readonly connections: ReadonlyMap<string, LiveConnection>;
  /** Drops every socket, waits (briefly) for the $disconnect handlers, stops accepting. */
  close(): Promise<void>;
}

type RouteKey = keyof typeof websocket.routes;

export function createWsGateway(deps: { invoke: Invoke; localPort: () => number }): WsGateway {
  const live = new Map<string, LiveConnection>();
  const pendingSockets = new Set<Duplex>();
  const inFlight = new Set<Promise<unknown>>();
  // The subprotocol $connect chose, per upgrade request; `ws` asks for it during the handshake.
  const chosenProtocol = new WeakMap<IncomingMessage, string>();
  const wss = new WebSocketServer({
    noServer: true,
    clientTracking: false,
    maxPayload: MAX_WS_MESSAGE_BYTES,
    handleProtocols: (_offered, req) => chosenProtocol.get(req) ?? false,
  });
  let closing = false;

  const call = (route: RouteKey, event: unknown): Promise<unknown> => {
    const run = deps.invoke(websocket.routes[route], event, {
      functionName: `${NAME_PREFIX}-ws-${route.slice(1)}`,
    });
    inFlight.add(run);
    run.then(
      () => inFlight.delete(run),
      () => inFlight.delete(run),
    );
    return run;
  };

  const disconnect = (conn: ConnectionInfo, code: number, reason: string) =>
    call('$disconnect', disconnectEvent(conn, code, reason, new Date())).catch((e) =>
      console.error('[gateway] $disconnect handler threw', e),
    );

  function attach(socket: WebSocket, conn: ConnectionInfo): void {
    const entry: LiveConnection = { ...conn, socket, lastActiveAt: Date.now() };
    live.set(conn.connectionId, entry);
    socket.on('message', (data, isBinary) => {
      entry.lastActiveAt = Date.now();
      const event = messageEvent(conn, toBuffer(data), isBinary, new Date());
      call('$default', event).catch((e) => {
        console.error('[gateway] $default handler threw', e);
        // What API Gateway sends the client when the route's integration fails.
        if (socket.readyState === socket.OPEN) {
          socket.send(
            JSON.stringify({
              message: 'Internal server error',
              connectionId: conn.connectionId,
              requestId: event.requestContext.requestId,
            }),
          );
        }
      });
    });
    socket.on('error', (e) => console.error(`[gateway] WebSocket ${conn.connectionId}: ${e.message}`));
    socket.on('close', (code, reason) => {
      live.delete(conn.connectionId);
      void disconnect(conn, code, reason.toString());
    });
  }

  async function upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    if (closing) return refuse(socket, 503);
    pendingSockets.add(socket);
    socket.on('error', () => socket.destroy());
    const at = new Date();
    const conn: ConnectionInfo = {
      connectionId: connectionId(),
      connectedAt: at.getTime(),
      sourceIp: sourceIpOf(req),
      userAgent: req.headers['user-agent'] ?? null,
      domainName: (req.headers.host ?? 'localhost').replace(/:\d+$/, ''),
    };
    const event = connectEvent(
      conn,
      { rawHeaders: req.rawHeaders, query: queryOf(req.url), localPort: deps.localPort() },
      at,
    );
    let outcome: ConnectOutcome;
    try {
      outcome = connectOutcome(await call('$connect', event));
    } catch (e) {
      console.error('[gateway] $connect handler threw', e);
      outcome = { status: 500 };
    }
    pendingSockets.delete(socket);
    logUpgrade(req, outcome.status < 300 ? 101 : outcome.status, at);
    if (outcome.status < 200 || outcome.status > 299) return refuse(socket, outcome.status);
    if (socket.destroyed) {
      // The client left while $connect ran: the app stored a connection that must be cleaned up.
      if (!closing) void disconnect(conn, 1006, 'Connection closed before the upgrade completed');
      return;
    }
    if (outcome.protocol) chosenProtocol.set(req, outcome.protocol);
    wss.handleUpgrade(req, socket, head, (ws) => attach(ws, conn));
  }

  return {
    connections: live,
    handleUpgrade(req, socket, head) {
      upgrade(req, socket, head).catch((e) => {
        console.error('[gateway] WebSocket upgrade failed', e);
        socket.destroy();
      });
    },
    async close() {
      closing = true;
      for (const socket of pendingSockets) socket.destroy();
      await Promise.all([...live.values()].map((c) => terminate(c.socket)));
      await settleWithin([...inFlight], 2_000);
      wss.close();
    },
  };
}

interface ConnectOutcome {
  status: number;
  protocol?: string;
}

/** A $connect result without a statusCode (e.g. `undefined`) lets the connection through. */
function connectOutcome(result: unknown): ConnectOutcome {
  if (typeof result !== 'object' || result === null) return { status: 200 };
  const { statusCode, headers } = result as { statusCode?: unknown; headers?: unknown };
  const status = typeof statusCode === 'number' ? statusCode : 200;
  if (typeof headers !== 'object' || headers === null) return { status };
  const entry = Object.entries(headers).find(([k]) => k.toLowerCase() === 'sec-websocket-protocol');
  return entry && typeof entry[1] === 'string' ? { status, protocol: entry[1] } : { status };
}

function refuse(socket: Duplex, status: number): void {
  if (socket.destroyed) return;
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`,
  );
}

function terminate(socket: WebSocket): Promise<void> {
  if (socket.readyState === socket.CLOSED) return Promise.resolve();
  return new Promise((resolve) => {
    socket.once('close', () => resolve());
    socket.terminate();
  });
}

async function settleWithin(promises: Promise<unknown>[], ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  await Promise.race([Promise.allSettled(promises), timeout]);
  clearTimeout(timer);
}

function toBuffer(data: RawData): Buffer {
  if (Array.isArray(data)) return Buffer.concat(data);
  return Buffer.isBuffer(data) ? data : Buffer.from(data);
}

function logUpgrade(req: IncomingMessage, status: number, started: Date): void {
  const ms = Date.now() - started.getTime();
  console.log(`[gateway] ${req.method} ${req.url?.split('?')[0]} ${status} ${ms}ms (WebSocket)`);
}
