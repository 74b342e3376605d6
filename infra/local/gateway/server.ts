/**
 * The local gateway: one HTTP origin that plays API Gateway REST (+ Cognito authorizer) under
 * /api/, API Gateway WebSocket on /ws with its @connections API under /_ws, the Cognito shim,
 * the web runtime config, the dev area and the built SPA.
 */

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { GatewayOptions, RunningGateway } from '../types';
import { handleCognitoShim } from './cognito-shim';
import { handleDev } from './dev';
import { createGlobalSignOuts } from './global-sign-outs';
import { logRequests, pathOf, sendJson } from './http';
import { createAuthRateLimiter } from './rate-limit';
import { handleRest } from './rest';
import { createSecurityHeaders } from './security-headers';
import { serveStatic } from './static';
import { createWsGateway } from './ws';
import { handleManagement } from './ws-management';

/** Where the @connections management API lives on this server (WS_MANAGEMENT_ENDPOINT). */
const WS_MANAGEMENT_PREFIX = '/_ws';
const WS_PATH = '/ws';

export async function startGateway(opts: GatewayOptions): Promise<RunningGateway> {
  let port = opts.port;
  const localPort = () => port;
  const ws = createWsGateway({ invoke: opts.invoke, localPort });
  const rateLimiter = createAuthRateLimiter();
  const signOuts = createGlobalSignOuts(opts.cognitoSignOutsFile);
  const securityHeaders = createSecurityHeaders(opts.webConfig);

  const route = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const path = pathOf(req.url);
    if (path === '/api' || path.startsWith('/api/')) {
      return handleRest(req, res, { verifier: opts.verifier, invoke: opts.invoke, localPort, rateLimiter });
    }
    if (path.startsWith(`${WS_MANAGEMENT_PREFIX}/`)) {
      return handleManagement(req, res, ws.connections, path.slice(WS_MANAGEMENT_PREFIX.length));
    }
    if (path === WS_PATH) {
      res.writeHead(426, { Upgrade: 'websocket', 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Esta ruta solo acepta conexiones WebSocket.');
      return;
    }
    if (path === '/config.json') return sendJson(res, 200, opts.webConfig, { 'Cache-Control': 'no-store' });
    if (path === '/_cognito' || path === '/_cognito/')
      return handleCognitoShim(req, res, opts.cognitoUrl, signOuts);
    if (path === '/_dev' || path.startsWith('/_dev/')) return handleDev(req, res, opts);
    return serveStatic(req, res, opts.staticDir);
  };

  const server = createServer((req, res) => {
    logRequests(req, res);
    securityHeaders(res, pathOf(req.url));
    route(req, res).catch((e) => {
      console.error(`[gateway] ${req.method} ${pathOf(req.url)} failed`, e);
      if (!res.headersSent) sendJson(res, 500, { message: 'Error interno de la pasarela local.' });
      else res.destroy();
    });
  });
  server.on('upgrade', (req, socket, head) => {
    if (pathOf(req.url) === WS_PATH) return ws.handleUpgrade(req, socket, head);
    socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
  });
  server.on('clientError', (_err, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  port = (server.address() as AddressInfo).port;
  const url = `http://${urlHost(opts.host)}:${port}`;

  return {
    url,
    port,
    wsManagementEndpoint: `${url}${WS_MANAGEMENT_PREFIX}`,
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await ws.close();
      await closed;
    },
  };
}

/** The host as it goes in a URL: wildcard binds are reachable as localhost, IPv6 needs brackets. */
function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '::' || host === '') return 'localhost';
  return host.includes(':') ? `[${host}]` : host;
}
