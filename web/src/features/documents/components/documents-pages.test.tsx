import { fireEvent, screen, within } from '@testing-library/react';
import { apiRequest } from '@web/lib/api-client';
import { apiDownload } from '@web/lib/api-download';
import { ApiError } from '@web/lib/api-error';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerApi, callsTo } from '../../../testing/api-mock';
import { renderRoutes } from '../../../testing/render';
import {
  documentDetails,
  extraction,
  ocrStatistics,
  page,
  pendingReview,
  reviewStatistics,
} from '../testing/fixtures';
import { DocumentsPage } from './documents-page';
import { ReviewsPage } from './reviews-page';

vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));
vi.mock('@web/lib/api-download', () => ({ apiDownload: vi.fn() }));
vi.mock('@web/lib/company', async (original) => ({
  ...(await original<typeof import('@web/lib/company')>()),
  useCompanyId: () => 'c-1',
}));

beforeEach(() => {
  vi.mocked(apiDownload).mockResolvedValue({ kind: 'file', blob: new Blob(['%PDF']), filename: 'f.pdf' });
  globalThis.URL.createObjectURL ??= () => 'blob:preview';
  globalThis.URL.revokeObjectURL ??= () => {};
});
afterEach(() => vi.resetAllMocks());

describe('/app/documents', { timeout: 20_000 }, () => {
  it('lists the documents with status, confidence and invoice link, and the OCR statistics of the month', async () => {
    answerApi(apiRequest, {
      'documents.list': page([
        documentDetails(),
        documentDetails({
          documentId: 'd-2',
          fileName: 'script.pdf',
          status: 'FAILED',
          extraction: null,
          receivedInvoiceId: null,
          rejection: { code: 'DOC_041', reason: 'El PDF contiene JavaScript.' },
        }),
      ]),
      'documents.ocrStatistics': ocrStatistics(),
    });
    renderRoutes([{ path: '/app/documents', element: <DocumentsPage /> }], { path: '/app/documents' });
    expect(await screen.findByRole('button', { name: 'factura-levante.pdf' })).toBeTruthy();
    expect(screen.getByText('Factura creada')).toBeTruthy();
    expect(screen.getByText('Rechazado')).toBeTruthy();
    // (1 + 0.95 + 0.5 + 0.9) / 4 = 84 %
    expect(screen.getByText('84 %')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ver factura' }).getAttribute('href')).toBe(
      '/app/admin/invoicing/expenses/ri-1?company=c-1',
    );
    expect(await screen.findByText('Facturas creadas')).toBeTruthy();
    expect(callsTo(apiRequest, 'documents.ocrStatistics')[0]).toMatchObject({
      query: { period: 'MONTH' },
      companyId: 'c-1',
    });
    expect(callsTo(apiRequest, 'documents.list')[0]).toMatchObject({
      query: { page: 0, size: 20 },
      companyId: 'c-1',
    });
  });

  it('opens the details: the extraction field by field with its confidence, source and warnings', async () => {
    answerApi(apiRequest, {
      'documents.list': page([documentDetails()]),
      'documents.ocrStatistics': ocrStatistics(),
      'documents.get': documentDetails({
        duplicateOf: { receivedInvoiceId: 'ri-0', documentId: null },
        extraction: extraction({ irpf: { rateBp: 1500, amountCents: 1500 } }),
      }),
    });
    renderRoutes([{ path: '/app/documents', element: <DocumentsPage /> }], { path: '/app/documents' });
    fireEvent.click(await screen.findByRole('button', { name: 'factura-levante.pdf' }));
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('B12345678')).toBeTruthy();
    expect(within(drawer).getByLabelText('Confianza Total').textContent).toBe('50 %');
    expect(within(drawer).getByText('Fuente: Texto del PDF')).toBeTruthy();
    expect(within(drawer).getByText('El nombre del cliente se ha deducido del NIF.')).toBeTruthy();
    expect(within(drawer).getByText('Posible duplicado')).toBeTruthy();
    expect(within(drawer).getByText('15 % · −15,00 €')).toBeTruthy();
    expect(callsTo(apiRequest, 'documents.get')[0]).toMatchObject({ params: { documentId: 'd-1' } });
  });

  it("says 'No hay datos disponibles' when empty and offers 'Reintentar' on a failure", async () => {
    answerApi(apiRequest, {
      'documents.list': page([]),
      'documents.ocrStatistics': () => {
        throw new ApiError({ code: 'CORE_005', message: 'Servicio no disponible', status: 503 });
      },
    });
    renderRoutes([{ path: '/app/documents', element: <DocumentsPage /> }], { path: '/app/documents' });
    expect(await screen.findByText('No hay datos disponibles')).toBeTruthy();
    expect(await screen.findByText('Error cargando estadísticas')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeTruthy();
  });
});

