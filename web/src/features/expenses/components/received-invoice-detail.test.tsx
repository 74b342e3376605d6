import type {
  ReceivedInvoice,
  ReceivedInvoicePayment,
  ReceivedInvoiceTotals,
} from '@shared/schemas/received-invoices';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { apiRequest } from '@web/lib/api-client';
import { notification } from 'antd';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi, callsTo } from '../../../testing/api-mock';
import { renderRoutes } from '../../../testing/render';
import { category } from '../testing/fixtures';
import { ReceivedInvoiceDetail } from './received-invoice-detail';

vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));
vi.mock('@web/lib/company', async (original) => ({
  ...(await original<typeof import('@web/lib/company')>()),
  useCompanyId: () => 'c-1',
}));

afterAll(() => new Promise((resolve) => setTimeout(resolve, 500)));
afterEach(() => {
  notification.destroy();
  vi.resetAllMocks();
});

const totals: ReceivedInvoiceTotals = {
  baseCents: 50_000,
  vatCents: 10_500,
  supplierVatCents: 10_500,
  selfAssessedVatCents: 0,
  importVatCents: 0,
  deductibleVatCents: 10_500,
  recargoCents: 0,
  irpfCents: 0,
  totalCents: 60_500,
  lineBasesCents: [50_000],
  breakdown: [],
};

const invoice = (overrides: Partial<ReceivedInvoice> = {}): ReceivedInvoice => ({
  receivedInvoiceId: 'rec-3',
  companyId: 'c-1',
  supplier: { supplierId: 's-1', name: 'Gasóleos del Turia SL', taxId: 'B46000002', country: 'ES' },
  supplierInvoiceNumber: 'PROV-88',
  invoiceType: 'F1',
  rectification: null,
  issueDate: '2027-03-01',
  accountingDate: '2027-03-02',
  lines: [
    {
      description: 'Gasóleo A',
      quantityMilli: 1000,
      unitPriceCents: 50_000,
      discountBp: 0,
      vatRateBp: 2100,
      kind: 'DOMESTIC',
      deductibleBp: 10_000,
      recargoRateBp: 0,
      investmentGoods: false,
    },
  ],
  irpfRateBp: 0,
  expenseCategoryId: 'cat-1',
  paymentMethod: 'TRANSFER',
  attachments: [],
  approvalStatus: 'APPROVED',
  approval: null,
  totals,
  siiStatus: 'REJECTED',
  paidCents: 20_000,
  paymentStatus: 'PARTIAL',
  version: 2,
  createdBy: 'u-1',
  createdAt: '2027-03-02T10:00:00Z',
  updatedAt: '2027-03-02T10:00:00Z',
  ...overrides,
});

const payment = (overrides: Partial<ReceivedInvoicePayment> = {}): ReceivedInvoicePayment => ({
  paymentId: 'pay-1',
  amountCents: 20_000,
  paidAt: '2027-03-03',
  method: 'TRANSFER',
  account: 'ES9121000418450200051332',
  reference: null,
  status: 'ACTIVE',
  createdAt: '2027-03-03T10:00:00Z',
  createdBy: 'u-1',
  ...overrides,
});

const renderPage = () =>
  renderRoutes(
    [
      {
        path: '/app/admin/invoicing/expenses/:receivedInvoiceId',
        element: <ReceivedInvoiceDetail receivedInvoiceId="rec-3" />,
      },
    ],
    { path: '/app/admin/invoicing/expenses/rec-3' },
  );

