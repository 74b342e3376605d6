/**
 * The notifications WebSocket client (spec part 1 §7, part 3 §4): connects to the runtime
 * config's `wsUrl` with `?token=<access token>&companyId=<selected>`, ignores the 'ping'/'pong'
 * keep-alive text, hands `{ type: 'notification' }` and `{ type: 'unread' }` messages on, and
 * reconnects with a fresh token following `reconnectDelay` until it gives up.
 * No React and no antd here: the hook turns the callbacks into cache updates and toasts.
 */
import type { NotificationPushMessage } from '@shared/schemas/notifications';
import type { PushMessage } from '@web/lib/push-messages';
import { NORMAL_CLOSE, reconnectDelay } from './backoff';

/** Spec part 1 §9: heartbeat 60 s in production (API Gateway drops a socket idle for 10 minutes). */
export const HEARTBEAT_MS = 60_000;
/** Close code the browser reports for a connection that failed or dropped without a close frame. */
const ABNORMAL_CLOSE = 1006;

export interface NotificationSocketEvents {
  /** A notification or unread-count message from the server. */
  message: (message: NotificationPushMessage) => void;
  /** Connected (again); `afterOutage` is true when it follows a lost connection. */
  open: (afterOutage: boolean) => void;
  /** The connection was lost and a reconnection is scheduled: called once per outage. */
  retrying: () => void;
  /** Every attempt failed: the client gave up. */
  lost: () => void;
  /** The WebSocket could not even be created (bad URL, blocked by the browser). */
  createFailed?: (error: unknown) => void;
  /** Any other JSON message with a string `type` (e.g. `document_progress` of an upload). */
  other?: (message: PushMessage) => void;
}

export interface NotificationSocketOptions {
  /** `wsUrl` of /config.json. */
  url: string;
  companyId: string;
  /** A valid access token, fetched again for every connection (refreshed when close to expiry). */
  getToken: () => Promise<string>;
  /** Whether a token failure means the session is over (stop) rather than a passing problem. */
  isFatalTokenError?: (error: unknown) => boolean;
  events: NotificationSocketEvents;
  WebSocketImpl?: typeof WebSocket;
  heartbeatMs?: number;
}

export class NotificationSocket {
  private socket: WebSocket | null = null;
  private attempts = 0;
  private inOutage = false;
  private stopped = true;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private heartbeatTimer: ReturnType<typeof setInterval> | undefined;

  constructor(private readonly options: NotificationSocketOptions) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.attempts = 0;
    this.inOutage = false;
    void this.connect();
  }

  /** Closes for good (sign-out, company change, unmount); no reconnection follows. */
  stop(): void {
    this.stopped = true;
    clearTimeout(this.reconnectTimer);
    this.stopHeartbeat();
    const socket = this.socket;
    this.socket = null;
    if (socket && socket.readyState <= 1) socket.close(NORMAL_CLOSE, 'Cierre del cliente');
  }

  private async connect(): Promise<void> {
    let token: string;
    try {
      token = await this.options.getToken();
    } catch (error) {
      if (this.stopped) return;
      if (this.options.isFatalTokenError?.(error)) {
        this.stop();
        return;
      }
      this.scheduleReconnect(ABNORMAL_CLOSE);
      return;
    }
    if (this.stopped) return;

    let socket: WebSocket;
    try {
      socket = new (this.options.WebSocketImpl ?? WebSocket)(this.urlWith(token));
    } catch (error) {
      this.options.events.createFailed?.(error);
      this.scheduleReconnect(ABNORMAL_CLOSE);
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      const afterOutage = this.inOutage;
      this.attempts = 0;
      this.inOutage = false;
      this.startHeartbeat(socket);
      this.options.events.open(afterOutage);
    };
    socket.onmessage = (event: MessageEvent) => {
      if (this.socket !== socket) return;
      const message = parseMessage(event.data);
      if (message) this.options.events.message(message);
      else if (this.options.events.other) {
        const other = parseOtherMessage(event.data);
        if (other) this.options.events.other(other);
      }
    };
    socket.onclose = (event: CloseEvent) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.stopHeartbeat();
      if (!this.stopped) this.scheduleReconnect(event.code);
    };
    // An error is always followed by a close event, which schedules the reconnection.
    socket.onerror = () => undefined;
  }

  private scheduleReconnect(closeCode: number): void {
    this.attempts += 1;
    const delay = reconnectDelay(this.attempts, closeCode);
    if (delay === null) {
      this.stopped = true;
      this.options.events.lost();
      return;
    }
    if (!this.inOutage) {
      this.inOutage = true;
      this.options.events.retrying();
    }
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = setTimeout(() => void this.connect(), delay);
  }

  private urlWith(token: string): string {
    const url = new URL(this.options.url, window.location.href);
    url.searchParams.set('token', token);
    url.searchParams.set('companyId', this.options.companyId);
    return url.toString();
  }

  private startHeartbeat(socket: WebSocket): void {
    this.stopHeartbeat();
    this.heartbeatTimer = setInterval(() => {
      if (socket.readyState === 1) socket.send('ping');
    }, this.options.heartbeatMs ?? HEARTBEAT_MS);
  }

  private stopHeartbeat(): void {
    clearInterval(this.heartbeatTimer);
    this.heartbeatTimer = undefined;
  }
}

/** The server's JSON messages; 'ping', 'pong' and anything unknown are ignored (null). */
export function parseMessage(data: unknown): NotificationPushMessage | null {
  if (typeof data !== 'string') return null;
  const text = data.trim();
  if (!text || text === 'ping' || text === 'pong') return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object') return null;
  const message = value as Record<string, unknown>;
  if (message.type === 'notification') {
    const notification = message.notification as Record<string, unknown> | undefined;
    if (
      notification &&
      typeof notification.notificationId === 'string' &&
      typeof notification.title === 'string' &&
      typeof notification.companyId === 'string'
    ) {
      return value as NotificationPushMessage;
    }
    return null;
  }
  if (
    message.type === 'unread' &&
    typeof message.companyId === 'string' &&
    typeof message.count === 'number'
  ) {
    return value as NotificationPushMessage;
  }
  return null;
}

/** Messages of other types than 'notification' and 'unread' (JSON objects with a string `type`), or null. */
export function parseOtherMessage(data: unknown): PushMessage | null {
  if (typeof data !== 'string') return null;
  const text = data.trim();
  if (!text.startsWith('{')) return null;
  try {
    const value: unknown = JSON.parse(text);
    if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
    const type = (value as { type?: unknown }).type;
    if (typeof type !== 'string' || type === 'notification' || type === 'unread') return null;
    return value as PushMessage;
  } catch {
    return null;
  }
}
