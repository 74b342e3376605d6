import { fireEvent, screen, waitFor } from '@testing-library/react';
import { apiRequest } from '@web/lib/api-client';
import { ApiError } from '@web/lib/api-error';
import { useAuth } from '@web/lib/auth';
import { notification } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../testing/render';
import { answerRoutes, companyDetail, signedInAs } from '../testing/fixtures';
import { CreateCompany } from './create-company';
import { EditCompany } from './edit-company';

vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));
vi.mock('@web/lib/auth', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@web/lib/auth')>()),
  useAuth: vi.fn(),
}));

const renderCreate = () =>
  renderRoutes(
    [
      { path: '/app/companies/new', element: <CreateCompany /> },
      { path: '/app/companies/:companyId', element: <h1>Ficha de la empresa</h1> },
    ],
    { path: '/app/companies/new' },
  );

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

/** The antd form item (label, control, errors) holding the control labelled `label`. */
const fieldOf = (label: string) => screen.getByLabelText(label).closest('.ant-form-item') as HTMLElement;

async function fillValidCompany() {
  await screen.findByLabelText('Nombre o razón social');
  type('Nombre o razón social', 'Panadería La Espiga SL');
  type('NIF', 'b46128732');
  type('Email', 'Administracion@LaEspiga.test');
  type('Dirección', 'Carrer de Sueca 18');
  type('Código postal', '46006');
  type('Población', 'València');
}

beforeEach(() => {
  vi.mocked(useAuth).mockReturnValue(signedInAs('GESTOR'));
});

afterEach(() => {
  notification.destroy();
  vi.resetAllMocks();
  localStorage.clear();
});

