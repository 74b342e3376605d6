import type { Customer } from '@shared/schemas/customers';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { apiRequest } from '@web/lib/api-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi, callsTo } from '../../../testing/api-mock';
import { renderRoutes } from '../../../testing/render';
import { CustomersPage } from './customers-page';

vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));
// The real access rules (web/src/lib/access.ts) read the caller's membership of the selected company.
const membership = vi.hoisted(() => ({
  current: { myRole: 'GESTOR', myPermissions: [] as string[] },
}));
vi.mock('@web/lib/company', () => ({
  useCompanyId: () => 'c-1',
  useCompanyMembership: () => ({ data: membership.current }),
}));

afterEach(() => {
  vi.resetAllMocks();
  membership.current = { myRole: 'GESTOR', myPermissions: [] };
});

const customer = (n: number, overrides: Partial<Customer> = {}): Customer => ({
  customerId: `cus-${n}`,
  companyId: 'c-1',
  name: `Cliente ${n} SL`,
  taxId: 'B12345674',
  address: {
    street: 'Calle Mayor 1',
    postalCode: '28001',
    city: 'Madrid',
    province: 'Madrid',
    country: 'ES',
  },
  email: 'cliente@example.es',
  paymentTermsDays: 30,
  vatTreatment: 'DOMESTIC',
  isActive: true,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  ...overrides,
});

const page = <T,>(content: T[]) => ({
  content,
  page: 0,
  size: 20,
  totalElements: content.length,
  totalPages: 1,
});

const render = (path = '/app/admin/invoicing/customers') =>
  renderRoutes([{ path: '/app/admin/invoicing/customers', element: <CustomersPage /> }], { path });

describe('CustomersPage', { timeout: 20_000 }, () => {
  it('lists and searches customers', async () => {
    answerApi(apiRequest, { 'customers.list': page([customer(1), customer(2)]) });
    render();
    expect(await screen.findByText('Cliente 1 SL')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Buscar clientes'), { target: { value: 'panad' } });
    await waitFor(() =>
      expect(callsTo(apiRequest, 'customers.list').some((c) => c.query?.search === 'panad')).toBe(true),
    );
    expect(callsTo(apiRequest, 'customers.list')[0]?.query).toMatchObject({ active: 'true', page: 0 });
  });

  it('creates a customer with its fiscal address', async () => {
    answerApi(apiRequest, { 'customers.list': page([]), 'customers.create': customer(3) });
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Nuevo cliente' }));
    const drawer = await screen.findByRole('dialog');
    const type = (label: string, value: string) =>
      fireEvent.change(within(drawer).getByLabelText(label), { target: { value } });
    type('Nombre o razón social', 'Bar Pepe SL');
    type('NIF', 'b12345674');
    type('Dirección fiscal', 'Calle Sol 2');
    type('Código postal', '46001');
    type('Población', 'Valencia');
    type('Provincia', 'Valencia');
    fireEvent.click(within(drawer).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(callsTo(apiRequest, 'customers.create').length).toBe(1));
    expect(callsTo(apiRequest, 'customers.create')[0]?.body).toEqual({
      name: 'Bar Pepe SL',
      taxId: 'B12345674',
      address: {
        street: 'Calle Sol 2',
        postalCode: '46001',
        city: 'Valencia',
        province: 'Valencia',
        country: 'ES',
      },
      paymentTermsDays: 30,
      vatTreatment: 'DOMESTIC',
      isActive: true,
    });
  });

  it('?edit= opens the customer and saves the change with PUT', async () => {
    answerApi(apiRequest, {
      'customers.list': page([customer(1)]),
      'customers.get': customer(1),
      'customers.update': customer(1, { name: 'Cliente Uno SL' }),
    });
    render('/app/admin/invoicing/customers?edit=cus-1');
    const drawer = await screen.findByRole('dialog');
    await waitFor(() =>
      expect((within(drawer).getByLabelText('Nombre o razón social') as HTMLInputElement).value).toBe(
        'Cliente 1 SL',
      ),
    );
    fireEvent.change(within(drawer).getByLabelText('Nombre o razón social'), {
      target: { value: 'Cliente Uno SL' },
    });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(callsTo(apiRequest, 'customers.update').length).toBe(1));
    expect(callsTo(apiRequest, 'customers.update')[0]).toMatchObject({
      params: { customerId: 'cus-1' },
      body: { name: 'Cliente Uno SL', email: 'cliente@example.es', taxId: 'B12345674' },
    });
  });

  it('deactivates a customer and shows the invoices of one', async () => {
    answerApi(apiRequest, {
      'customers.list': page([customer(1)]),
      'customers.delete': undefined,
      'invoices.list': page([
        {
          invoiceId: 'inv-1',
          invoiceNumber: 'F-2026-0001',
          invoiceDate: '2026-03-10',
          status: 'CONFIRMED',
          totals: { totalCents: 139_600 },
        },
      ]),
    });
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Desactivar Cliente 1 SL' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Desactivar' }));
    await waitFor(() =>
      expect(callsTo(apiRequest, 'customers.delete')[0]?.params).toEqual({ customerId: 'cus-1' }),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Facturas de Cliente 1 SL' }));
    const table = await screen
      .findByRole('table', { name: 'Facturas del cliente' })
      .catch(() => document.body);
    expect(await within(table).findByRole('link', { name: 'F-2026-0001' })).toBeTruthy();
    expect(within(table).getByText(/1\.396,00/)).toBeTruthy();
    expect(callsTo(apiRequest, 'invoices.list')[0]?.query).toMatchObject({ customer: 'cus-1' });
  });

  it('shows a read-only client the list and its invoices, but no button that writes', async () => {
    membership.current = { myRole: 'CLIENTE', myPermissions: ['VIEW_INVOICES'] };
    answerApi(apiRequest, { 'customers.list': page([customer(1)]), 'invoices.list': page([]) });
    render('/app/admin/invoicing/customers?edit=cus-1');
    expect(await screen.findByText('Cliente 1 SL')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Facturas de Cliente 1 SL' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(callsTo(apiRequest, 'customers.get')).toEqual([]);
    expect(screen.queryByRole('button', { name: 'Nuevo cliente' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Editar Cliente 1 SL' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Desactivar Cliente 1 SL' })).toBeNull();
  });

  it('shows the staff every button', async () => {
    membership.current = { myRole: 'MEMBER', myPermissions: [] };
    answerApi(apiRequest, { 'customers.list': page([customer(1)]) });
    render();
    expect(await screen.findByRole('button', { name: 'Editar Cliente 1 SL' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Nuevo cliente' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Desactivar Cliente 1 SL' })).toBeTruthy();
  });
});
