import { fireEvent, screen, waitFor } from '@testing-library/react';
import { apiRequest } from '@web/lib/api-client';
import { ApiError } from '@web/lib/api-error';
import { notification } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi } from '../../../testing/api-mock';
import { renderRoutes } from '../../../testing/render';
import { invoice, pageOf } from '../testing/fixtures';
import { InvoiceDetail } from './invoice-detail';
import { InvoiceForm } from './invoice-form';
import { isAppPath, pageLinkOf, RefusalAlert } from './refusal-alert';

vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));
vi.mock('@web/lib/company', () => ({ useCompanyId: () => 'c-1' }));
vi.mock('@web/lib/access', () => ({ useCan: () => true, useCanCall: () => () => true }));

afterEach(() => {
  notification.destroy();
  vi.resetAllMocks();
});

/** The server's refusal from the date VeriFacTu is mandatory (model/verifactu-readiness.ts). */
const verifactuRequired = (link: unknown = '/app/companies/c-1/verifactu') =>
  new ApiError({
    code: 'DOC_047',
    status: 409,
    message:
      'Desde el 1 de enero de 2027 VeriFacTu es obligatorio para tu empresa. VeriFacTu no está configurado.',
    details: { reason: 'VERIFACTU_REQUIRED', sendingBlock: 'NOT_CONFIGURED', link },
  });

describe('pageLinkOf', () => {
  it('links the VeriFacTu configuration a DOC_047 refusal names', () => {
    expect(pageLinkOf(verifactuRequired())).toEqual({
      to: '/app/companies/c-1/verifactu',
      label: 'Configurar VeriFacTu',
    });
  });

  it.each([
    'https://evil.example/app/x',
    '//evil.example/app/x',
    '/\\evil.example',
    'javascript:alert(1)',
    '/app//evil.example',
    '/app/../auth/login',
    '/app/companies/./c-1',
    '/app/x#y',
    '/auth/login',
    42,
  ])('never links %s', (link) => {
    expect(isAppPath(link)).toBe(false);
    expect(pageLinkOf(verifactuRequired(link))).toBeNull();
  });

  it('gives no link for an error without one', () => {
    expect(pageLinkOf(new ApiError({ code: 'DOC_047', status: 409, message: 'x' }))).toBeNull();
    expect(pageLinkOf(new Error('x'))).toBeNull();
  });
});

describe('RefusalAlert', { timeout: 20_000 }, () => {
  it("shows the server's message with the link, and a form's own message as it is", async () => {
    const onClose = vi.fn();
    renderRoutes([
      {
        path: '/',
        element: (
          <>
            <RefusalAlert error={verifactuRequired()} />
            <RefusalAlert error="Revisa los campos marcados." onClose={onClose} />
          </>
        ),
      },
    ]);
    expect(await screen.findByText(/VeriFacTu es obligatorio para tu empresa/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Configurar VeriFacTu' }).getAttribute('href')).toBe(
      '/app/companies/c-1/verifactu',
    );
    expect(screen.getByText('Revisa los campos marcados.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /close/i }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });
});

describe('a confirmation refused because VeriFacTu is mandatory', { timeout: 30_000 }, () => {
  it('links the VeriFacTu configuration from the invoice detail', async () => {
    answerApi(apiRequest, {
      'invoices.get': invoice(1, { status: 'DRAFT', invoiceNumber: null, number: null }),
      'invoices.confirm': () => {
        throw verifactuRequired();
      },
    });
    renderRoutes([{ path: '/app/invoices/:invoiceId', element: <InvoiceDetail invoiceId="inv-1" /> }], {
      path: '/app/invoices/inv-1',
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Confirmar' }));
    // The Popconfirm's own 'Confirmar' button.
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Confirmar' }).length).toBe(2));
    fireEvent.click(screen.getAllByRole('button', { name: 'Confirmar' }).at(-1)!);
    const link = await screen.findByRole('link', { name: 'Configurar VeriFacTu' });
    expect(link.getAttribute('href')).toBe('/app/companies/c-1/verifactu');
  });

  it('links the VeriFacTu configuration from the form\'s "Guardar y confirmar"', async () => {
    answerApi(apiRequest, {
      'invoiceSeries.list': [],
      'customers.list': pageOf([]),
      'invoices.createAndConfirm': () => {
        throw verifactuRequired();
      },
    });
    renderRoutes([{ path: '/app/invoices/create', element: <InvoiceForm /> }], {
      path: '/app/invoices/create',
    });
    fireEvent.click(await screen.findByRole('radio', { name: 'Datos del cliente' }));
    const type = (label: string, value: string) =>
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
    await screen.findByLabelText('NIF del cliente');
    type('NIF del cliente', 'B12345674');
    type('Nombre del cliente', 'Comunidad Embajadores 41');
    type('Descripción de la línea 1', 'Reparación');
    type('Cantidad de la línea 1', '2');
    type('Precio unitario de la línea 1', '50');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar y confirmar' }));

    const link = await screen.findByRole('link', { name: 'Configurar VeriFacTu' });
    expect(link.getAttribute('href')).toBe('/app/companies/c-1/verifactu');
    expect(screen.getAllByText(/VeriFacTu es obligatorio para tu empresa/).length).toBeGreaterThan(0);
  });
});
