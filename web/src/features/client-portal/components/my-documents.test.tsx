import { screen } from '@testing-library/react';
import { apiRequest } from '@web/lib/api-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi, callsTo } from '../../../testing/api-mock';
import { renderRoutes } from '../../../testing/render';
import { ClientDocumentUpload } from './document-upload';
import { MyDocuments } from './my-documents';

vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));
vi.mock('@web/lib/company', async (original) => ({
  ...(await original<typeof import('@web/lib/company')>()),
  useCompanyId: () => 'c-1',
}));

afterEach(() => vi.resetAllMocks());

const review = {
  status: 'NOT_REQUIRED',
  urgent: false,
  notes: null,
  reason: null,
  reviewedBy: null,
  reviewedAt: null,
  correctedFields: [],
};

describe("the client's documents (upload only)", { timeout: 20_000 }, () => {
  it('lists what the client uploaded with its status and why a file was refused', async () => {
    answerApi(apiRequest, {
      'clientDocuments.list': {
        content: [
          {
            documentId: 'd-1',
            fileName: 'ticket.jpg',
            documentType: 'RECEIPT',
            status: 'OCR_PROCESSING',
            createdAt: '2026-03-15T09:00:00Z',
            rejection: null,
            review,
          },
          {
            documentId: 'd-2',
            fileName: 'raro.pdf',
            documentType: 'INVOICE',
            status: 'FAILED',
            createdAt: '2026-03-15T09:00:00Z',
            rejection: { code: 'DOC_041', reason: 'El archivo está vacío o incompleto.' },
            review,
          },
        ],
        page: 0,
        size: 20,
        totalElements: 2,
        totalPages: 1,
      },
      'clientDocuments.statistics': {
        total: 2,
        byStatus: {},
        pendingReview: 0,
        processing: 1,
        completed: 0,
        failed: 1,
      },
    });
    renderRoutes([{ path: '/', element: <MyDocuments /> }]);
    expect(await screen.findByText('ticket.jpg')).toBeTruthy();
    expect(screen.getByText('Leyendo')).toBeTruthy();
    expect(screen.getByText('El archivo está vacío o incompleto.')).toBeTruthy();
    expect(await screen.findByText('Subidos')).toBeTruthy();
    expect(callsTo(apiRequest, 'clientDocuments.list')[0]).toMatchObject({
      query: { page: 0, size: 20 },
      companyId: 'c-1',
    });
  });

  it('offers the uploader with the client options', async () => {
    answerApi(apiRequest, { 'documentCategories.list': [{ categoryId: 'k-1', name: 'Suministros' }] });
    renderRoutes([{ path: '/', element: <ClientDocumentUpload /> }]);
    expect(await screen.findByRole('button', { name: 'Subir archivos' })).toBeTruthy();
    expect(screen.getByText('Quiero que mi gestor lo revise')).toBeTruthy();
    expect(screen.getByLabelText('Prioridad')).toBeTruthy();
    expect(screen.getByLabelText('Descripción o mensaje para tu gestoría')).toBeTruthy();
  });
});
