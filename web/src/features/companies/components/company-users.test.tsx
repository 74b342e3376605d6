import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { apiRequest } from '@web/lib/api-client';
import { ApiError } from '@web/lib/api-error';
import { notification } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../testing/render';
import { answerRoutes, companyDetail, companyUser, pageOf } from '../testing/fixtures';
import type { CompanyDetail, CompanyUser } from '../types';
import { CompanyUsers } from './company-users';

vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));

const gestor = companyUser();
const client = companyUser({
  userId: 'u-2',
  email: 'lucia@laespiga.test',
  firstName: 'Lucía',
  lastName: 'Ferrer',
  companyRole: 'CLIENTE',
  permissions: ['VIEW_INVOICES', 'UPLOAD_DOCUMENTS'],
  department: 'Administración',
  position: 'Contable',
});
const invited = companyUser({
  userId: null,
  email: 'pablo@laespiga.test',
  firstName: 'Pablo',
  lastName: '',
  companyRole: 'MEMBER',
  isActive: false,
  status: 'INVITED',
});

const stats = {
  total: 2,
  active: 2,
  inactive: 0,
  invited: 1,
  byRole: { OWNER: 0, GESTOR: 1, CLIENTE: 1, MEMBER: 0 },
};

function answer({
  company = companyDetail(),
  users = [gestor, client, invited],
  remove,
}: {
  company?: CompanyDetail;
  users?: CompanyUser[];
  remove?: () => unknown;
} = {}) {
  vi.mocked(apiRequest).mockImplementation(
    answerRoutes({
      'companies.get': () => company,
      'companyUsers.list': () => pageOf(users),
      'companyUsers.stats': () => stats,
      'companyUsers.departments': () => ['Administración'],
      'companyUsers.invite': ({ body }) => ({
        status: 'INVITED',
        email: (body as { email: string }).email,
        expiresAt: '2025-05-01T00:00:00Z',
      }),
      'companyUsers.remove': remove ?? (() => ({ removed: true, userId: 'u-1' })),
      'companyUsers.update': ({ body }) => ({ ...client, ...(body as object) }),
      'companyUsers.toggleStatus': ({ body }) => ({ ...client, ...(body as object) }),
    }),
  );
}

const renderUsers = (path = '/app/companies/c-1/users') =>
  renderRoutes([{ path: '/app/companies/:companyId/users', element: <CompanyUsers companyId="c-1" /> }], {
    path,
  });

const rowOf = async (text: string) => (await screen.findByText(text, { selector: 'td *' })).closest('tr')!;

afterEach(() => {
  notification.destroy();
  vi.resetAllMocks();
  localStorage.clear();
});