describe('/app/document-reviews', { timeout: 30_000 }, () => {
  const answers = () => ({
    'documentReviews.pending': page([pendingReview()]),
    'documentReviews.statistics': reviewStatistics(),
    'documents.get': documentDetails({ status: 'INVOICE_INCOMPLETE' }),
    'documentCategories.list': [],
    'documentReviews.approve': documentDetails(),
    'documentReviews.reject': documentDetails(),
  });

  it('approves with notes and only the corrected fields', async () => {
    answerApi(apiRequest, answers());
    renderRoutes([{ path: '/app/document-reviews', element: <ReviewsPage /> }], {
      path: '/app/document-reviews',
    });
    expect(await screen.findByText('Precisión de la lectura')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Revisar' }));
    const nif = await screen.findByLabelText('NIF del proveedor');
    expect(await screen.findByText('Sin correcciones')).toBeTruthy();
    fireEvent.change(nif, { target: { value: 'B12345679' } });
    fireEvent.change(screen.getByLabelText('Total'), { target: { value: '121,01' } });
    fireEvent.change(screen.getByLabelText('Notas'), { target: { value: 'Revisado con el original' } });
    expect(screen.getByTestId('corrections-summary').textContent).toBe(
      'Campos corregidos: NIF del proveedor, Total',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Aprobar' }));
    await vi.waitFor(() => expect(callsTo(apiRequest, 'documentReviews.approve')).toHaveLength(1));
    expect(callsTo(apiRequest, 'documentReviews.approve')[0]).toMatchObject({
      params: { documentId: 'd-1' },
      body: {
        notes: 'Revisado con el original',
        corrections: { supplierNif: 'B12345679', totalCents: 12101 },
      },
      companyId: 'c-1',
    });
    // Nothing but the corrected fields: accuracy is measured by them.
    const sent = callsTo(apiRequest, 'documentReviews.approve')[0]?.body as
      | { corrections?: object }
      | undefined;
    expect(Object.keys(sent?.corrections ?? {})).toEqual(['supplierNif', 'totalCents']);
  });

  it('refuses an invalid amount, and rejects only with a reason', async () => {
    answerApi(apiRequest, answers());
    renderRoutes([{ path: '/app/document-reviews', element: <ReviewsPage /> }], {
      path: '/app/document-reviews',
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Revisar' }));
    fireEvent.change(await screen.findByLabelText('Total'), { target: { value: 'doce' } });
    expect(await screen.findByText('Total: importe no válido')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Aprobar' }).hasAttribute('disabled')).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Rechazar' }));
    const title = await screen.findByText('Rechazar documento');
    const modal = title.closest<HTMLElement>('.ant-modal');
    if (!modal) throw new Error('no modal');
    const ok = within(modal).getByRole('button', { name: 'Rechazar' });
    expect(ok.hasAttribute('disabled')).toBe(true);
    fireEvent.change(within(modal).getByLabelText('Motivo del rechazo'), {
      target: { value: 'No es una factura' },
    });
    fireEvent.click(within(modal).getByRole('button', { name: 'Rechazar' }));
    await vi.waitFor(() => expect(callsTo(apiRequest, 'documentReviews.reject')).toHaveLength(1));
    expect(callsTo(apiRequest, 'documentReviews.reject')[0]).toMatchObject({
      params: { documentId: 'd-1' },
      body: { reason: 'No es una factura' },
    });
  });
});
