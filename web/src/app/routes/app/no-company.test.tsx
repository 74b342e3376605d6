/**
 * The invoicing pages live under /app/admin/, which the company rule lets through with no company
 * selected (spec part 1 §2): opened that way they say so and lead to the companies, instead of an
 * empty list whose buttons lead nowhere.
 */
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../testing/render';
import CustomersRoute from './customers/list';
import ExpensesRoute from './expenses/expenses';
import IncomeRoute from './invoicing/income';

const selected = vi.hoisted(() => ({ companyId: null as string | null }));
vi.mock('@web/lib/company', async (original) => ({
  ...(await original<typeof import('@web/lib/company')>()),
  useCompanyId: () => selected.companyId,
}));
vi.mock('@web/features/invoicing/components/invoices-list', () => ({
  InvoicesList: () => <p>lista de facturas</p>,
}));
vi.mock('@web/features/customers/components/customers-page', () => ({
  CustomersPage: () => <p>lista de clientes</p>,
}));

afterEach(() => {
  selected.companyId = null;
});

const pages = [
  { name: 'income', Route: IncomeRoute, message: 'Selecciona o crea una empresa para ver sus facturas.' },
  {
    name: 'customers',
    Route: CustomersRoute,
    message: 'Selecciona o crea una empresa para ver sus clientes.',
  },
  {
    name: 'expenses',
    Route: ExpensesRoute,
    message: 'Selecciona o crea una empresa para ver sus gastos y proveedores.',
  },
];

describe('invoicing pages without a selected company', { timeout: 20_000 }, () => {
  for (const { name, Route, message } of pages) {
    it(`${name}: says a company is needed and leads to the companies`, async () => {
      const { router } = renderRoutes(
        [
          { path: '/page', element: <Route /> },
          { path: '/app/companies', element: <p>empresas</p> },
        ],
        { path: '/page' },
      );

      expect(await screen.findByText(message)).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Ir a Empresas' }));
      expect(await screen.findByText('empresas')).toBeTruthy();
      expect(router.state.location.pathname).toBe('/app/companies');
    });
  }

  it('shows the lists once a company is selected', async () => {
    selected.companyId = 'c-1';
    renderRoutes([{ path: '/', element: <IncomeRoute /> }]);
    expect(await screen.findByText('lista de facturas')).toBeTruthy();
    renderRoutes([{ path: '/', element: <CustomersRoute /> }]);
    expect(await screen.findByText('lista de clientes')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Ir a Empresas' })).toBeNull();
  });
});