describe('CompanyUsers', { timeout: 20_000 }, () => {
  it('lists members and pending invitations with Spanish labels, and the counters', async () => {
    answer();
    renderUsers();

    const clientRow = await rowOf('Lucía Ferrer');
    expect(within(clientRow).getByText('Cliente')).toBeTruthy();
    expect(within(clientRow).getByText('Ver facturas')).toBeTruthy();
    expect(within(clientRow).getByText('Subir documentos')).toBeTruthy();
    expect(within(clientRow).getByText('Administración')).toBeTruthy();
    expect(within(clientRow).getByText('Activo')).toBeTruthy();
    const invitedRow = await rowOf('pablo@laespiga.test');
    expect(within(invitedRow).getByText('Invitación pendiente')).toBeTruthy();
    expect(within(invitedRow).getByText('Esperando activación')).toBeTruthy();
    expect(screen.getByText('Invitaciones pendientes')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Usuarios de Panadería La Espiga SL' })).toBeTruthy();
  });

  it('sends search, role and status filters to the server from the URL', async () => {
    answer();
    renderUsers(
      '/app/companies/c-1/users?search=ana&role=CLIENTE&status=inactive&department=Administraci%C3%B3n',
    );
    await rowOf('Lucía Ferrer');

    const query = vi.mocked(apiRequest).mock.calls.find(([route]) => route === 'companyUsers.list')?.[1];
    expect(query).toEqual({
      params: { companyId: 'c-1' },
      query: {
        page: 0,
        size: 20,
        search: 'ana',
        companyRole: 'CLIENTE',
        isActive: 'false',
        department: 'Administración',
      },
      signal: expect.any(AbortSignal),
    });
  });

  it('invites a client with the chosen permissions and says the invitation was sent', async () => {
    answer();
    renderUsers();
    fireEvent.click(await screen.findByRole('button', { name: /Invitar usuario/ }));
    const dialog = await screen.findByRole('dialog');

    fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: ' Marta@Ejemplo.es ' } });
    fireEvent.change(within(dialog).getByLabelText('Nombre'), { target: { value: 'Marta' } });
    fireEvent.change(within(dialog).getByLabelText('Apellidos'), { target: { value: 'Soler Vidal' } });
    fireEvent.change(within(dialog).getByLabelText('Puesto'), { target: { value: 'Gerente' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Ver facturas' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Ver documentos fiscales' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar invitación' }));

    expect(await screen.findByText('Invitación enviada a marta@ejemplo.es')).toBeTruthy();
    expect(apiRequest).toHaveBeenCalledWith('companyUsers.invite', {
      params: { companyId: 'c-1' },
      body: {
        email: 'marta@ejemplo.es',
        firstName: 'Marta',
        lastName: 'Soler Vidal',
        companyRole: 'CLIENTE',
        permissions: ['VIEW_INVOICES', 'VIEW_TAX_DOCUMENTS'],
        position: 'Gerente',
      },
    });
  });

  it('sends no permissions for a gestor, who has them all', async () => {
    answer();
    renderUsers();
    fireEvent.click(await screen.findByRole('button', { name: /Invitar usuario/ }));
    const dialog = await screen.findByRole('dialog');

    fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: 'jorge@gestoria.es' } });
    fireEvent.change(within(dialog).getByLabelText('Nombre'), { target: { value: 'Jorge' } });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Gestor' }));
    await waitFor(() => expect(within(dialog).queryByRole('checkbox', { name: 'Ver facturas' })).toBeNull());
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar invitación' }));

    await waitFor(() =>
      expect(apiRequest).toHaveBeenCalledWith('companyUsers.invite', {
        params: { companyId: 'c-1' },
        body: { email: 'jorge@gestoria.es', firstName: 'Jorge', companyRole: 'GESTOR' },
      }),
    );
  });

  it("edits a member's role, permissions, department and position", async () => {
    answer();
    renderUsers();
    fireEvent.click(await screen.findByRole('button', { name: 'Editar a Lucía Ferrer' }));
    const dialog = (await screen.findByText('Editar a Lucía Ferrer')).closest(
      '[role="dialog"]',
    ) as HTMLElement;

    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Ver datos contables' }));
    fireEvent.change(within(dialog).getByLabelText('Puesto'), { target: { value: 'Gerente' } });
    fireEvent.change(within(dialog).getByLabelText('Departamento'), { target: { value: ' ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));

    expect(await screen.findByText('Cambios guardados')).toBeTruthy();
    expect(apiRequest).toHaveBeenCalledWith('companyUsers.update', {
      params: { companyId: 'c-1', userId: 'u-2' },
      body: {
        companyRole: 'CLIENTE',
        permissions: ['VIEW_INVOICES', 'VIEW_ACCOUNTING_DATA', 'UPLOAD_DOCUMENTS'],
        department: null,
        position: 'Gerente',
      },
    });
  });

  it('deactivates a member', async () => {
    answer();
    renderUsers();

    fireEvent.click(await screen.findByRole('button', { name: 'Desactivar a Lucía Ferrer' }));

    await waitFor(() =>
      expect(apiRequest).toHaveBeenCalledWith('companyUsers.toggleStatus', {
        params: { companyId: 'c-1', userId: 'u-2' },
        body: { isActive: false },
      }),
    );
  });

  it("shows the API's refusal to remove the last gestor", async () => {
    const refusal = 'La empresa debe conservar al menos un propietario o gestor activo.';
    answer({
      remove: () => {
        throw new ApiError({ code: 'CORE_004', message: refusal, status: 400, field: 'companyRole' });
      },
    });
    renderUsers();

    fireEvent.click(await screen.findByRole('button', { name: 'Eliminar a Ana Martín' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Eliminar' }));

    expect(await screen.findByText(refusal)).toBeTruthy();
    expect(apiRequest).toHaveBeenCalledWith('companyUsers.remove', {
      params: { companyId: 'c-1', userId: 'u-1' },
    });
  });

  it.each([
    ['a client', 'CLIENTE'],
    ['an ordinary member', 'MEMBER'],
  ] as const)('asks nothing of the users routes for %s of the company, and says why', async (_, myRole) => {
    answer({ company: companyDetail({ canManage: false, myRole }) });
    renderUsers();

    expect(
      await screen.findByText(
        'Solo los propietarios y los gestores de la empresa pueden ver y gestionar sus usuarios.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Invitar usuario/ })).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
    const called = vi.mocked(apiRequest).mock.calls.map(([route]) => route);
    expect(called).toContain('companies.get');
    expect(called.filter((route) => route.startsWith('companyUsers.'))).toEqual([]);
  });

  it('says so when there are no users, and offers Reintentar when they could not load', async () => {
    answer({ users: [] });
    const { unmount } = renderUsers();
    expect(await screen.findByText('No hay usuarios')).toBeTruthy();
    unmount();

    answer();
    const base = vi.mocked(apiRequest).getMockImplementation()!;
    let failed = false;
    vi.mocked(apiRequest).mockImplementation(async (route, options) => {
      if (route === 'companyUsers.list' && !failed) {
        failed = true;
        throw new ApiError({ code: 'CORE_005', message: 'Error interno del servidor.', status: 500 });
      }
      return base(route, options);
    });
    renderUsers();

    expect(await screen.findByText('Error interno del servidor.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await rowOf('Lucía Ferrer')).toBeTruthy();
  });
});
