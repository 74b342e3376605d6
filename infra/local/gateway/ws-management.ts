/**
 * The @connections management API (what `@aws-sdk/client-apigatewaymanagementapi` calls):
 * POST sends to a connection, GET describes it, DELETE closes it. Unknown or closed ids answer
 * 410 GoneException like AWS, so the app's stale-connection pruning runs locally too.
 */

import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { BodyTooLargeError, readBody, sendJson } from './http';
import { type LiveConnection, MAX_WS_MESSAGE_BYTES } from './ws';

const CONNECTION_PATH = /^\/(?:@|%40)connections\/([^/]+)$/i;

export async function handleManagement(
  req: IncomingMessage,
  res: ServerResponse,
  connections: ReadonlyMap<string, LiveConnection>,
  /** The request path below the management endpoint, e.g. `/@connections/abc%3D`. */
  subPath: string,
): Promise<void> {
  const requestId = randomUUID();
  const error = (status: number, type: string, message: string) =>
    sendJson(res, status, { message }, { 'x-amzn-errortype': type, 'x-amzn-RequestId': requestId });

  const match = CONNECTION_PATH.exec(subPath);
  if (!match) return error(404, 'NotFoundException', 'No existe ese recurso de la API de gestión.');
  let id: string;
  try {
    id = decodeURIComponent(match[1]!);
  } catch {
    return error(400, 'BadRequestException', 'Identificador de conexión mal codificado.');
  }
  const found = connections.get(id);
  const conn = found && found.socket.readyState === found.socket.OPEN ? found : undefined;
  const gone = () => error(410, 'GoneException', `La conexión ${id} ya no existe.`);

  switch (req.method) {
    case 'POST': {
      let data: Buffer;
      try {
        data = await readBody(req, MAX_WS_MESSAGE_BYTES);
      } catch (e) {
        if (e instanceof BodyTooLargeError)
          return error(413, 'PayloadTooLargeException', 'Mensaje demasiado grande.');
        throw e;
      }
      if (!conn) return gone();
      // API Gateway delivers PostToConnection data to the client as a text frame.
      const sent = await new Promise<boolean>((resolve) =>
        conn.socket.send(data, { binary: false }, (err) => resolve(!err)),
      );
      if (!sent) return gone();
      res.writeHead(200, { 'x-amzn-RequestId': requestId, 'Content-Length': '0' }).end();
      return;
    }
    case 'GET':
      if (!conn) return gone();
      // AWS's wire format uses lower-case keys and ISO timestamps.
      return sendJson(
        res,
        200,
        {
          connectedAt: new Date(conn.connectedAt).toISOString(),
          identity: { sourceIp: conn.sourceIp, userAgent: conn.userAgent ?? '' },
          lastActiveAt: new Date(conn.lastActiveAt).toISOString(),
        },
        { 'x-amzn-RequestId': requestId },
      );
    case 'DELETE':
      if (!conn) return gone();
      conn.socket.close(1000);
      res.writeHead(204, { 'x-amzn-RequestId': requestId }).end();
      return;
    default:
      return error(405, 'MethodNotAllowedException', `Método ${req.method} no admitido.`);
  }
}
