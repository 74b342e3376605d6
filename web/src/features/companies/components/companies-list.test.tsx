import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { apiRequest } from '@web/lib/api-client';
import { ApiError } from '@web/lib/api-error';
import { useAuth } from '@web/lib/auth';
import { notification } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../testing/render';
import { answerRoutes, companyDetail, companyEntry, pageOf, signedInAs } from '../testing/fixtures';
import { CompaniesList } from './companies-list';

vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));
vi.mock('@web/lib/auth', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@web/lib/auth')>()),
  useAuth: vi.fn(),
}));

const firstPage = pageOf(
  [
    companyEntry(1, { name: 'Talleres Ruiz SL', isDefault: true }),
    companyEntry(2, {
      name: 'Laura Gómez',
      companyType: 'AUTONOMO',
      isActive: false,
      siiEnabled: true,
      verifactuEnabled: false,
    }),
  ],
  0,
  22,
);
const secondPage = pageOf([companyEntry(3, { name: 'Hermanos Pérez CB', companyType: 'CB' })], 1, 22);

/** The query the list asked the API for, call by call. */
const listQueries = () =>
  vi
    .mocked(apiRequest)
    .mock.calls.filter(([routeId]) => routeId === 'companies.list')
    .map(([, options]) => options?.query);

const renderList = (path = '/app/companies') =>
  renderRoutes(
    [
      { path: '/app/companies', element: <CompaniesList /> },
      { path: '/app/companies/new', element: <h1>Formulario de alta</h1> },
    ],
    { path },
  );

const cellText = (name: string) => screen.findByText(name, { selector: 'td *' });

beforeEach(() => {
  vi.mocked(useAuth).mockReturnValue(signedInAs('GESTOR'));
});

afterEach(() => {
  notification.destroy();
  vi.resetAllMocks();
  localStorage.clear();
});

