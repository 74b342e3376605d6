/** WebSocket connections: what is stored per connection and the tiny $default protocol. Pure. */

/**
 * API Gateway closes a WebSocket connection after 2 hours at most; the TTL removes the items whose
 * $disconnect never ran (DynamoDB deletes expired items lazily, so readers also skip expired ones).
 */
export const CONNECTION_TTL_SECONDS = 3 * 3600;

export interface WsConnection {
  connectionId: string;
  userId: string;
  /** The company the client had selected when it connected, if any. */
  companyId?: string;
  connectedAt: string;
  /** Epoch seconds (DynamoDB TTL). */
  ttl: number;
}

export function newConnection(
  connectionId: string,
  userId: string,
  companyId: string | undefined,
  now: Date,
): WsConnection {
  return {
    connectionId,
    userId,
    ...(companyId ? { companyId } : {}),
    connectedAt: now.toISOString(),
    ttl: Math.floor(now.getTime() / 1000) + CONNECTION_TTL_SECONDS,
  };
}

export const isExpired = (c: Pick<WsConnection, 'ttl'>, now: Date): boolean => c.ttl * 1000 <= now.getTime();

/** Keep-alive from the client: the text `ping` or `{ "action": "ping" }`. */
export function isPing(body: string | undefined): boolean {
  const text = body?.trim();
  if (!text) return false;
  if (text === 'ping') return true;
  try {
    const message: unknown = JSON.parse(text);
    return (
      typeof message === 'object' && message !== null && (message as { action?: unknown }).action === 'ping'
    );
  } catch {
    return false;
  }
}

export const PONG = 'pong';
