import type { Notification } from '@shared/schemas/notifications';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeWebSocket } from '../../../testing/fake-websocket';
import { HEARTBEAT_MS, NotificationSocket, type NotificationSocketEvents } from './notifications-socket';

const notification: Notification = {
  notificationId: 'n-1',
  type: 'ocr_completed',
  title: 'Documento procesado',
  message: 'La factura se ha leído correctamente.',
  isRead: false,
  readAt: null,
  createdAt: '2025-03-01T10:00:00Z',
  companyId: 'c-1',
  severity: 'success',
};

let events: { [K in keyof NotificationSocketEvents]-?: ReturnType<typeof vi.fn> };
let tokens: number;

function start() {
  tokens = 0;
  const socket = new NotificationSocket({
    url: 'ws://localhost:3000/ws',
    companyId: 'c-1',
    getToken: async () => `token-${++tokens}`,
    events: events as unknown as NotificationSocketEvents,
    WebSocketImpl: FakeWebSocket as unknown as typeof WebSocket,
  });
  socket.start();
  return socket;
}

/** Lets the token promise resolve, so the next WebSocket is created. */
const flush = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
  FakeWebSocket.reset();
  events = {
    message: vi.fn(),
    open: vi.fn(),
    retrying: vi.fn(),
    lost: vi.fn(),
    createFailed: vi.fn(),
    other: vi.fn(),
  };
});

afterEach(() => {
  vi.useRealTimers();
});

describe('NotificationSocket', () => {
  it('connects with the token and the company as query values', async () => {
    start();
    await flush();
    const url = new URL(FakeWebSocket.last.url);
    expect(url.origin + url.pathname).toBe('ws://localhost:3000/ws');
    expect(url.searchParams.get('token')).toBe('token-1');
    expect(url.searchParams.get('companyId')).toBe('c-1');
  });

  it('hands on notifications and unread counts, and ignores ping, pong and noise', async () => {
    start();
    await flush();
    FakeWebSocket.last.open();

    FakeWebSocket.last.receive('ping');
    FakeWebSocket.last.receive('pong');
    FakeWebSocket.last.receive('not json');
    FakeWebSocket.last.receive(JSON.stringify({ type: 'other' }));
    FakeWebSocket.last.receive(JSON.stringify({ type: 'notification', notification }));
    FakeWebSocket.last.receive(JSON.stringify({ type: 'unread', companyId: 'c-1', count: 3 }));

    expect(events.message.mock.calls).toEqual([
      [{ type: 'notification', notification }],
      [{ type: 'unread', companyId: 'c-1', count: 3 }],
    ]);
  });

  it('hands other typed messages (upload progress) to `other`, never to `message`', async () => {
    const socket = start();
    await flush();
    FakeWebSocket.last.open();
    const progress = { type: 'document_progress', companyId: 'c-1', uploadId: 'u-12345678', progress: 50 };

    FakeWebSocket.last.receive('ping');
    FakeWebSocket.last.receive('[1,2]');
    FakeWebSocket.last.receive(JSON.stringify({ kind: 'no type' }));
    FakeWebSocket.last.receive(JSON.stringify(progress));
    FakeWebSocket.last.receive(JSON.stringify({ type: 'unread', companyId: 'c-1', count: 1 }));

    expect(events.other.mock.calls).toEqual([[progress]]);
    expect(events.message.mock.calls).toEqual([[{ type: 'unread', companyId: 'c-1', count: 1 }]]);
    socket.stop();
  });

  it('reconnects after 3 s, 6 s, 12 s, 24 s and 30 s with a fresh token, then gives up', async () => {
    start();
    await flush();
    FakeWebSocket.last.open();
    FakeWebSocket.last.drop(1006);

    const delays = [3_000, 6_000, 12_000, 24_000, 30_000];
    for (const [index, delay] of delays.entries()) {
      const before = FakeWebSocket.instances.length;
      await vi.advanceTimersByTimeAsync(delay - 1);
      expect(FakeWebSocket.instances.length, `attempt ${index + 1} too early`).toBe(before);
      await vi.advanceTimersByTimeAsync(1);
      expect(FakeWebSocket.instances.length, `attempt ${index + 1}`).toBe(before + 1);
      expect(new URL(FakeWebSocket.last.url).searchParams.get('token')).toBe(`token-${index + 2}`);
      FakeWebSocket.last.drop(1006);
    }

    // Once per outage, however many attempts.
    expect(events.retrying).toHaveBeenCalledTimes(1);
    expect(events.lost).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(FakeWebSocket.instances).toHaveLength(6);
  });

  it('waits 5 s after a normal close', async () => {
    start();
    await flush();
    FakeWebSocket.last.open();
    FakeWebSocket.last.drop(1000);

    await vi.advanceTimersByTimeAsync(4_999);
    expect(FakeWebSocket.instances).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeWebSocket.instances).toHaveLength(2);
  });

  it('starts counting again after a successful reconnection, and says it is back', async () => {
    start();
    await flush();
    FakeWebSocket.last.open();
    FakeWebSocket.last.drop(1006);
    await vi.advanceTimersByTimeAsync(3_000);
    FakeWebSocket.last.open();
    expect(events.open).toHaveBeenLastCalledWith(true);

    FakeWebSocket.last.drop(1006);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(FakeWebSocket.instances).toHaveLength(3);
    expect(events.retrying).toHaveBeenCalledTimes(2);
  });

  it('sends a ping to keep the connection alive, and closes for good on stop', async () => {
    const socket = start();
    await flush();
    FakeWebSocket.last.open();
    await vi.advanceTimersByTimeAsync(HEARTBEAT_MS);
    expect(FakeWebSocket.last.sent).toEqual(['ping']);

    socket.stop();
    expect(FakeWebSocket.last.closedWith).toBe(1000);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
  });
});
