import type { CreateDelegationBody } from '@shared/schemas/notification-analytics';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type ApiRequestOptions, apiRequest } from '@web/lib/api-client';
import { ApiError } from '@web/lib/api-error';
import { toast } from '@web/lib/toast';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi, callsTo } from '../../../testing/api-mock';
import { renderRoutes } from '../../../testing/render';
import { delegation } from '../testing/fixtures';
import type { CompanyMember } from '../types';
import { DelegationsPanel } from './delegations-panel';

vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));
vi.mock('@web/lib/auth', () => ({ useOptionalAuthUser: () => ({ userId: 'u-1' }) }));
vi.mock('@web/lib/spanish-today', () => ({ spanishToday: () => '2026-11-27' }));
vi.mock('@web/lib/toast', () => ({
  toast: { info: vi.fn(), warning: vi.fn(), error: vi.fn(), success: vi.fn(), fromError: vi.fn() },
}));

afterAll(() => new Promise((resolve) => setTimeout(resolve, 500)));
afterEach(() => vi.resetAllMocks());

const member = (
  userId: string | null,
  firstName: string,
  overrides: Partial<CompanyMember> = {},
): CompanyMember => ({
  userId,
  email: `${firstName.toLowerCase()}@example.com`,
  firstName,
  lastName: 'Pérez',
  companyRole: 'MEMBER',
  isActive: true,
  status: 'ACTIVE',
  ...overrides,
});

const page = (content: CompanyMember[]) => ({ content, totalElements: content.length, page: 0, size: 100 });

async function pick(label: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  const item = await waitFor(() => {
    const found = [...document.querySelectorAll('.ant-select-item-option')].find((o) =>
      o.textContent?.startsWith(option),
    );
    if (!found) throw new Error(`No option ${option}`);
    return found;
  });
  fireEvent.click(item);
}

const renderPanel = () => renderRoutes([{ path: '/', element: <DelegationsPanel companyId="c-1" /> }]);