describe('CompaniesList', { timeout: 20_000 }, () => {
  it('renders the rows with Spanish labels, a link to each company and its SII/VeriFacTu tags', async () => {
    vi.mocked(apiRequest).mockResolvedValue(firstPage);
    renderList();

    const row = (await cellText('Laura Gómez')).closest('tr')!;
    expect(within(row).getByText('Autónomo')).toBeTruthy();
    expect(within(row).getByText('Inactiva')).toBeTruthy();
    expect(within(row).getByText('SII')).toBeTruthy();
    expect(within(row).queryByText('VeriFacTu')).toBeNull();
    expect(within(row).getByText('05/03/2025')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'Laura Gómez' }).getAttribute('href')).toBe(
      '/app/companies/c-2',
    );
    const defaultRow = screen.getByText('Talleres Ruiz SL').closest('tr')!;
    expect(within(defaultRow).getByText('Sociedad Limitada')).toBeTruthy();
    expect(within(defaultRow).getByText('Activa')).toBeTruthy();
    expect(within(defaultRow).getByText('Sí')).toBeTruthy();
    expect(within(defaultRow).getByText('VeriFacTu')).toBeTruthy();
    expect(within(defaultRow).queryByRole('button', { name: /Predeterminar/ })).toBeNull();
    expect(screen.getByText('22 empresas')).toBeTruthy();
    expect(listQueries()).toEqual([{ page: 0, size: 20, sort: 'createdAt,desc', search: '' }]);
  });

  it('asks the server for the next page and keeps the page in the URL', async () => {
    vi.mocked(apiRequest).mockImplementation(async (_route, options) =>
      options?.query?.page === 1 ? secondPage : firstPage,
    );
    const { router } = renderList();
    await cellText('Talleres Ruiz SL');

    fireEvent.click(screen.getByTitle('2'));

    expect(await cellText('Hermanos Pérez CB')).toBeTruthy();
    expect(screen.getByText('Comunidad de Bienes')).toBeTruthy();
    expect(screen.queryByText('Talleres Ruiz SL')).toBeNull();
    expect(listQueries().at(-1)).toMatchObject({ page: 1, size: 20 });
    expect(router.state.location.search).toBe('?page=2');
  });

  it('reads page, size, search, filters and sort from the URL', async () => {
    vi.mocked(apiRequest).mockResolvedValue(firstPage);
    renderList('/app/companies?page=3&size=50&search=ruiz&type=SA&status=inactive&sort=nif,asc');
    await cellText('Talleres Ruiz SL');

    expect(listQueries()[0]).toEqual({
      page: 2,
      size: 50,
      search: 'ruiz',
      companyType: 'SA',
      isActive: 'false',
      sort: 'nif,asc',
    });
    expect(screen.getByRole('textbox', { name: 'Buscar empresas' })).toHaveProperty('value', 'ruiz');
  });

  it('searches on the server once typing pauses, from the first page, and writes it to the URL', async () => {
    vi.mocked(apiRequest).mockResolvedValue(firstPage);
    const { router } = renderList('/app/companies?page=2');
    await cellText('Talleres Ruiz SL');
    expect(listQueries()[0]).toMatchObject({ page: 1 });

    fireEvent.change(screen.getByRole('textbox', { name: 'Buscar empresas' }), {
      target: { value: ' ruiz ' },
    });

    await waitFor(() => expect(listQueries().at(-1)).toMatchObject({ page: 0, search: 'ruiz' }));
    expect(listQueries().filter((query) => query?.search === 'r')).toHaveLength(0);
    expect(router.state.location.search).toBe('?search=ruiz');
  });

  it('filters by type on the server and keeps the filter in the URL', async () => {
    vi.mocked(apiRequest).mockResolvedValue(firstPage);
    const { router } = renderList('/app/companies?page=2');
    await cellText('Talleres Ruiz SL');

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Filtrar por tipo' }));
    fireEvent.click(await screen.findByTitle('Sociedad Anónima'));

    await waitFor(() => expect(listQueries().at(-1)).toMatchObject({ page: 0, companyType: 'SA' }));
    expect(router.state.location.search).toBe('?type=SA');
  });

  it('sorts by name on the server when the column header is clicked', async () => {
    vi.mocked(apiRequest).mockResolvedValue(firstPage);
    const { router } = renderList();
    await cellText('Talleres Ruiz SL');

    fireEvent.click(screen.getByRole('columnheader', { name: /Nombre/ }));

    await waitFor(() => expect(listQueries().at(-1)).toMatchObject({ sort: 'name,asc' }));
    expect(router.state.location.search).toBe('?sort=name%2Casc');
  });

  it('makes a company the working one with "Seleccionar"', async () => {
    vi.mocked(apiRequest).mockResolvedValue(firstPage);
    renderList();

    fireEvent.click(await screen.findByRole('button', { name: 'Seleccionar Laura Gómez' }));

    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem('selected_company') ?? 'null')?.companyId).toBe('c-2'),
    );
    const row = screen.getByText('Laura Gómez').closest('tr')!;
    expect(within(row).getByText('Seleccionada')).toBeTruthy();
  });

  it('makes a company the default one and reloads the list', async () => {
    vi.mocked(apiRequest).mockImplementation(
      answerRoutes({
        'companies.list': () => firstPage,
        'companies.setDefault': () => companyDetail({ companyId: 'c-2', name: 'Laura Gómez' }),
      }),
    );
    renderList();

    fireEvent.click(await screen.findByRole('button', { name: 'Predeterminar Laura Gómez' }));

    await waitFor(() => expect(listQueries()).toHaveLength(2));
    expect(vi.mocked(apiRequest)).toHaveBeenCalledWith('companies.setDefault', {
      params: { companyId: 'c-2' },
    });
    expect(await screen.findByText('Laura Gómez es ahora tu empresa predeterminada.')).toBeTruthy();
  });

  it('offers "Nueva empresa" to a gestor, not to a client', async () => {
    vi.mocked(apiRequest).mockResolvedValue(firstPage);
    const { router, unmount } = renderList();
    fireEvent.click(await screen.findByRole('link', { name: /Nueva empresa/ }));
    expect(router.state.location.pathname).toBe('/app/companies/new');
    unmount();

    vi.mocked(useAuth).mockReturnValue(signedInAs('CLIENTE'));
    renderList();
    await cellText('Talleres Ruiz SL');
    expect(screen.queryByRole('link', { name: /Nueva empresa/ })).toBeNull();
  });

  it('says so when there are no companies', async () => {
    vi.mocked(apiRequest).mockResolvedValue(pageOf([], 0, 0));
    renderList();
    expect(await screen.findByText('No hay empresas')).toBeTruthy();
  });

  it("shows the server's message and retries on request", async () => {
    vi.mocked(apiRequest).mockRejectedValueOnce(
      new ApiError({ code: 'CORE_005', message: 'Error interno del servidor.', status: 500 }),
    );
    vi.mocked(apiRequest).mockResolvedValueOnce(firstPage);
    renderList();

    expect(await screen.findByText('Error interno del servidor.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));

    expect(await cellText('Talleres Ruiz SL')).toBeTruthy();
  });
});
