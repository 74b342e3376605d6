import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { apiRequest } from '@web/lib/api-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerApi, callsTo } from '../../../testing/api-mock';
import { renderRoutes } from '../../../testing/render';
import type { CompanyUser } from '../types';
import { UsersTable } from './users-table';

vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));
vi.mock('@web/lib/toast', () => ({
  toast: { info: vi.fn(), warning: vi.fn(), error: vi.fn(), success: vi.fn(), fromError: vi.fn() },
}));

const company = {
  companyId: 'c-1',
  name: 'Panadería La Espiga SL',
  nif: 'B46128732',
  companyType: 'SL' as const,
  isActive: true,
  isDefault: true,
  siiEnabled: false,
  verifactuEnabled: true,
  createdAt: '2025-01-01T00:00:00Z',
};
const user = (userId: string | null, over: Partial<CompanyUser> = {}): CompanyUser => ({
  userId,
  email: `${userId ?? 'nuevo'}@cuadra.test`,
  firstName: 'Ana',
  lastName: 'Torres',
  companyRole: 'CLIENTE',
  permissions: ['VIEW_INVOICES'],
  department: null,
  position: null,
  isActive: true,
  status: 'ACTIVE',
  createdAt: '2025-02-03T10:00:00Z',
  ...over,
});
const page = (content: CompanyUser[]) => ({
  content,
  page: 0,
  size: 20,
  totalElements: content.length,
  totalPages: 1,
});

function renderTable(canManage: boolean) {
  return renderRoutes([
    { path: '/', element: <UsersTable company={company} canManage={canManage} currentUserId="u-me" /> },
  ]);
}

beforeEach(() => {
  answerApi(apiRequest, {
    'companyUsers.list': page([
      user('u-1'),
      user('u-me', { firstName: 'Lucía', companyRole: 'GESTOR', permissions: [] }),
      user(null, { firstName: 'Pedro', status: 'INVITED', isActive: false }),
    ]),
    'companyUsers.invite': { status: 'INVITED', email: 'pedro@cuadra.test' },
    'companyUsers.toggleStatus': user('u-1', { isActive: false, status: 'INACTIVE' }),
  });
});
afterEach(() => vi.clearAllMocks());

describe('UsersTable', () => {
  it('lists members and invitations of the selected company with Spanish labels', async () => {
    renderTable(true);
    expect(await screen.findByText('Invitación pendiente')).toBeTruthy();
    expect(screen.getAllByText('Ver facturas').length).toBeGreaterThan(0);
    expect(callsTo(apiRequest, 'companyUsers.list')[0]).toMatchObject({
      params: { companyId: 'c-1' },
      query: { page: 0, size: 20 },
    });
  });

  it('is read-only for who does not manage the company', async () => {
    renderTable(false);
    await screen.findByText('Invitación pendiente');
    expect(screen.queryByRole('button', { name: /Invitar usuario/ })).toBeNull();
    expect(screen.queryByRole('switch')).toBeNull();
    expect(screen.getByText(/Solo los propietarios y gestores/)).toBeTruthy();
  });

  it('deactivates a member, never the user themself', async () => {
    renderTable(true);
    await screen.findByText('Invitación pendiente');
    expect(screen.getAllByRole('switch')).toHaveLength(1);
    fireEvent.click(screen.getByRole('switch', { name: /Desactivar a Ana Torres/ }));
    await waitFor(() => expect(callsTo(apiRequest, 'companyUsers.toggleStatus')).toHaveLength(1));
    expect(callsTo(apiRequest, 'companyUsers.toggleStatus')[0]).toEqual({
      params: { companyId: 'c-1', userId: 'u-1' },
      body: { isActive: false },
    });
  });

  it('invites a client with the ticked permissions', async () => {
    renderTable(true);
    fireEvent.click(await screen.findByRole('button', { name: /Invitar usuario/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: 'pedro@cuadra.test' } });
    fireEvent.change(within(dialog).getByLabelText('Nombre'), { target: { value: 'Pedro' } });
    fireEvent.click(within(dialog).getByLabelText('Subir documentos'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar invitación' }));

    await waitFor(() => expect(callsTo(apiRequest, 'companyUsers.invite')).toHaveLength(1));
    expect(callsTo(apiRequest, 'companyUsers.invite')[0]).toEqual({
      params: { companyId: 'c-1' },
      body: {
        email: 'pedro@cuadra.test',
        firstName: 'Pedro',
        lastName: '',
        companyRole: 'CLIENTE',
        permissions: ['VIEW_INVOICES', 'VIEW_TAX_DOCUMENTS'],
      },
    });
  });
});
