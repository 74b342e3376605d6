import { computeInvoiceTotals } from '@shared/fiscal/invoice-totals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { apiRequest } from '@web/lib/api-client';
import { ApiError } from '@web/lib/api-error';
import { formatCents } from '@web/lib/format';
import { notification } from 'antd';
import dayjs from 'dayjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi, callsTo } from '../../../testing/api-mock';
import { renderRoutes } from '../../../testing/render';
import { invoice, pageOf } from '../testing/fixtures';
import { dueDateAfter } from '../utils/invoice-form';
import { InvoiceForm } from './invoice-form';

vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));
vi.mock('@web/lib/company', () => ({ useCompanyId: () => 'c-1' }));

const renderForm = () =>
  renderRoutes(
    [
      { path: '/app/invoices/create', element: <InvoiceForm /> },
      { path: '/app/invoices/:invoiceId', element: <h1>Ficha de la factura</h1> },
    ],
    { path: '/app/invoices/create' },
  );

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const totalText = () => screen.getByTestId('invoice-total').textContent ?? '';
const fieldOf = (label: string) => screen.getByLabelText(label).closest('.ant-form-item') as HTMLElement;

async function fillInlineCustomer() {
  fireEvent.click(await screen.findByRole('radio', { name: 'Datos del cliente' }));
  await screen.findByLabelText('NIF del cliente');
  type('NIF del cliente', 'B12345674');
  type('Nombre del cliente', 'Comunidad Embajadores 41');
}

afterEach(() => {
  notification.destroy();
  vi.resetAllMocks();
});

