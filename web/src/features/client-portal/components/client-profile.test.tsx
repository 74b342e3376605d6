import type { ClientProfileView, ClientUsersAnswer } from '@shared/schemas/client-profile';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { apiRequest } from '@web/lib/api-client';
import { ApiError } from '@web/lib/api-error';
import { toast } from '@web/lib/toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi, callsTo } from '../../../testing/api-mock';
import { renderRoutes } from '../../../testing/render';
import { ClientProfile, COMPANY_SAVED_MESSAGE, SAVED_MESSAGE } from './client-profile';
import { MyUsers } from './my-users';

vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));
vi.mock('@web/lib/toast', () => ({
  toast: { info: vi.fn(), warning: vi.fn(), error: vi.fn(), success: vi.fn(), fromError: vi.fn() },
}));

afterEach(() => vi.resetAllMocks());

const profile: ClientProfileView = {
  companyId: 'c-1',
  account: { userId: 'u-1', firstName: 'Ana', lastName: 'Ruiz', email: 'ana@espiga.es' },
  companyRole: 'CLIENTE',
  permissions: ['VIEW_INVOICES', 'UPLOAD_DOCUMENTS'],
  contact: { phone: null, position: 'Gerente', preferredChannel: null, preferredHours: null },
  company: {
    name: 'Panadería La Espiga SL',
    nif: 'B46128732',
    companyType: 'SL',
    address: {
      street: 'Carrer de Sueca 18',
      postalCode: '46006',
      city: 'València',
      province: 'Valencia',
      country: 'ES',
    },
    email: 'hola@espiga.es',
    phone: null,
  },
  canEditCompanyContact: false,
  updatedAt: '2026-11-01T10:00:00.000Z',
};

const renderProfile = (view: ClientProfileView = profile, update?: (o: { body?: unknown }) => unknown) => {
  answerApi(apiRequest, {
    'clientProfile.get': view,
    'clientProfile.update':
      update ??
      (({ body }: { body?: unknown }) => ({ ...view, contact: { ...view.contact, ...(body as object) } })),
  });
  renderRoutes([{ path: '/', element: <ClientProfile companyId="c-1" /> }]);
};

