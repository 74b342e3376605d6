import type { Page } from '@shared/api/envelope';
import type { CompanyEntry } from '@shared/schemas/companies';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { apiRequest } from '@web/lib/api-client';
import { ApiError } from '@web/lib/api-error';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../testing/render';
import { CompaniesList } from './companies-list';

vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));

const company = (n: number, overrides: Partial<CompanyEntry> = {}): CompanyEntry => ({
  companyId: `c-${n}`,
  name: `Empresa ${n}`,
  nif: `B0000000${n}`,
  companyType: 'SL',
  isActive: true,
  isDefault: false,
  siiEnabled: false,
  verifactuEnabled: false,
  createdAt: '2025-03-05T10:00:00Z',
  ...overrides,
});

const page = (content: CompanyEntry[], number: number, totalElements: number): Page<CompanyEntry> => ({
  content,
  page: number,
  size: 20,
  totalElements,
  totalPages: Math.ceil(totalElements / 20),
});

const firstPage = page(
  [
    company(1, { name: 'Talleres Ruiz SL', isDefault: true }),
    company(2, { name: 'Laura Gómez', companyType: 'AUTONOMO', isActive: false }),
  ],
  0,
  22,
);
const secondPage = page([company(3, { name: 'Hermanos Pérez CB', companyType: 'CB' })], 1, 22);

/** The query the list asked the API for, call by call. */
const queries = () =>
  vi.mocked(apiRequest).mock.calls.map(([routeId, options]) => ({ routeId, query: options?.query }));

const renderList = (path = '/app/companies') =>
  renderRoutes([{ path: '/app/companies', element: <CompaniesList /> }], { path });

const cellText = (name: string) => screen.findByText(name, { selector: 'td *' });

afterEach(() => {
  vi.resetAllMocks();
  localStorage.clear();
});

describe('CompaniesList', () => {
  it('renders the rows of the first page with Spanish labels', async () => {
    vi.mocked(apiRequest).mockResolvedValue(firstPage);
    renderList();

    const row = (await cellText('Laura Gómez')).closest('tr')!;
    expect(within(row).getByText('Autónomo')).toBeTruthy();
    expect(within(row).getByText('Inactiva')).toBeTruthy();
    expect(within(row).getByText('05/03/2025')).toBeTruthy();
    const defaultRow = screen.getByText('Talleres Ruiz SL').closest('tr')!;
    expect(within(defaultRow).getByText('Sociedad Limitada')).toBeTruthy();
    expect(within(defaultRow).getByText('Activa')).toBeTruthy();
    expect(within(defaultRow).getByText('Sí')).toBeTruthy();
    expect(screen.getByText('22 empresas')).toBeTruthy();
    expect(queries()).toEqual([
      { routeId: 'companies.list', query: { page: 0, size: 20, sort: 'createdAt,desc', search: '' } },
    ]);
  });

  it('asks the server for the next page and shows its rows', async () => {
    vi.mocked(apiRequest).mockImplementation(async (_route, options) =>
      options?.query?.page === 1 ? secondPage : firstPage,
    );
    const { router } = renderList();
    await cellText('Talleres Ruiz SL');

    fireEvent.click(screen.getByTitle('2'));

    expect(await cellText('Hermanos Pérez CB')).toBeTruthy();
    expect(screen.getByText('Comunidad de Bienes')).toBeTruthy();
    expect(screen.queryByText('Talleres Ruiz SL')).toBeNull();
    expect(queries().at(-1)?.query).toMatchObject({ page: 1, size: 20 });
    expect(router.state.location.search).toBe('?page=2');
  });

  it('searches on the server once typing pauses, from the first page', async () => {
    vi.mocked(apiRequest).mockResolvedValue(firstPage);
    renderList('/app/companies?page=2');
    await cellText('Talleres Ruiz SL');
    expect(queries()[0]?.query).toMatchObject({ page: 1 });

    fireEvent.change(screen.getByRole('textbox', { name: 'Buscar empresas' }), {
      target: { value: ' ruiz ' },
    });

    await waitFor(() => expect(queries().at(-1)?.query).toMatchObject({ page: 0, search: 'ruiz' }));
    expect(queries().filter(({ query }) => query?.search === 'r')).toHaveLength(0);
  });

  it('selects the default company when none is stored', async () => {
    vi.mocked(apiRequest).mockResolvedValue(firstPage);
    renderList();

    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem('selected_company') ?? 'null')?.companyId).toBe('c-1'),
    );
    expect(screen.getByRole('radio', { name: 'Seleccionar Talleres Ruiz SL' })).toHaveProperty(
      'checked',
      true,
    );

    fireEvent.click(screen.getByRole('radio', { name: 'Seleccionar Laura Gómez' }));

    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem('selected_company') ?? 'null')?.companyId).toBe('c-2'),
    );
  });

  it('says so when there are no companies', async () => {
    vi.mocked(apiRequest).mockResolvedValue(page([], 0, 0));
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
