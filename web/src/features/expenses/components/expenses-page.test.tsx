import type {
  ExpenseTotals,
  ReceivedInvoice,
  ReceivedInvoiceTotals,
} from '@shared/schemas/received-invoices';
import { screen, within } from '@testing-library/react';
import { apiRequest } from '@web/lib/api-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi } from '../../../testing/api-mock';
import { renderRoutes } from '../../../testing/render';
import { category } from '../testing/fixtures';
import { Expenses } from './expenses-page';

vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));

const totals: ReceivedInvoiceTotals = {
  baseCents: 100_000,
  vatCents: 21_000,
  supplierVatCents: 21_000,
  selfAssessedVatCents: 0,
  importVatCents: 0,
  deductibleVatCents: 21_000,
  recargoCents: 0,
  irpfCents: 0,
  totalCents: 121_000,
  lineBasesCents: [100_000],
  breakdown: [],
};

const received = (overrides: Partial<ReceivedInvoice>): ReceivedInvoice => ({
  receivedInvoiceId: 'ri-1',
  companyId: 'c-1',
  supplier: { supplierId: 's-1', name: 'Harinas del Turia SA', taxId: 'A46000001', country: 'ES' },
  supplierInvoiceNumber: 'HT-2026/0042',
  invoiceType: 'F1',
  rectification: null,
  issueDate: '2026-02-27',
  accountingDate: '2026-02-27',
  lines: [],
  irpfRateBp: 0,
  expenseCategoryId: null,
  attachments: [],
  approvalStatus: 'PENDING',
  approval: null,
  totals,
  version: 1,
  createdBy: 'u-1',
  createdAt: '2026-02-27T10:00:00.000Z',
  updatedAt: '2026-02-27T10:00:00.000Z',
  ...overrides,
});

const expenseTotals: ExpenseTotals = {
  from: null,
  to: null,
  type: 'ALL',
  count: 2,
  baseCents: 0,
  vatCents: 0,
  deductibleVatCents: 0,
  recargoCents: 0,
  irpfCents: 0,
  totalCents: 0,
};

afterEach(() => vi.resetAllMocks());

describe('Expenses: received invoices list', { timeout: 30_000 }, () => {
  it("tags a rectificativa (invoiceType R1–R5) as 'Rectificativa', and not an ordinary invoice", async () => {
    const invoices = [
      received({}),
      received({
        receivedInvoiceId: 'ri-2',
        supplierInvoiceNumber: 'HT-2026/R-003',
        invoiceType: 'R1',
        rectification: {
          method: 'DIFFERENCES',
          reason: 'Devolución de mercancía',
          rectified: [
            { receivedInvoiceId: 'ri-1', supplierInvoiceNumber: 'HT-2026/0042', issueDate: '2026-02-27' },
          ],
        },
        totals: {
          ...totals,
          baseCents: -10_000,
          vatCents: -2_100,
          totalCents: -12_100,
          lineBasesCents: [-10_000],
        },
      }),
      received({ receivedInvoiceId: 'ri-3', supplierInvoiceNumber: 'T-77', invoiceType: 'F2' }),
    ];
    answerApi(apiRequest, {
      'receivedInvoices.list': { content: invoices, page: 0, size: 20, totalElements: 3, totalPages: 1 },
      'expenses.totals': expenseTotals,
      'expenses.byCategory': [],
      'expenseCategories.list': [category(1)],
    });
    renderRoutes([{ path: '/', element: <Expenses companyId="c-1" /> }]);

    const rectificativa = (await screen.findByText('HT-2026/R-003')).closest('tr') as HTMLElement;
    const tag = within(rectificativa).getByText('Rectificativa');
    expect(tag.getAttribute('title')).toBe('Factura rectificativa (R1)');
    for (const number of ['HT-2026/0042', 'T-77']) {
      const row = screen.getByText(number).closest('tr') as HTMLElement;
      expect(within(row).queryByText('Rectificativa')).toBeNull();
    }
    expect(screen.getAllByText('Rectificativa')).toHaveLength(1);
  });

  it("asks for the drafts read from documents and tags them 'Pendiente de revisión' (issue 17)", async () => {
    answerApi(apiRequest, {
      'receivedInvoices.list': {
        content: [
          received({
            supplierInvoiceNumber: 'DOC-1',
            draft: {
              documentId: 'd-1',
              source: 'TEXT',
              needsReview: false,
              incompleteFields: [],
              booked: false,
            },
          }),
          received({
            receivedInvoiceId: 'ri-2',
            supplierInvoiceNumber: 'DOC-2',
            approvalStatus: 'APPROVED',
            draft: {
              documentId: 'd-2',
              source: 'TEXT',
              needsReview: false,
              incompleteFields: [],
              booked: true,
            },
          }),
          received({ receivedInvoiceId: 'ri-3', supplierInvoiceNumber: 'T-77' }),
        ],
        page: 0,
        size: 20,
        totalElements: 3,
        totalPages: 1,
      },
      'expenses.totals': expenseTotals,
      'expenses.byCategory': [],
      'expenseCategories.list': [category(1)],
    });
    renderRoutes([{ path: '/', element: <Expenses companyId="c-1" /> }]);

    const draft = (await screen.findByText('DOC-1')).closest('tr') as HTMLElement;
    expect(within(draft).getByText('Pendiente de revisión')).toBeTruthy();
    expect(screen.getAllByText('Pendiente de revisión')).toHaveLength(1);
    const listCall = vi
      .mocked(apiRequest)
      .mock.calls.find(([route]) => route === 'receivedInvoices.list') as unknown as [
      string,
      { query: Record<string, unknown> },
    ];
    expect(listCall[1].query.drafts).toBe('include');
  });

  it('tags an invoice with a withholding with its rate, its kind and key in the tag’s title', async () => {
    answerApi(apiRequest, {
      'receivedInvoices.list': {
        content: [
          received({
            supplierInvoiceNumber: 'ALQ-06',
            irpfRateBp: 1900,
            withholdingKind: 'RENT',
            withholdingKey: '-',
          }),
          received({
            receivedInvoiceId: 'ri-2',
            supplierInvoiceNumber: 'HON-3',
            irpfRateBp: 700,
            withholdingKind: 'PROFESSIONAL',
            withholdingKey: 'G03',
          }),
          received({ receivedInvoiceId: 'ri-3', supplierInvoiceNumber: 'T-77' }),
        ],
        page: 0,
        size: 20,
        totalElements: 3,
        totalPages: 1,
      },
      'expenses.totals': expenseTotals,
      'expenses.byCategory': [],
      'expenseCategories.list': [category(1)],
    });
    renderRoutes([{ path: '/', element: <Expenses companyId="c-1" /> }]);

    const rent = (await screen.findByText('ALQ-06')).closest('tr') as HTMLElement;
    expect(within(rent).getByText('Retención 19 %').getAttribute('title')).toBe(
      'Arrendamiento de inmuebles urbanos',
    );
    const fees = screen.getByText('HON-3').closest('tr') as HTMLElement;
    expect(within(fees).getByText('Retención 7 %').getAttribute('title')).toBe(
      'Actividades profesionales · G.03 Inicio de actividad (tipo reducido)',
    );
    const none = screen.getByText('T-77').closest('tr') as HTMLElement;
    expect(within(none).queryByText(/^Retención/)).toBeNull();
  });
});