describe('Mi ficha de cliente', { timeout: 20_000 }, () => {
  it('shows the account, the permissions and the company read-only to a client', async () => {
    renderProfile();
    expect(await screen.findByText('ana@espiga.es')).toBeTruthy();
    expect(screen.getByText('Ana Ruiz')).toBeTruthy();
    expect(screen.getByText('Ver facturas')).toBeTruthy();
    expect(screen.getByText('Subir documentos')).toBeTruthy();
    expect(screen.getByText('Panadería La Espiga SL')).toBeTruthy();
    expect(screen.getByText('B46128732')).toBeTruthy();
    expect(screen.getByText('Sociedad Limitada')).toBeTruthy();
    expect(screen.getByText('Si algún dato de la empresa no es correcto, avisa a tu gestoría.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Editar contacto/ })).toBeNull();
    expect(callsTo(apiRequest, 'clientProfile.get')[0]).toMatchObject({ companyId: 'c-1' });
  });

  it('checks the phone and asks for one before calls, then sends every field with blanks as null', async () => {
    renderProfile();
    const phone = await screen.findByLabelText(/^Teléfono/);
    fireEvent.change(phone, { target: { value: '12ab' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText(/El teléfono no es válido/)).toBeTruthy();
    expect(callsTo(apiRequest, 'clientProfile.update')).toHaveLength(0);

    fireEvent.change(phone, { target: { value: '' } });
    fireEvent.mouseDown(screen.getByRole('combobox'));
    const options = await screen.findAllByTitle('Teléfono');
    fireEvent.click(options.find((o) => o.classList.contains('ant-select-item-option')) as HTMLElement);
    fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('Para que te llamemos, indica un teléfono de contacto.')).toBeTruthy();
    expect(callsTo(apiRequest, 'clientProfile.update')).toHaveLength(0);

    fireEvent.change(phone, { target: { value: '+34 612 345 678' } });
    fireEvent.change(screen.getByLabelText(/^Cargo/), { target: { value: '  ' } });
    fireEvent.change(screen.getByLabelText(/^Horario preferido/), { target: { value: 'Mañanas' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(callsTo(apiRequest, 'clientProfile.update')).toHaveLength(1));
    expect(callsTo(apiRequest, 'clientProfile.update')[0]).toMatchObject({
      companyId: 'c-1',
      body: {
        phone: '+34 612 345 678',
        position: null,
        preferredChannel: 'PHONE',
        preferredHours: 'Mañanas',
      },
    });
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(SAVED_MESSAGE));
  });

  it('shows the server’s refusal under its field, or as a message when it names none', async () => {
    let answer: ApiError = new ApiError({
      code: 'CORE_004',
      status: 400,
      field: 'phone',
      message: 'phone: El teléfono no es válido.',
    });
    renderProfile(profile, () => {
      throw answer;
    });
    fireEvent.change(await screen.findByLabelText(/^Teléfono/), { target: { value: '600 000 000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('El teléfono no es válido.')).toBeTruthy();

    answer = new ApiError({
      code: 'CORE_004',
      status: 400,
      message: 'Tu ficha ha cambiado mientras la editabas. Recarga y vuelve a intentarlo.',
    });
    fireEvent.change(screen.getByLabelText(/^Teléfono/), { target: { value: '600 000 001' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('No se han podido guardar tus datos')).toBeTruthy();
    expect(
      screen.getByText('Tu ficha ha cambiado mientras la editabas. Recarga y vuelve a intentarlo.'),
    ).toBeTruthy();
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('lets the company’s gestor edit the company’s contact fields', async () => {
    const gestor: ClientProfileView = {
      ...profile,
      companyRole: 'GESTOR',
      permissions: [],
      canEditCompanyContact: true,
    };
    renderProfile(gestor, () => gestor);
    fireEvent.click(await screen.findByRole('button', { name: /Editar contacto/ }));
    fireEvent.change(screen.getByLabelText(/^Email de la empresa/), { target: { value: 'no-es-email' } });
    const saves = screen.getAllByRole('button', { name: 'Guardar cambios' });
    fireEvent.click(saves[1]!);
    expect(await screen.findByText('El email no es válido.')).toBeTruthy();
    expect(callsTo(apiRequest, 'clientProfile.update')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText(/^Email de la empresa/), { target: { value: 'admin@espiga.es' } });
    fireEvent.change(screen.getByLabelText(/^Teléfono de la empresa/), { target: { value: '963 111 222' } });
    fireEvent.click(saves[1]!);
    await waitFor(() => expect(callsTo(apiRequest, 'clientProfile.update')).toHaveLength(1));
    expect(callsTo(apiRequest, 'clientProfile.update')[0]?.body).toEqual({
      company: {
        address: {
          street: 'Carrer de Sueca 18',
          postalCode: '46006',
          city: 'València',
          province: 'Valencia',
          country: 'ES',
        },
        email: 'admin@espiga.es',
        phone: '963 111 222',
      },
    });
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(COMPANY_SAVED_MESSAGE));
  });

  it('says why the ficha could not load and retries', async () => {
    answerApi(apiRequest, {
      'clientProfile.get': () => {
        throw new ApiError({ code: 'CORE_003', status: 403, message: 'No tienes acceso a esta empresa.' });
      },
    });
    renderRoutes([{ path: '/', element: <ClientProfile companyId="c-1" /> }]);
    expect(await screen.findByText('No se ha podido cargar tu ficha')).toBeTruthy();
    expect(screen.getByText('No tienes acceso a esta empresa.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    await waitFor(() => expect(callsTo(apiRequest, 'clientProfile.get').length).toBeGreaterThanOrEqual(2));
  });
});

const people: ClientUsersAnswer = {
  companyType: 'SL',
  users: [
    {
      userId: 'o-1',
      firstName: 'Zoe',
      lastName: 'Martín',
      email: 'zoe@espiga.es',
      companyRole: 'OWNER',
      permissions: null,
      position: null,
      status: 'ACTIVE',
      isYou: false,
    },
    {
      userId: 'u-1',
      firstName: 'Ana',
      lastName: 'Ruiz',
      email: 'ana@espiga.es',
      companyRole: 'CLIENTE',
      permissions: ['VIEW_TAX_DOCUMENTS', 'VIEW_ACCOUNTING_DATA'],
      position: 'Gerente',
      status: 'ACTIVE',
      isYou: true,
    },
  ],
};

describe('Mis usuarios', { timeout: 20_000 }, () => {
  it('lists the company’s people with their role, permissions in Spanish and status', async () => {
    answerApi(apiRequest, { 'clientUsers.list': people });
    renderRoutes([{ path: '/', element: <MyUsers companyId="c-1" companyType="SL" isClient /> }]);
    const row = (await screen.findByText('ana@espiga.es')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Tú')).toBeTruthy();
    expect(within(row).getByText('Cliente')).toBeTruthy();
    expect(within(row).getByText('Ver documentos fiscales')).toBeTruthy();
    expect(within(row).getByText('Ver datos contables')).toBeTruthy();
    expect(within(row).getByText('Activo')).toBeTruthy();
    const owner = screen.getByText('zoe@espiga.es').closest('tr') as HTMLElement;
    expect(within(owner).getByText('Propietario')).toBeTruthy();
    expect(within(owner).getByText('Acceso completo')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Invitar/ })).toBeNull();
    expect(callsTo(apiRequest, 'clientUsers.list')[0]).toMatchObject({ companyId: 'c-1' });
  });

  it('tells a client of a CB it is not available, without asking the server', async () => {
    answerApi(apiRequest, { 'clientUsers.list': people });
    renderRoutes([{ path: '/', element: <MyUsers companyId="c-1" companyType="CB" isClient /> }]);
    expect(
      await screen.findByText(
        'Mis usuarios solo está disponible para sociedades limitadas y sociedades anónimas.',
      ),
    ).toBeTruthy();
    expect(callsTo(apiRequest, 'clientUsers.list')).toHaveLength(0);
  });

  it('shows the empty list and the server’s refusal', async () => {
    answerApi(apiRequest, { 'clientUsers.list': { companyType: 'SA', users: [] } });
    const first = renderRoutes([
      { path: '/', element: <MyUsers companyId="c-1" companyType="SA" isClient /> },
    ]);
    expect(await screen.findByText('Tu empresa no tiene usuarios activos.')).toBeTruthy();
    first.unmount();

    answerApi(apiRequest, {
      'clientUsers.list': () => {
        throw new ApiError({ code: 'CORE_003', status: 403, message: 'No tienes acceso a esta empresa.' });
      },
    });
    renderRoutes([{ path: '/', element: <MyUsers companyId="c-2" companyType={null} isClient /> }]);
    expect(await screen.findByText('No se han podido cargar los usuarios')).toBeTruthy();
    expect(screen.getByText('No tienes acceso a esta empresa.')).toBeTruthy();
  });
});