describe('ReceivedInvoiceDetail', { timeout: 30_000 }, () => {
  it('shows the invoice with its SII state and its payments', async () => {
    answerApi(apiRequest, {
      'receivedInvoices.get': invoice(),
      'receivedInvoices.listPayments': [
        payment(),
        payment({
          paymentId: 'pay-0',
          amountCents: 5_000,
          account: null,
          status: 'DELETED',
          deleteReason: 'Duplicado',
        }),
      ],
      'expenseCategories.list': [category(1, { categoryId: 'cat-1', name: 'Combustible' })],
    });
    renderPage();

    expect(await screen.findByRole('heading', { name: 'Factura recibida PROV-88' })).toBeTruthy();
    expect(screen.getByText('SII: Rechazada')).toBeTruthy();
    expect(screen.getByText('Pago parcial')).toBeTruthy();
    expect(screen.getByText('Gasóleo A')).toBeTruthy();
    const payments = screen.getByLabelText('Pagos');
    expect(within(payments).getByTestId('paid-amount').textContent).toBe('200,00\u00a0€');
    expect(within(payments).getByTestId('pending-amount').textContent).toBe('405,00\u00a0€');
    expect(await within(payments).findByText('ES9121000418450200051332')).toBeTruthy();
    expect(within(payments).getByText('Eliminado')).toBeTruthy();
    expect(await screen.findByText('Combustible')).toBeTruthy();
  });

  it('shows the due dates (Vencimientos), the payments settling the oldest first, and Vencida', async () => {
    answerApi(apiRequest, {
      'receivedInvoices.get': invoice({
        dueDates: [
          { dueDate: '2027-03-31', amountCents: 30_250 },
          { dueDate: '2027-04-30', amountCents: 30_250 },
        ],
        paidCents: 30_250,
        paymentStatus: 'OVERDUE',
      }),
      'receivedInvoices.listPayments': [],
      'expenseCategories.list': [],
    });
    renderPage();
    expect(await screen.findByText('Vencimientos')).toBeTruthy();
    expect(screen.getByText('Vencida')).toBeTruthy();
    expect(screen.getByText('31/03/2027')).toBeTruthy();
    expect(screen.getByText('30/04/2027')).toBeTruthy();
  });

  it('registers a payment (amount in euros → céntimos, account) and deletes one with its reason', async () => {
    answerApi(apiRequest, {
      'receivedInvoices.get': invoice(),
      'receivedInvoices.listPayments': [payment()],
      'receivedInvoices.addPayment': payment({ paymentId: 'pay-2' }),
      'receivedInvoices.deletePayment': {},
      'expenseCategories.list': [],
    });
    renderPage();

    const amount = await screen.findByLabelText('Importe del pago');
    expect((amount as HTMLInputElement).value).toBe('405,00');
    fireEvent.change(amount, { target: { value: '100,50' } });
    fireEvent.change(screen.getByLabelText('Cuenta o medio de pago'), { target: { value: 'Tarjeta 4242' } });
    fireEvent.click(screen.getByRole('button', { name: 'Registrar pago' }));
    await waitFor(() => expect(callsTo(apiRequest, 'receivedInvoices.addPayment')).toHaveLength(1));
    expect(callsTo(apiRequest, 'receivedInvoices.addPayment')[0]).toMatchObject({
      params: { receivedInvoiceId: 'rec-3' },
      companyId: 'c-1',
      body: { amountCents: 10_050, method: 'TRANSFER', account: 'Tarjeta 4242' },
    });
    expect(await screen.findByText('Pago registrado.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Eliminar el pago del 03/03/2027' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Motivo de la eliminación'), {
      target: { value: 'Duplicado' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(callsTo(apiRequest, 'receivedInvoices.deletePayment')).toHaveLength(1));
    expect(callsTo(apiRequest, 'receivedInvoices.deletePayment')[0]).toMatchObject({
      params: { receivedInvoiceId: 'rec-3', paymentId: 'pay-1' },
      query: { reason: 'Duplicado' },
    });
  });

  it('says when the VAT is deductible only when paid, and why (criterio de caja)', async () => {
    answerApi(apiRequest, {
      'receivedInvoices.get': invoice({ deductionOnPayment: 'OWN_RECC', operationDate: '2027-02-20' }),
      'receivedInvoices.listPayments': [],
      'expenseCategories.list': [],
    });
    renderPage();
    expect(await screen.findByText('IVA deducible al pago (criterio de caja)')).toBeTruthy();
    expect(
      screen.getByText(
        'La empresa aplica el régimen especial del criterio de caja: se deduce al pagar, y lo pendiente el 31/12/2028.',
      ),
    ).toBeTruthy();
  });

  it("names the supplier's regime, and says nothing under the general rule", async () => {
    answerApi(apiRequest, {
      'receivedInvoices.get': invoice({ deductionOnPayment: 'SUPPLIER_RECC', supplierCashCriterion: true }),
      'receivedInvoices.listPayments': [],
      'expenseCategories.list': [],
    });
    const first = renderPage();
    expect(
      await screen.findByText(
        'El proveedor aplica el régimen especial del criterio de caja: se deduce al pagar, y lo pendiente el 31/12/2028.',
      ),
    ).toBeTruthy();
    first.unmount();
    answerApi(apiRequest, {
      'receivedInvoices.get': invoice({ deductionOnPayment: null }),
      'receivedInvoices.listPayments': [],
      'expenseCategories.list': [],
    });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Factura recibida PROV-88' })).toBeTruthy();
    expect(screen.queryByText('IVA deducible al pago (criterio de caja)')).toBeNull();
  });

  it("shows an incomplete draft's unread number, date and tax id as 'Sin leer', never empty", async () => {
    answerApi(apiRequest, {
      'receivedInvoices.get': invoice({
        supplier: { supplierId: null, name: '', taxId: '', country: 'ES' },
        supplierInvoiceNumber: '',
        issueDate: '',
        accountingDate: undefined,
        approvalStatus: 'PENDING',
        siiStatus: undefined,
        draft: {
          documentId: 'doc-1',
          source: 'OCR',
          needsReview: true,
          incompleteFields: ['invoiceNumber', 'issueDate', 'supplierNif'],
          booked: false,
        },
      } as Partial<ReceivedInvoice>),
      'receivedInvoices.listPayments': [],
      'expenseCategories.list': [],
    });
    renderPage();

    expect(await screen.findByRole('heading', { name: 'Factura recibida (número sin leer)' })).toBeTruthy();
    const data = screen.getByText('Datos de la factura').closest('.ant-card') as HTMLElement;
    const shown = (label: string) =>
      within(data)
        .getByText(label)
        .closest('.ant-descriptions-item')
        ?.querySelector('.ant-descriptions-item-content')?.textContent;
    for (const label of ['Proveedor', 'NIF', 'Número', 'Fecha de expedición'])
      expect(shown(label), label).toBe('Sin leer');
    expect(shown('Fecha contable')).toBe('—');
    expect(data.textContent).not.toContain('Invalid');
  });

  it('a missing invoice says so', async () => {
    answerApi(apiRequest, { 'expenseCategories.list': [] });
    renderPage();
    expect(
      await screen.findByText('Esta factura recibida no existe o no es de la empresa seleccionada.'),
    ).toBeTruthy();
  });
});
