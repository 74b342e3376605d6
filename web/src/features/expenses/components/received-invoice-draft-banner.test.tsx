import type { ReceivedInvoice, ReceivedInvoiceTotals } from '@shared/schemas/received-invoices';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { apiRequest } from '@web/lib/api-client';
import { apiDownload } from '@web/lib/api-download';
import { notification } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi } from '../../../testing/api-mock';
import { renderRoutes } from '../../../testing/render';
import { ReceivedInvoiceDetail } from './received-invoice-detail';

vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));
vi.mock('@web/lib/api-download', async (original) => ({
  ...(await original<typeof import('@web/lib/api-download')>()),
  apiDownload: vi.fn(),
}));
vi.mock('@web/lib/company', async (original) => ({
  ...(await original<typeof import('@web/lib/company')>()),
  useCompanyId: () => 'c-1',
}));

afterEach(() => {
  notification.destroy();
  vi.restoreAllMocks();
  vi.resetAllMocks();
});

const totals: ReceivedInvoiceTotals = {
  baseCents: 10_000,
  vatCents: 2_100,
  supplierVatCents: 2_100,
  selfAssessedVatCents: 0,
  importVatCents: 0,
  deductibleVatCents: 2_100,
  recargoCents: 0,
  irpfCents: 0,
  totalCents: 12_100,
  lineBasesCents: [10_000],
  breakdown: [],
};

const invoice = (overrides: Partial<ReceivedInvoice> = {}): ReceivedInvoice => ({
  receivedInvoiceId: 'rec-7',
  companyId: 'c-1',
  supplier: { supplierId: 's-1', name: 'Suministros Levante SL', taxId: '', country: 'ES' },
  supplierInvoiceNumber: 'F-2026-001',
  invoiceType: 'F1',
  rectification: null,
  issueDate: '2026-03-01',
  accountingDate: '2026-03-01',
  lines: [
    {
      description: 'Base imponible al 21 %',
      quantityMilli: 1000,
      unitPriceCents: 10_000,
      discountBp: 0,
      vatRateBp: 2100,
      kind: 'DOMESTIC',
      deductibleBp: 10_000,
      recargoRateBp: 0,
      investmentGoods: false,
    },
  ],
  irpfRateBp: 0,
  expenseCategoryId: null,
  attachments: [{ documentId: 'doc-9', fileName: 'factura.pdf' }],
  approvalStatus: 'PENDING',
  approval: null,
  totals,
  version: 1,
  createdBy: 'u-1',
  createdAt: '2026-03-02T10:00:00Z',
  updatedAt: '2026-03-02T10:00:00Z',
  ...overrides,
});

const renderPage = (inv: ReceivedInvoice) => {
  answerApi(apiRequest, {
    'receivedInvoices.get': inv,
    'receivedInvoices.listPayments': [],
    'expenseCategories.list': [],
  });
  return renderRoutes(
    [
      {
        path: '/app/admin/invoicing/expenses/:receivedInvoiceId',
        element: <ReceivedInvoiceDetail receivedInvoiceId="rec-7" />,
      },
      { path: '/app/documents', element: <p>Página de documentos</p> },
    ],
    { path: '/app/admin/invoicing/expenses/rec-7' },
  );
};

describe('a received invoice drafted from a document', { timeout: 30_000 }, () => {
  it('says so, names the incomplete fields in Spanish and links to its document', async () => {
    const { router } = renderPage(
      invoice({
        draft: {
          documentId: 'doc-9',
          source: 'OCR',
          needsReview: true,
          incompleteFields: ['supplierNif', 'issueDate', 'totalCents'],
          booked: false,
        },
      }),
    );

    expect(await screen.findByText('Borrador creado a partir de un documento leído')).toBeTruthy();
    expect(screen.getByText('Leído de: OCR.')).toBeTruthy();
    expect(screen.getByTestId('draft-incomplete-fields').textContent).toBe(
      'Campos incompletos o que no cuadran: NIF del proveedor, Fecha de expedición, Total.',
    );
    expect(
      screen.getByText('No se contabiliza hasta que completes los datos que faltan y la apruebes.'),
    ).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Abrir en Documentos' });
    expect(link.getAttribute('href')).toBe('/app/documents?document=doc-9');

    fireEvent.click(link);
    expect(await screen.findByText('Página de documentos')).toBeTruthy();
    expect(router.state.location.search).toBe('?document=doc-9');
  });

  it("'Ver documento' opens the file of documents.view in a new tab", async () => {
    vi.mocked(apiDownload).mockResolvedValue({ kind: 'json', data: { url: 'https://s3.example/doc-9.pdf' } });
    const tab = { location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    renderPage(
      invoice({
        draft: {
          documentId: 'doc-9',
          source: 'TEXT',
          needsReview: false,
          incompleteFields: [],
          booked: true,
        },
      }),
    );

    fireEvent.click(await screen.findByRole('button', { name: 'Ver documento' }));

    await waitFor(() => expect(tab.location.href).toBe('https://s3.example/doc-9.pdf'));
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(vi.mocked(apiDownload)).toHaveBeenCalledWith(
      'documents.view',
      { params: { documentId: 'doc-9' }, companyId: 'c-1' },
      'documento',
    );
    expect(screen.getByText('Leído de: texto del PDF.')).toBeTruthy();
    expect(screen.queryByTestId('draft-incomplete-fields')).toBeNull();
  });

  it('shows no banner on an invoice registered by hand', async () => {
    renderPage(invoice());
    expect(await screen.findByRole('heading', { name: 'Factura recibida F-2026-001' })).toBeTruthy();
    expect(screen.queryByText('Borrador creado a partir de un documento leído')).toBeNull();
  });
});