describe('company form (create)', { timeout: 20_000 }, () => {
  it("refuses a NIF with a wrong check letter with validateTaxId's Spanish reason", async () => {
    renderCreate();
    await screen.findByLabelText('NIF');

    type('NIF', '12345678A');

    expect(await screen.findByText('La letra del DNI no es correcta.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Crear empresa' }));
    await screen.findByText('El nombre es obligatorio.');
    expect(apiRequest).not.toHaveBeenCalled();
  });

  it('refuses a personal NIF for a Sociedad Limitada', async () => {
    renderCreate();
    fireEvent.click(await screen.findByRole('radio', { name: 'Sociedad Limitada' }));

    type('NIF', '12345678Z');

    expect(await screen.findByText('Una sociedad debe tener un NIF de persona jurídica (CIF).')).toBeTruthy();
    // The same NIF is fine for an autónomo.
    fireEvent.click(screen.getByRole('radio', { name: 'Autónomo' }));
    await waitFor(() =>
      expect(screen.queryByText('Una sociedad debe tener un NIF de persona jurídica (CIF).')).toBeNull(),
    );
  });

  it("takes the type from a CIF's letter, and suggests it when another type is chosen", async () => {
    renderCreate();
    await screen.findByLabelText('NIF');

    type('NIF', 'B46128732');
    await waitFor(() =>
      expect(screen.getByRole('radio', { name: 'Sociedad Limitada' })).toHaveProperty('checked', true),
    );

    fireEvent.click(screen.getByRole('radio', { name: 'Sociedad Anónima' }));
    expect(await screen.findByText('La letra B del CIF corresponde a una Sociedad Limitada.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Usar Sociedad Limitada' }));
    await waitFor(() =>
      expect(screen.getByRole('radio', { name: 'Sociedad Limitada' })).toHaveProperty('checked', true),
    );
  });

  it('checks the postal code against the province', async () => {
    renderCreate();
    await screen.findByLabelText('Código postal');

    type('Código postal', '53001');
    expect(
      await screen.findByText('El código postal debe empezar por el número de una provincia (01 a 52).'),
    ).toBeTruthy();
    type('Código postal', '46006');
    // The province follows the postal code when none was chosen.
    await waitFor(() => expect(fieldOf('Provincia').textContent).toContain('Valencia'));
  });

  it('creates the company, says so and opens its page', async () => {
    vi.mocked(apiRequest).mockImplementation(
      answerRoutes({ 'companies.create': () => companyDetail({ companyId: 'new-1' }) }),
    );
    const { router } = renderCreate();
    await fillValidCompany();

    fireEvent.click(screen.getByRole('button', { name: 'Crear empresa' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/app/companies/new-1'));
    expect(apiRequest).toHaveBeenCalledWith('companies.create', {
      body: {
        name: 'Panadería La Espiga SL',
        nif: 'B46128732',
        companyType: 'SL',
        email: 'administracion@laespiga.test',
        address: {
          street: 'Carrer de Sueca 18',
          postalCode: '46006',
          city: 'València',
          province: 'Valencia',
          country: 'ES',
        },
        fiscal: {
          vatRegime: 'GENERAL',
          directTax: 'IMPUESTO_SOCIEDADES',
          largeCompany: false,
          redeme: false,
        },
        siiEnabled: false,
        verifactuEnabled: true,
      },
    });
    expect(await screen.findByText('Empresa creada')).toBeTruthy();
  });

  it("shows the API's field error under that field, nested fields too", async () => {
    vi.mocked(apiRequest).mockRejectedValue(
      new ApiError({
        code: 'CORE_004',
        message: 'address.postalCode: El código postal no existe.',
        status: 400,
        field: 'address.postalCode',
      }),
    );
    const { router } = renderCreate();
    await fillValidCompany();

    fireEvent.click(screen.getByRole('button', { name: 'Crear empresa' }));

    await waitFor(() =>
      expect(fieldOf('Código postal').textContent).toContain('El código postal no existe.'),
    );
    expect(router.state.location.pathname).toBe('/app/companies/new');
  });

  it('marks SII as compulsory for a large company and takes it out of VeriFacTu', async () => {
    renderCreate();
    await screen.findByLabelText('SII');
    expect(screen.getByRole('switch', { name: 'VeriFacTu' }).getAttribute('aria-checked')).toBe('true');

    fireEvent.click(screen.getByRole('checkbox', { name: /Gran empresa/ }));

    await waitFor(() =>
      expect(screen.getByRole('switch', { name: 'SII' }).getAttribute('aria-checked')).toBe('true'),
    );
    expect(screen.getByRole('switch', { name: 'VeriFacTu' }).getAttribute('aria-checked')).toBe('false');
    expect(screen.getByText('Obligatorio por ser gran empresa o estar en el REDEME.')).toBeTruthy();
  });

  it('is not offered to a client', async () => {
    vi.mocked(useAuth).mockReturnValue(signedInAs('CLIENTE'));
    renderCreate();
    expect(await screen.findByText('No puedes crear empresas')).toBeTruthy();
    expect(screen.queryByLabelText('NIF')).toBeNull();
  });
});

describe('company form (edit)', { timeout: 20_000 }, () => {
  const renderEdit = () =>
    renderRoutes(
      [
        { path: '/app/companies/:companyId/edit', element: <EditCompany companyId="c-1" /> },
        { path: '/app/companies/:companyId', element: <h1>Ficha de la empresa</h1> },
      ],
      { path: '/app/companies/c-1/edit' },
    );

  it('starts from the stored data and saves every field, a blank phone as null', async () => {
    vi.mocked(apiRequest).mockImplementation(
      answerRoutes({
        'companies.get': () => companyDetail(),
        'companies.update': ({ body }) => ({ ...companyDetail(), ...(body as object) }),
      }),
    );
    const { router } = renderEdit();
    expect(await screen.findByDisplayValue('Panadería La Espiga SL')).toBeTruthy();

    type('Teléfono', '');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/app/companies/c-1'));
    const [, options] = vi.mocked(apiRequest).mock.calls.find(([route]) => route === 'companies.update')!;
    expect(options).toMatchObject({
      params: { companyId: 'c-1' },
      body: {
        name: 'Panadería La Espiga SL',
        nif: 'B46128732',
        phone: null,
        email: 'administracion@laespiga.test',
        address: { postalCode: '46006', province: 'Valencia' },
        isActive: true,
      },
    });
    expect(await screen.findByText('Cambios guardados')).toBeTruthy();
  });

  it('asks a company registered without an address to complete it, and saves it', async () => {
    const noAddress = { street: '', postalCode: '', city: '', province: '', country: 'ES' };
    vi.mocked(apiRequest).mockImplementation(
      answerRoutes({
        'companies.get': () => companyDetail({ address: noAddress }),
        'companies.update': ({ body }) => ({ ...companyDetail(), ...(body as object) }),
      }),
    );
    const { router } = renderEdit();
    expect(await screen.findByText('Completa la dirección fiscal de tu empresa')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('La dirección es obligatoria.')).toBeTruthy();
    expect(vi.mocked(apiRequest).mock.calls.some(([route]) => route === 'companies.update')).toBe(false);

    type('Dirección', 'Calle de Colón 5');
    type('Código postal', '46004');
    type('Población', 'València');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/app/companies/c-1'));
    const [, options] = vi.mocked(apiRequest).mock.calls.find(([route]) => route === 'companies.update')!;
    expect(options).toMatchObject({
      body: {
        address: {
          street: 'Calle de Colón 5',
          postalCode: '46004',
          city: 'València',
          province: 'Valencia',
          country: 'ES',
        },
      },
    });
  });

  it('does not warn a company whose address is complete', async () => {
    vi.mocked(apiRequest).mockImplementation(answerRoutes({ 'companies.get': () => companyDetail() }));
    renderEdit();
    expect(await screen.findByDisplayValue('Panadería La Espiga SL')).toBeTruthy();
    expect(screen.queryByText('Completa la dirección fiscal de tu empresa')).toBeNull();
  });

  it('is refused to who may not manage the company', async () => {
    vi.mocked(apiRequest).mockImplementation(
      answerRoutes({ 'companies.get': () => companyDetail({ canManage: false, myRole: 'CLIENTE' }) }),
    );
    renderEdit();
    expect(await screen.findByText('No puedes editar esta empresa')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Guardar cambios' })).toBeNull();
  });
});