describe('InvoiceForm', { timeout: 30_000 }, () => {
  it('previews the totals live with computeInvoiceTotals, from es-ES amounts to exact céntimos', async () => {
    answerApi(apiRequest, { 'invoiceSeries.list': [], 'customers.list': pageOf([]) });
    renderForm();
    await screen.findByLabelText('Descripción de la línea 1');
    type('Descripción de la línea 1', 'Reparación');
    type('Cantidad de la línea 1', '3');
    type('Precio unitario de la línea 1', '0,29');
    type('Descuento de la línea 1', '7,5');
    fireEvent.click(screen.getByRole('button', { name: /Añadir línea/ }));
    type('Descripción de la línea 2', 'Material');
    type('Cantidad de la línea 2', '1,5');
    type('Precio unitario de la línea 2', '1.234,56');

    const expected = computeInvoiceTotals({
      lines: [
        { quantityMilli: 3000, unitPriceCents: 29, discountBp: 750, vatRateBp: 2100 },
        { quantityMilli: 1500, unitPriceCents: 123_456, vatRateBp: 2100 },
      ],
    });
    await waitFor(() => expect(totalText()).toBe(formatCents(expected.totalCents)));
    // 3 × 0,29 € − 7,5 % = 0,80 €; 1,5 × 1.234,56 € = 1.851,84 €; base 1.852,64 €, IVA 389,05 €.
    expect(expected.totalCents).toBe(224_169);
    const preview = screen.getByLabelText('Vista previa de los totales');
    expect(within(preview).getByText('IVA 21 %')).toBeTruthy();
    expect(
      within(preview).getAllByText((_, el) => el?.textContent === formatCents(expected.vatCents)).length,
    ).toBeGreaterThan(0);
    expect(screen.getByLabelText('Base de la línea 2').textContent).toBe(formatCents(185_184));
  });

  it('says which lines are left out while they are incomplete', async () => {
    answerApi(apiRequest, { 'invoiceSeries.list': [], 'customers.list': pageOf([]) });
    renderForm();
    await screen.findByLabelText('Descripción de la línea 1');
    type('Precio unitario de la línea 1', '1,005');
    expect(await screen.findByText('Fuera del cálculo hasta completarlas: línea 1.')).toBeTruthy();
    expect(
      await screen.findByText('Un importe en euros con como máximo 2 decimales (1.234,56).'),
    ).toBeTruthy();
  });

  it('checks the NIF in the browser with validateTaxId', async () => {
    answerApi(apiRequest, { 'invoiceSeries.list': [], 'customers.list': pageOf([]) });
    renderForm();
    await fillInlineCustomer();
    type('NIF del cliente', '12345678A');
    expect(
      await within(fieldOf('NIF del cliente')).findByText('La letra del DNI no es correcta.'),
    ).toBeTruthy();
  });

  it('"Guardar y confirmar" posts create-and-confirm with céntimos and opens the invoice', async () => {
    answerApi(apiRequest, {
      'invoiceSeries.list': [],
      'customers.list': pageOf([]),
      'invoices.createAndConfirm': invoice(7, { invoiceId: 'inv-new' }),
    });
    const { router } = renderForm();
    await fillInlineCustomer();
    type('Descripción de la línea 1', 'Reparación');
    type('Cantidad de la línea 1', '2');
    type('Precio unitario de la línea 1', '50');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar y confirmar' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/app/invoices/inv-new'));
    const [call] = callsTo(apiRequest, 'invoices.createAndConfirm');
    expect(call?.body).toMatchObject({
      invoiceType: 'F1',
      customer: { nif: 'B12345674', name: 'Comunidad Embajadores 41', country: 'ES' },
      invoiceLines: [
        { description: 'Reparación', quantity: '2', unitPriceCents: 5000, discountBp: 0, vatRateBp: 2100 },
      ],
    });
    expect(callsTo(apiRequest, 'invoices.create')).toEqual([]);
  });

  it("shows the API's validation error under the field it names", async () => {
    answerApi(apiRequest, {
      'invoiceSeries.list': [],
      'customers.list': pageOf([]),
      'invoices.create': () => {
        throw new ApiError({
          code: 'CORE_004',
          message: 'invoiceLines.0.unitPriceCents: El precio es demasiado alto.',
          status: 400,
          field: 'invoiceLines.0.unitPriceCents',
          details: {
            issues: [{ field: 'invoiceLines.0.unitPriceCents', message: 'El precio es demasiado alto.' }],
          },
        });
      },
    });
    renderForm();
    await fillInlineCustomer();
    type('Descripción de la línea 1', 'Reparación');
    type('Precio unitario de la línea 1', '50');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar borrador' }));
    expect(
      await within(fieldOf('Precio unitario de la línea 1')).findByText('El precio es demasiado alto.'),
    ).toBeTruthy();
  });

  it('asks for a default ordinary series when the company has none, and opens the manager pre-filled', async () => {
    answerApi(apiRequest, {
      'invoiceSeries.list': [
        {
          seriesId: 's-r',
          companyId: 'c-1',
          code: 'R',
          description: '',
          purpose: 'RECTIFICATIVA',
          format: '{SERIES}-{YYYY}-{NNNN}',
          isActive: true,
          issuedCount: 0,
          isDefault: true,
          example: 'R-2026-0001',
          createdAt: '2026-01-01T00:00:00Z',
          updatedAt: '2026-01-01T00:00:00Z',
        },
      ],
      'customers.list': pageOf([]),
    });
    renderForm();
    expect(await screen.findByText('La empresa no tiene una serie ordinaria por defecto')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Crear serie por defecto' }));
    const code = (await screen.findByLabelText('Código')) as HTMLInputElement;
    expect(code.value).toBe('F');
    expect(screen.getByRole('checkbox', { name: /Serie por defecto/ })).toHaveProperty('checked', true);
    expect(screen.getByTestId('series-example').textContent).toContain(`F-${new Date().getFullYear()}-0001`);
  });

  it('shows no series alert when an ordinary default series exists, and links to the manager', async () => {
    answerApi(apiRequest, {
      'invoiceSeries.list': [
        {
          seriesId: 's-1',
          companyId: 'c-1',
          code: 'F',
          description: '',
          purpose: 'ORDINARY',
          format: '{SERIES}-{YYYY}-{NNNN}',
          isActive: true,
          issuedCount: 3,
          isDefault: true,
          example: 'F-2026-0001',
          createdAt: '2026-01-01T00:00:00Z',
          updatedAt: '2026-01-01T00:00:00Z',
        },
      ],
      'customers.list': pageOf([]),
    });
    renderForm();
    await screen.findByLabelText('Descripción de la línea 1');
    fireEvent.click(await screen.findByRole('button', { name: 'Gestionar series' }));
    expect(await screen.findByText('Series de facturación')).toBeTruthy();
    expect(screen.queryByText('La empresa no tiene una serie ordinaria por defecto')).toBeNull();
  });

  it("starts a new invoice with the company's default payment method and due date (issue date + term)", async () => {
    answerApi(apiRequest, {
      'invoiceSeries.list': [],
      'customers.list': pageOf([]),
      'companies.getSettings': { invoicing: { defaultPaymentTermsDays: 15, defaultPaymentMethod: 'CARD' } },
      'invoices.create': invoice(7, { invoiceId: 'inv-new' }),
    });
    const { router } = renderForm();
    expect(await screen.findByText('Plazo de pago de la empresa: 15 días.')).toBeTruthy();
    await fillInlineCustomer();
    type('Descripción de la línea 1', 'Reparación');
    type('Precio unitario de la línea 1', '50');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar borrador' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/app/invoices/inv-new'));
    const today = dayjs().format('YYYY-MM-DD');
    expect(callsTo(apiRequest, 'invoices.create')[0]?.body).toMatchObject({
      invoiceDate: today,
      dueDate: dueDateAfter(today, 15),
      paymentMethod: 'CARD',
    });
  });

  it("shows the due dates of the company's instalments and lets the API give them (no dueDate sent)", async () => {
    answerApi(apiRequest, {
      'invoiceSeries.list': [],
      'customers.list': pageOf([]),
      'companies.getSettings': {
        invoicing: {
          defaultPaymentTermsDays: 30,
          defaultPaymentTerms: {
            instalments: [
              { days: 30, percentBp: 5000 },
              { days: 60, percentBp: 5000 },
            ],
          },
          defaultPaymentMethod: 'TRANSFER',
        },
      },
      'invoices.create': invoice(7, { invoiceId: 'inv-new' }),
    });
    const { router } = renderForm();
    await fillInlineCustomer();
    type('Descripción de la línea 1', 'Reparación');
    type('Precio unitario de la línea 1', '100');
    const today = dayjs().format('YYYY-MM-DD');
    const computed = await screen.findByTestId('computed-due-dates');
    // 121,00 € in two halves of 60,50 €, at 30 and 60 days.
    expect(computed.textContent).toContain(
      `${dayjs(dueDateAfter(today, 30)).format('DD/MM/YYYY')}: ${formatCents(6050)}`,
    );
    expect(computed.textContent).toContain(
      `${dayjs(dueDateAfter(today, 60)).format('DD/MM/YYYY')}: ${formatCents(6050)}`,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Guardar borrador' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/invoices/inv-new'));
    expect(callsTo(apiRequest, 'invoices.create')[0]?.body).not.toHaveProperty('dueDate');
  });

  it('"Guardar como cliente" creates the customer first and issues the invoice to it', async () => {
    answerApi(apiRequest, {
      'invoiceSeries.list': [],
      'customers.list': pageOf([]),
      'companies.getSettings': {
        invoicing: { defaultPaymentTermsDays: 45, defaultPaymentMethod: 'TRANSFER' },
      },
      'customers.create': (options: { body?: unknown }) => ({
        ...(options.body as object),
        customerId: 'cus-new',
      }),
      'customers.get': { customerId: 'cus-new', name: 'Comunidad Embajadores 41', paymentTermsDays: 45 },
      'invoices.createAndConfirm': invoice(7, { invoiceId: 'inv-new' }),
    });
    const { router } = renderForm();
    await fillInlineCustomer();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Guardar como cliente' }));
    await screen.findByLabelText('Provincia del cliente');
    // Saving the customer needs its fiscal address; the province follows the postal code.
    fireEvent.click(screen.getByRole('button', { name: 'Guardar y confirmar' }));
    expect(await screen.findByText('La dirección es obligatoria para guardar el cliente.')).toBeTruthy();
    expect(callsTo(apiRequest, 'customers.create')).toEqual([]);
    type('Dirección del cliente', 'Calle Embajadores 41');
    type('Código postal del cliente', '28012');
    type('Población del cliente', 'Madrid');
    type('Descripción de la línea 1', 'Reparación');
    type('Precio unitario de la línea 1', '50');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar y confirmar' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/app/invoices/inv-new'));
    expect(callsTo(apiRequest, 'customers.create')[0]?.body).toEqual({
      name: 'Comunidad Embajadores 41',
      taxId: 'B12345674',
      address: {
        street: 'Calle Embajadores 41',
        postalCode: '28012',
        city: 'Madrid',
        province: 'Madrid',
        country: 'ES',
      },
      paymentTermsDays: 45,
    });
    const body = callsTo(apiRequest, 'invoices.createAndConfirm')[0]?.body;
    expect(body).toMatchObject({ customerId: 'cus-new' });
    expect(body).not.toHaveProperty('customer');
  });

  it('uses the customer the company already has with that NIF instead of a copy', async () => {
    answerApi(apiRequest, {
      'invoiceSeries.list': [],
      'customers.list': pageOf([]),
      'customers.create': () => {
        throw new ApiError({
          code: 'CORE_004',
          message: 'Ya existe un cliente con este identificador fiscal en la empresa.',
          status: 400,
          field: 'taxId',
          details: { reason: 'DUPLICATE_TAX_ID', customerId: 'cus-old' },
        });
      },
      'invoices.create': invoice(7, { invoiceId: 'inv-new' }),
    });
    const { router } = renderForm();
    await fillInlineCustomer();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Guardar como cliente' }));
    await screen.findByLabelText('Provincia del cliente');
    type('Dirección del cliente', 'Calle Embajadores 41');
    type('Código postal del cliente', '28012');
    type('Población del cliente', 'Madrid');
    type('Descripción de la línea 1', 'Reparación');
    type('Precio unitario de la línea 1', '50');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar borrador' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/app/invoices/inv-new'));
    expect(callsTo(apiRequest, 'invoices.create')[0]?.body).toMatchObject({ customerId: 'cus-old' });
  });

  it('shows why the customer could not be saved under its field, and saves no invoice', async () => {
    answerApi(apiRequest, {
      'invoiceSeries.list': [],
      'customers.list': pageOf([]),
      'customers.create': () => {
        throw new ApiError({
          code: 'CORE_004',
          message: 'address.postalCode: El código postal no es válido.',
          status: 400,
          field: 'address.postalCode',
          details: { issues: [{ field: 'address.postalCode', message: 'El código postal no es válido.' }] },
        });
      },
    });
    renderForm();
    await fillInlineCustomer();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Guardar como cliente' }));
    await screen.findByLabelText('Provincia del cliente');
    type('Dirección del cliente', 'Calle Mayor 1');
    type('Código postal del cliente', '99999');
    type('Población del cliente', 'Ninguna');
    type('Provincia del cliente', 'Madrid');
    type('Descripción de la línea 1', 'Reparación');
    type('Precio unitario de la línea 1', '50');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar borrador' }));

    expect(
      await within(fieldOf('Código postal del cliente')).findByText('El código postal no es válido.'),
    ).toBeTruthy();
    expect(callsTo(apiRequest, 'invoices.create')).toEqual([]);
  });
});
