import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useCan } from '@web/lib/access';
import { apiRequest } from '@web/lib/api-client';
import { ApiError } from '@web/lib/api-error';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi, callsTo } from '../../../testing/api-mock';
import { renderRoutes } from '../../../testing/render';
import type { DocumentAlert } from '../types';
import { DocumentAlertsWidget } from './document-alerts-widget';

vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));
vi.mock('@web/lib/access', () => ({ useCan: vi.fn(() => true) }));

afterAll(() => new Promise((resolve) => setTimeout(resolve, 500)));
afterEach(() => {
  vi.mocked(apiRequest).mockReset();
  vi.mocked(useCan).mockReturnValue(true);
});

const alert = (n: number, overrides: Partial<DocumentAlert> = {}): DocumentAlert => ({
  id: `doc-${n}-OCR_COMPLETED`,
  type: 'document_ocr_completed',
  status: 'success',
  title: `Documento leído ${n}`,
  message: `Se ha leído "factura-${n}.pdf".`,
  timestamp: new Date(Date.now() - 2 * 3_600_000).toISOString(),
  filename: `factura-${n}.pdf`,
  confidence: 0.93,
  invoiceNumber: `F-${n}`,
  documentType: 'INVOICE',
  category: 'Suministros',
  ...overrides,
});

const renderWidget = () => renderRoutes([{ path: '/', element: <DocumentAlertsWidget companyId="c-1" /> }]);

describe('DocumentAlertsWidget', { timeout: 30_000 }, () => {
  it('asks for 5 alerts and shows each with its details and relative time', async () => {
    answerApi(apiRequest, {
      'documents.alerts': [alert(1), alert(2, { status: 'error', confidence: null })],
    });
    renderWidget();
    expect(await screen.findByText('Documento leído 1')).toBeTruthy();
    expect(screen.getByText('Se ha leído "factura-1.pdf".')).toBeTruthy();
    expect(screen.getByText('Suministros · Factura F-1 · Confianza 93 %')).toBeTruthy();
    expect(screen.getByText('Suministros · Factura F-2')).toBeTruthy();
    expect(screen.getAllByText('Hace 2 horas')).toHaveLength(2);
    expect(callsTo(apiRequest, 'documents.alerts')[0]).toMatchObject({
      query: { limit: 5 },
      companyId: 'c-1',
    });
  });

  it('shows a skeleton while loading', async () => {
    vi.mocked(apiRequest).mockImplementation(() => new Promise(() => undefined));
    const { container } = renderWidget();
    await waitFor(() => expect(container.querySelector('.ant-skeleton')).not.toBeNull());
  });

  it("a failure says 'Error cargando alertas de documentos' and 'Reintentar' loads again", async () => {
    let fail = true;
    answerApi(apiRequest, {
      'documents.alerts': () => {
        if (fail) throw new ApiError({ code: 'CORE_005', message: 'Servicio no disponible', status: 503 });
        return [alert(1)];
      },
    });
    renderWidget();
    expect(await screen.findByText('Error cargando alertas de documentos')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Documento leído 1')).toBeTruthy();
  });

  it("without alerts says 'No hay datos disponibles'", async () => {
    answerApi(apiRequest, { 'documents.alerts': [] });
    renderWidget();
    expect(await screen.findByText('No hay datos disponibles')).toBeTruthy();
  });

  it('is not shown to someone who may not read documents', async () => {
    vi.mocked(useCan).mockReturnValue(false);
    answerApi(apiRequest, { 'documents.alerts': [alert(1)] });
    const { container } = renderWidget();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(container.textContent).toBe('');
    expect(callsTo(apiRequest, 'documents.alerts')).toHaveLength(0);
  });
});
