import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { apiRequest } from '@web/lib/api-client';
import { ApiError } from '@web/lib/api-error';
import { notification } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi, callsTo } from '../../../testing/api-mock';
import { renderRoutes } from '../../../testing/render';
import { invoice } from '../testing/fixtures';
import { EditInvoice } from './edit-invoice';
import { InvoiceDetail } from './invoice-detail';

vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));
vi.mock('@web/lib/company', () => ({ useCompanyId: () => 'c-1' }));
vi.mock('@web/lib/access', () => ({ useCan: () => true, useCanCall: () => () => true }));

const renderDetail = (path = '/app/invoices/inv-1') =>
  renderRoutes(
    [
      { path: '/app/invoices/:invoiceId', element: <InvoiceDetail invoiceId="inv-1" /> },
      { path: '/app/invoices/:invoiceId/edit', element: <EditInvoice invoiceId="inv-1" /> },
      { path: '/app/invoices/rect-1', element: <h1>Rectificativa creada</h1> },
    ],
    { path },
  );

const button = (name: string) => screen.getByRole('button', { name });

afterEach(() => {
  notification.destroy();
  vi.resetAllMocks();
});

describe('InvoiceDetail', { timeout: 20_000 }, () => {
  it('a draft offers confirm, edit and delete, not e-mail, payment or rectification', async () => {
    answerApi(apiRequest, {
      'invoices.get': invoice(1, {
        status: 'DRAFT',
        invoiceNumber: null,
        number: null,
        paymentStatus: undefined,
      }),
    });
    renderDetail();
    expect(await screen.findByRole('heading', { name: 'Borrador de factura' })).toBeTruthy();
    expect(button('Confirmar')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Editar' }).getAttribute('href')).toBe(
      '/app/invoices/inv-1/edit',
    );
    expect(button('Eliminar')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Enviar por e-mail' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Emitir rectificativa' })).toBeNull();
  });

  it("shows the invoice's due dates (Vencimientos) with paid, pending and overdue", async () => {
    answerApi(apiRequest, {
      'invoices.get': {
        ...invoice(1, { paidCents: 5000 }),
        instalments: [
          { dueDate: '2026-04-01', amountCents: 5000, paidCents: 5000, pendingCents: 0, overdue: false },
          { dueDate: '2026-05-01', amountCents: 7100, paidCents: 0, pendingCents: 7100, overdue: true },
        ],
      },
      'invoices.emailLog': [],
    });
    renderDetail();
    expect(await screen.findByText('Vencimientos')).toBeTruthy();
    expect(screen.getByText('01/05/2026')).toBeTruthy();
    expect(screen.getByText('Vencido')).toBeTruthy();
  });

  it('a confirmed invoice shows its number, totals, payment state and e-mail log', async () => {
    answerApi(apiRequest, {
      'invoices.get': invoice(1, { legalMentions: ['Operación exenta de IVA'], rectifiedBy: ['rect-1'] }),
      'invoices.emailLog': [
        {
          emailId: 'e-1',
          to: ['cliente@example.es'],
          cc: [],
          subject: 'Factura F-2026-0001',
          status: 'FAILED',
          queuedAt: '2026-03-10T10:00:00Z',
          sentAt: null,
          error: 'Buzón lleno',
        },
      ],
      'customers.get': { customerId: 'cus-1', email: 'cliente@example.es' },
    });
    renderDetail();
    expect(await screen.findByRole('heading', { name: 'Factura F-2026-0001' })).toBeTruthy();
    expect(screen.getByText('Confirmada')).toBeTruthy();
    expect(screen.getByText('Pendiente')).toBeTruthy();
    expect(screen.getByText('Operación exenta de IVA')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'ver rectificativa 1' }).getAttribute('href')).toBe(
      '/app/invoices/rect-1',
    );
    const log = screen.getByLabelText('Registro de envíos por e-mail');
    expect(await within(log).findByText('Error')).toBeTruthy();
    expect(within(log).getByText('cliente@example.es')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Registrar cobro' }).getAttribute('href')).toBe(
      '/app/invoices/inv-1/payments',
    );
  });

  it('"Enviar por e-mail" posts to, cc, subject and message', async () => {
    answerApi(apiRequest, {
      'invoices.get': invoice(1),
      'invoices.emailLog': [],
      'customers.get': { customerId: 'cus-1', email: 'cliente@example.es' },
      'invoices.sendEmail': { emailId: 'e-2', status: 'QUEUED' },
    });
    renderDetail();
    fireEvent.click(await screen.findByRole('button', { name: 'Enviar por e-mail' }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() =>
      expect((within(dialog).getByLabelText('Para') as HTMLInputElement).value).toBe('cliente@example.es'),
    );
    // The message is the whole text sent: pre-filled with one greeting, which the server does not repeat.
    const prefilled = (within(dialog).getByLabelText('Mensaje') as HTMLTextAreaElement).value;
    expect(prefilled.startsWith('Buenos días:')).toBe(true);
    expect(prefilled).toContain('la factura F-2026-0001');
    expect(prefilled.match(/Buenos días/g)).toHaveLength(1);
    fireEvent.change(within(dialog).getByLabelText('CC'), {
      target: { value: 'gestor@example.es, socio@example.es' },
    });
    fireEvent.change(within(dialog).getByLabelText('Mensaje'), {
      target: { value: 'Adjuntamos la factura.' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(callsTo(apiRequest, 'invoices.sendEmail').length).toBe(1));
    expect(callsTo(apiRequest, 'invoices.sendEmail')[0]?.body).toEqual({
      to: ['cliente@example.es'],
      cc: ['gestor@example.es', 'socio@example.es'],
      subject: 'Factura F-2026-0001',
      message: 'Adjuntamos la factura.',
    });
  });

  it('"Emitir rectificativa" by substitution sends the corrected lines in céntimos and opens the rectificativa', async () => {
    answerApi(apiRequest, {
      'invoices.get': invoice(1),
      'invoices.emailLog': [],
      'customers.get': { customerId: 'cus-1' },
      'invoices.rectify': invoice(9, {
        invoiceId: 'rect-1',
        invoiceType: 'R1',
        invoiceNumber: 'R-2026-0001',
      }),
    });
    const { router } = renderDetail();
    fireEvent.click(await screen.findByRole('button', { name: 'Emitir rectificativa' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Precio unitario de la línea 1'), {
      target: { value: '90,5' },
    });
    fireEvent.change(within(dialog).getByLabelText('Motivo'), {
      target: { value: 'Precio pactado erróneo' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Emitir rectificativa' }));
    await waitFor(() => expect(callsTo(apiRequest, 'invoices.rectify').length).toBe(1));
    expect(callsTo(apiRequest, 'invoices.rectify')[0]?.body).toEqual({
      rectificationType: 'R1',
      method: 'SUBSTITUTION',
      reason: 'Precio pactado erróneo',
      // The copy says which original line it replaces and that it was changed (the server checks
      // that unchanged lines equal the original's).
      invoiceLines: [
        {
          description: 'Reparación',
          quantity: '1',
          unitPriceCents: 9_050,
          discountBp: 0,
          vatRateBp: 2100,
          sourceLine: 0,
          changed: true,
        },
      ],
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/invoices/rect-1'));
  });

  it("a substituted invoice shows 'Sustituida' and offers neither payment nor another rectificativa", async () => {
    answerApi(apiRequest, {
      'invoices.get': invoice(1, { substitutedBy: 'rect-1', substitutedByNumber: 'R-2026-0001' }),
      'invoices.emailLog': [],
      'customers.get': { customerId: 'cus-1' },
    });
    renderDetail();
    expect(await screen.findByText('Sustituida')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'R-2026-0001' }).getAttribute('href')).toBe(
      '/app/invoices/rect-1',
    );
    expect(screen.queryByRole('link', { name: 'Registrar cobro' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Emitir rectificativa' })).toBeNull();
    expect(screen.queryByText('Pendiente de cobro')).toBeNull();
  });

  it('a confirmation refused for a missing fiscal address links to where to fill it', async () => {
    answerApi(apiRequest, {
      'invoices.get': invoice(1, { status: 'DRAFT', invoiceNumber: null, number: null }),
      'invoices.confirm': () => {
        throw new ApiError({
          code: 'CORE_004',
          status: 400,
          message: 'Completa la dirección fiscal del cliente',
          details: { reason: 'CUSTOMER_ADDRESS_REQUIRED', fix: 'CUSTOMER_ADDRESS', customerId: 'cus-1' },
        });
      },
    });
    renderDetail();
    fireEvent.click(await screen.findByRole('button', { name: 'Confirmar' }));
    // The Popconfirm's own 'Confirmar' button.
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Confirmar' }).length).toBe(2));
    fireEvent.click(screen.getAllByRole('button', { name: 'Confirmar' }).at(-1)!);
    const link = await screen.findByRole('link', { name: 'Completar los datos del cliente' });
    expect(link.getAttribute('href')).toBe('/app/admin/invoicing/customers?edit=cus-1');
  });

  it('"Anular" requires a reason and posts it', async () => {
    answerApi(apiRequest, {
      'invoices.get': invoice(1),
      'invoices.emailLog': [],
      'customers.get': { customerId: 'cus-1' },
      'invoices.cancel': invoice(1, { status: 'CANCELLED' }),
    });
    renderDetail();
    fireEvent.click(await screen.findByRole('button', { name: 'Anular' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Anular factura' }));
    expect(await within(dialog).findByText('Indica el motivo de la anulación.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Motivo de la anulación'), {
      target: { value: 'Emitida por error' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Anular factura' }));
    await waitFor(() => expect(callsTo(apiRequest, 'invoices.cancel').length).toBe(1));
    expect(callsTo(apiRequest, 'invoices.cancel')[0]?.body).toEqual({ reason: 'Emitida por error' });
  });

  it("the edit page of a confirmed invoice says it cannot be edited and offers 'Emitir rectificativa'", async () => {
    answerApi(apiRequest, { 'invoices.get': invoice(1) });
    renderDetail('/app/invoices/inv-1/edit');
    expect(await screen.findByText('La factura F-2026-0001 no se puede modificar')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Emitir rectificativa' }).getAttribute('href')).toBe(
      '/app/invoices/inv-1?rectify=1',
    );
  });
});
