import { CreateRecurringTemplateBody } from '@shared/schemas/recurring-invoices';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { apiRequest } from '@web/lib/api-client';
import { ApiError } from '@web/lib/api-error';
import { notification } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi, callsTo } from '../../../testing/api-mock';
import { renderRoutes } from '../../../testing/render';
import { TemplateDrawer } from './template-drawer';

vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));

const emptyPage = { content: [], totalElements: 0, totalPages: 0, page: 0, size: 20 };
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

afterEach(() => {
  notification.destroy();
  vi.resetAllMocks();
});

const renderDrawer = (onClose = vi.fn()) =>
  renderRoutes([
    {
      path: '/',
      element: <TemplateDrawer companyId="c-1" open template={null} onClose={onClose} />,
    },
  ]);

describe('TemplateDrawer', { timeout: 30_000 }, () => {
  it('takes a new customer: saves it in Clientes first, then the template bills it', async () => {
    answerApi(apiRequest, {
      'customers.list': emptyPage,
      'customers.create': (options: { body?: unknown }) => ({
        ...(options.body as object),
        customerId: 'cus-new',
        vatTreatment: 'DOMESTIC',
      }),
      'customers.get': { customerId: 'cus-new', name: 'Academia Sol SL', vatTreatment: 'DOMESTIC' },
      'recurring.createTemplate': { templateId: 't-1' },
    });
    const onClose = vi.fn();
    renderDrawer(onClose);
    await screen.findByLabelText('Nombre de la plantilla');
    type('Nombre de la plantilla', 'Cuota');
    fireEvent.click(screen.getByRole('radio', { name: 'Cliente nuevo' }));
    await screen.findByLabelText('NIF del cliente');
    type('NIF del cliente', 'B12345674');
    type('Nombre del cliente', 'Academia Sol SL');
    type('Dirección del cliente', 'Calle Sol 3');
    type('Código postal del cliente', '46001');
    type('Población del cliente', 'Valencia');
    // The lines are the invoice form's shared editor (treatment, not a second line editor).
    type('Descripción de la línea 1', 'Cuota {MES} {AÑO}');
    type('Precio unitario de la línea 1', '1.396');
    // The amount of each invoice: 1.396,00 € + 21 % = 1.689,16 € (thousands grouped).
    expect(
      await screen.findByText((_, el) => el?.tagName === 'STRONG' && el.textContent === '1.689,16\u00a0€'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(callsTo(apiRequest, 'customers.create')[0]?.body).toEqual({
      name: 'Academia Sol SL',
      taxId: 'B12345674',
      address: {
        street: 'Calle Sol 3',
        postalCode: '46001',
        city: 'Valencia',
        province: 'Valencia',
        country: 'ES',
      },
    });
    const body = CreateRecurringTemplateBody.parse(callsTo(apiRequest, 'recurring.createTemplate')[0]?.body);
    expect(body).toMatchObject({ name: 'Cuota', customerId: 'cus-new' });
    expect(body.invoiceLines).toEqual([
      expect.objectContaining({
        description: 'Cuota {MES} {AÑO}',
        quantity: 1000,
        unitPriceCents: 139_600,
        vatRateBp: 2100,
      }),
    ]);
  });

  it('saves no template when the new customer is refused, and says why under its field', async () => {
    answerApi(apiRequest, {
      'customers.list': emptyPage,
      'customers.create': () => {
        throw new ApiError({
          code: 'CORE_004',
          message: 'taxId: El NIF no es válido.',
          status: 400,
          field: 'taxId',
          details: { issues: [{ field: 'taxId', message: 'El NIF no es válido.' }] },
        });
      },
    });
    renderDrawer();
    await screen.findByLabelText('Nombre de la plantilla');
    type('Nombre de la plantilla', 'Cuota');
    fireEvent.click(screen.getByRole('radio', { name: 'Cliente nuevo' }));
    await screen.findByLabelText('NIF del cliente');
    type('NIF del cliente', 'B12345674');
    type('Nombre del cliente', 'Academia Sol SL');
    type('Dirección del cliente', 'Calle Sol 3');
    type('Código postal del cliente', '46001');
    type('Población del cliente', 'Valencia');
    type('Descripción de la línea 1', 'Cuota');
    type('Precio unitario de la línea 1', '10');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));

    expect(await screen.findByText('El NIF no es válido.')).toBeTruthy();
    expect(callsTo(apiRequest, 'recurring.createTemplate')).toEqual([]);
  });
});
