import type { PendingInvitation } from '@shared/schemas/identity';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { apiRequest } from '@web/lib/api-client';
import { toast } from '@web/lib/toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi, callsTo } from '../../../testing/api-mock';
import { renderRoutes } from '../../../testing/render';
import { PendingInvitations } from './pending-invitations';

vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));
vi.mock('@web/lib/toast', () => ({
  toast: { info: vi.fn(), warning: vi.fn(), error: vi.fn(), success: vi.fn(), fromError: vi.fn() },
}));

const espiga: PendingInvitation = {
  invitationId: 'inv-1',
  companyId: 'c-1',
  companyName: 'Panadería La Espiga SL',
  companyRole: 'CLIENTE',
  permissions: ['VIEW_INVOICES'],
  invitedAt: '2026-03-01T10:00:00Z',
  expiresAt: '2026-03-08T10:00:00Z',
};
const levante: PendingInvitation = {
  ...espiga,
  invitationId: 'inv-2',
  companyId: 'c-2',
  companyName: 'Transportes Levante Norte SA',
  companyRole: 'GESTOR',
  permissions: [],
};

afterEach(() => vi.clearAllMocks());

function arrange(pending: PendingInvitation[]) {
  let left = [...pending];
  const answered =
    (status: 'ACCEPTED' | 'DECLINED') =>
    ({ params }: { params?: Record<string, string> }) => {
      const invitation = left.find((i) => i.invitationId === params?.invitationId)!;
      left = left.filter((i) => i !== invitation);
      return { invitationId: invitation.invitationId, companyId: invitation.companyId, status };
    };
  answerApi(apiRequest, {
    'users.invitations': () => left,
    'users.acceptInvitation': answered('ACCEPTED'),
    'users.declineInvitation': answered('DECLINED'),
    'users.getProfile': {},
    'companies.list': { content: [] },
  });
}

describe('pending invitations', () => {
  it('shows nothing when no invitation waits for an answer', async () => {
    arrange([]);
    renderRoutes([{ path: '/', element: <PendingInvitations /> }]);

    await waitFor(() => expect(callsTo(apiRequest, 'users.invitations')).toHaveLength(1));
    expect(screen.queryByText('Invitaciones pendientes')).toBeNull();
  });

  it('accepts one invitation and declines another, each by its id', async () => {
    arrange([espiga, levante]);
    renderRoutes([{ path: '/', element: <PendingInvitations /> }]);

    const first = await screen.findByRole('listitem', { name: 'Invitación de Panadería La Espiga SL' });
    expect(within(first).getByText('Ver facturas')).toBeTruthy();
    expect(within(first).getByText('Caduca el 08/03/2026')).toBeTruthy();
    fireEvent.click(within(first).getByRole('button', { name: 'Aceptar' }));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Te has unido a Panadería La Espiga SL'));
    expect(callsTo(apiRequest, 'users.acceptInvitation')[0]?.params).toEqual({ invitationId: 'inv-1' });
    await waitFor(() =>
      expect(screen.queryByRole('listitem', { name: 'Invitación de Panadería La Espiga SL' })).toBeNull(),
    );

    const second = screen.getByRole('listitem', { name: 'Invitación de Transportes Levante Norte SA' });
    fireEvent.click(within(second).getByRole('button', { name: 'Rechazar' }));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Invitación rechazada'));
    expect(callsTo(apiRequest, 'users.declineInvitation')[0]?.params).toEqual({ invitationId: 'inv-2' });
    expect(callsTo(apiRequest, 'users.acceptInvitation')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByText('Invitaciones pendientes')).toBeNull());
  });
});
