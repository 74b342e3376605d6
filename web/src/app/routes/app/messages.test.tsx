import { screen, waitFor } from '@testing-library/react';
import { apiRequest } from '@web/lib/api-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi } from '../../../testing/api-mock';
import { renderRoutes } from '../../../testing/render';
import MessagesRoute from './messages';

vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));
const who = vi.hoisted(() => ({ role: 'CLIENTE' as 'CLIENTE' | 'GESTOR' }));
vi.mock('@web/lib/auth', async (original) => ({
  ...(await original<typeof import('@web/lib/auth')>()),
  useOptionalAuthUser: () => ({ userId: 'u-1', email: 'x@example.com', groups: [who.role], role: who.role }),
}));
vi.mock('@web/lib/company', async (original) => ({
  ...(await original<typeof import('@web/lib/company')>()),
  useCompanyId: () => 'c-1',
  useCompanyMembership: () => ({ data: { myRole: who.role, myPermissions: [], canManage: false } }),
}));

afterEach(() => vi.resetAllMocks());

describe('/app/messages', { timeout: 30_000 }, () => {
  it('shows a client its conversation with the gestoría', async () => {
    who.role = 'CLIENTE';
    answerApi(apiRequest, { 'messages.conversations': [] });
    renderRoutes([{ path: '/app/messages', element: <MessagesRoute /> }], { path: '/app/messages' });
    expect(await screen.findByText('Tu conversación con la gestoría')).toBeTruthy();
    expect(await screen.findByText('No hay mensajes todavía')).toBeTruthy();
  });

  it("takes staff to /app/messaging with the link's conversation", async () => {
    who.role = 'GESTOR';
    const { router } = renderRoutes(
      [
        { path: '/app/messages', element: <MessagesRoute /> },
        { path: '/app/messaging', element: <p>Bandeja de la gestoría</p> },
      ],
      { path: '/app/messages?conversationId=conv-1' },
    );
    expect(await screen.findByText('Bandeja de la gestoría')).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe('?conversationId=conv-1'));
  });
});