describe('DelegationsPanel', { timeout: 30_000 }, () => {
  it('creates a delegation to another active staff member with the chosen families and dates', async () => {
    const created: CreateDelegationBody[] = [];
    answerApi(apiRequest, {
      'notifications.listDelegations': () =>
        created.length === 0 ? [] : [delegation({ toUserId: 'u-2', toName: 'Luis Pérez' })],
      'companyUsers.list': page([
        member('u-1', 'Yo', { companyRole: 'OWNER' }),
        member('u-2', 'Luis'),
        member('u-3', 'Cliente', { companyRole: 'CLIENTE' }),
      ]),
      'notifications.createDelegation': (o: ApiRequestOptions) => {
        created.push(o.body as CreateDelegationBody);
        return delegation({ toUserId: 'u-2', toName: 'Luis Pérez' });
      },
    });
    renderPanel();
    expect(await screen.findByText('No hay delegaciones')).toBeTruthy();

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Delegar en' }));
    await waitFor(() => expect(document.querySelectorAll('.ant-select-item-option').length).toBe(1));
    // Neither the caller nor a client may receive it.
    expect(document.querySelector('.ant-select-item-option')?.textContent).toBe(
      'Luis Pérez (luis@example.com)',
    );
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Delegar en' }));
    await pick('Delegar en', 'Luis Pérez');

    fireEvent.click(screen.getByLabelText('Lectura de documentos (OCR)'));
    fireEvent.click(screen.getByLabelText('SII'));
    fireEvent.click(screen.getByLabelText('VeriFacTu'));
    fireEvent.click(screen.getByLabelText('Avisos del sistema'));
    fireEvent.click(screen.getByLabelText('Documentos'));
    fireEvent.click(screen.getByLabelText('Mensajes'));
    fireEvent.change(screen.getByLabelText('Desde'), { target: { value: '2026-12-01' } });
    fireEvent.change(screen.getByLabelText('Hasta'), { target: { value: '2026-12-15' } });
    fireEvent.click(screen.getByRole('button', { name: 'Crear delegación' }));

    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toEqual({
      toUserId: 'u-2',
      categories: ['invoices', 'tax_deadlines'],
      startsOn: '2026-12-01',
      endsOn: '2026-12-15',
    });
    const list = await screen.findByRole('list', { name: 'Delegaciones' });
    expect(within(list).getByText(/Tus avisos → Luis Pérez/)).toBeTruthy();
    expect(within(list).getByText('Programada')).toBeTruthy();
    expect(within(list).getByText('Del 01/12/2026 al 15/12/2026')).toBeTruthy();
    expect(within(list).getByText('Facturas, Vencimientos fiscales')).toBeTruthy();
    expect(toast.success).toHaveBeenCalledWith('Delegación creada para Luis Pérez');
  });

  it('refuses an end date before the start', async () => {
    answerApi(apiRequest, {
      'notifications.listDelegations': [],
      'companyUsers.list': page([member('u-2', 'Luis')]),
    });
    renderPanel();
    await screen.findByText('No hay delegaciones');
    await pick('Delegar en', 'Luis Pérez');
    fireEvent.change(screen.getByLabelText('Desde'), { target: { value: '2026-12-10' } });
    fireEvent.change(screen.getByLabelText('Hasta'), { target: { value: '2026-12-01' } });
    expect(
      await screen.findByText('La fecha de fin debe ser igual o posterior a la de inicio.'),
    ).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Crear delegación' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('deletes one of the caller’s delegations after confirming; a received one cannot be deleted', async () => {
    let stored = [
      delegation({ active: true, startsOn: '2026-11-20' }),
      delegation({
        delegationId: 'd-2',
        fromUserId: 'u-9',
        fromName: 'Marta Ruiz',
        toUserId: 'u-1',
        toName: 'Yo',
      }),
    ];
    answerApi(apiRequest, {
      'notifications.listDelegations': () => stored,
      'companyUsers.list': page([]),
      'notifications.deleteDelegation': (o: ApiRequestOptions) => {
        stored = stored.filter((d) => d.delegationId !== o.params?.delegationId);
        return { delegationId: o.params?.delegationId };
      },
    });
    renderPanel();
    const list = await screen.findByRole('list', { name: 'Delegaciones' });
    expect(within(list).getByText('Activa')).toBeTruthy();
    expect(within(list).getByText(/Marta Ruiz → ti/)).toBeTruthy();
    expect(within(list).getAllByRole('button')).toHaveLength(1);

    fireEvent.click(within(list).getByRole('button', { name: 'Eliminar la delegación a Luis Martín' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(callsTo(apiRequest, 'notifications.deleteDelegation')).toHaveLength(1));
    expect(callsTo(apiRequest, 'notifications.deleteDelegation')[0]).toMatchObject({
      params: { delegationId: 'd-1' },
      companyId: 'c-1',
    });
    await waitFor(() => expect(screen.queryByText(/Tus avisos → Luis Martín/)).toBeNull());
    expect(toast.success).toHaveBeenCalledWith('Delegación eliminada');
  });

  it('a failed creation shows the server’s message', async () => {
    answerApi(apiRequest, {
      'notifications.listDelegations': [],
      'companyUsers.list': page([member('u-2', 'Luis')]),
      'notifications.createDelegation': () => {
        throw new ApiError({ code: 'CORE_004', message: 'No se puede delegar en esa persona.', status: 400 });
      },
    });
    renderPanel();
    await screen.findByText('No hay delegaciones');
    await pick('Delegar en', 'Luis Pérez');
    fireEvent.click(screen.getByRole('button', { name: 'Crear delegación' }));
    await waitFor(() =>
      expect(toast.fromError).toHaveBeenCalledWith(expect.any(ApiError), {
        title: 'Error al crear la delegación',
      }),
    );
  });
});
