import type { Notification } from '@shared/schemas/notifications';
import { act, screen } from '@testing-library/react';
import { apiRequest } from '@web/lib/api-client';
import { publishPushMessage } from '@web/lib/push-messages';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi, callsTo } from '../../../testing/api-mock';
import { renderRoutes } from '../../../testing/render';
import { useUnreadMessages } from './unread';

vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));
vi.mock('@web/lib/company', async (original) => ({
  ...(await original<typeof import('@web/lib/company')>()),
  useCompanyId: () => 'c-1',
}));

afterEach(() => vi.resetAllMocks());

function Badge() {
  return <span>{`sin leer: ${useUnreadMessages()}`}</span>;
}

const received: Notification = {
  notificationId: 'n-1',
  type: 'message_received',
  title: 'Nuevo mensaje',
  message: 'Tienes un mensaje nuevo',
  isRead: false,
  readAt: null,
  createdAt: new Date().toISOString(),
  companyId: 'c-1',
  severity: 'info',
};

describe('useUnreadMessages', { timeout: 30_000 }, () => {
  it("reads the company's unread count and reads it again when a message arrives", async () => {
    let unread = 2;
    answerApi(apiRequest, { 'messages.unreadCount': () => ({ unread, conversations: 1 }) });
    renderRoutes([{ path: '/', element: <Badge /> }]);
    expect(await screen.findByText('sin leer: 2')).toBeTruthy();
    expect(callsTo(apiRequest, 'messages.unreadCount')[0]).toMatchObject({ companyId: 'c-1' });
    unread = 3;
    act(() => publishPushMessage({ type: 'notification', notification: received }));
    expect(await screen.findByText('sin leer: 3')).toBeTruthy();
  });

  it('is 0 when the count cannot be read', async () => {
    answerApi(apiRequest, {});
    renderRoutes([{ path: '/', element: <Badge /> }]);
    expect(await screen.findByText('sin leer: 0')).toBeTruthy();
  });
});
