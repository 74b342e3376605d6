/**
 * 'Mis documentos fiscales': the models published to the company, newest first, with their period,
 * result in words, filing date and justificante, and the two downloads; nothing asked without a tax
 * profile; an empty list explained.
 */
import type { AssistantStatus } from '@shared/schemas/tax';
import type { PublishedModelView } from '@shared/schemas/tax-models';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { apiRequest } from '@web/lib/api-client';
import { apiDownload, deliver } from '@web/lib/api-download';
import { notification } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi, callsTo } from '../../../testing/api-mock';
import { renderRoutes } from '../../../testing/render';
import { MyTaxDocuments } from './my-tax-documents';

vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));
vi.mock('@web/lib/api-download', async (original) => ({
  ...(await original<typeof import('@web/lib/api-download')>()),
  apiDownload: vi.fn(),
  deliver: vi.fn(),
}));

const status = (hasProfile: boolean): AssistantStatus => ({
  hasProfile,
  status: hasProfile ? 'APPLIED' : 'NOT_STARTED',
  draft: null,
  profileUpdatedAt: hasProfile ? '2026-01-02T08:00:00Z' : null,
});

const published = (overrides: Partial<PublishedModelView>): PublishedModelView => ({
  modelId: '2026-303-1T',
  modelType: '303',
  year: 2026,
  period: '1T',
  result: { type: 'I', amountCents: 123_456 },
  status: 'SUBMITTED',
  reference: 'ABCD1234EFGH5678',
  submittedAt: '2026-04-15T09:30:00Z',
  publishedAt: '2026-04-15T10:00:00Z',
  ...overrides,
});

let rendered: ReturnType<typeof renderRoutes> | null = null;
const renderPage = () => {
  rendered = renderRoutes([
    { path: '/', element: <MyTaxDocuments companyId="c-1" companyName="Panadería La Espiga SL" /> },
  ]);
  return rendered;
};

afterEach(async () => {
  const client = rendered?.queryClient;
  rendered = null;
  if (client) await waitFor(() => expect(client.isFetching() + client.isMutating()).toBe(0));
  notification.destroy();
  vi.resetAllMocks();
});

describe('MyTaxDocuments', { timeout: 20_000 }, () => {
  it('lists the published models newest first, with result, filing date and justificante', async () => {
    answerApi(apiRequest, {
      'taxAssistant.status': status(true),
      'taxModels.published': {
        content: [
          published({}),
          published({
            modelId: '2025-390-0A',
            modelType: '390',
            year: 2025,
            period: '0A',
            result: { type: 'C', amountCents: -50_000 },
            publishedAt: '2026-01-28T10:00:00Z',
          }),
          published({
            modelId: '2026-303-2T',
            period: '2T',
            result: { type: 'D', amountCents: -7_500 },
            status: 'MODEL_GENERATED',
            reference: null,
            submittedAt: null,
            publishedAt: '2026-07-10T10:00:00Z',
          }),
        ],
        page: 0,
        size: 100,
        totalElements: 3,
        totalPages: 1,
      },
    });
    renderPage();

    // The columns appear once the table knows the screen's width.
    await screen.findAllByText('IVA. Autoliquidación');
    const rows = screen.getAllByRole('row', { name: /^Modelo \d{3} · / });
    expect(rows.map((r) => r.getAttribute('aria-label'))).toEqual([
      'Modelo 303 · 2T 2026',
      'Modelo 303 · 1T 2026',
      'Modelo 390 · Ejercicio 2025',
    ]);
    expect(callsTo(apiRequest, 'taxModels.published')[0]?.params).toEqual({ companyId: 'c-1' });

    const first = within(rows[1] as HTMLElement);
    expect(first.getByText('IVA. Autoliquidación')).toBeTruthy();
    expect(first.getAllByText('A ingresar').length).toBeGreaterThan(0);
    expect(first.getAllByText('1.234,56 €').length).toBeGreaterThan(0);
    expect(first.getByText('15/04/2026')).toBeTruthy();
    expect(first.getAllByText('ABCD1234EFGH5678').length).toBeGreaterThan(0);
    const pending = within(rows[0] as HTMLElement);
    expect(pending.getAllByText('A devolver').length).toBeGreaterThan(0);
    expect(pending.getAllByText('Pendiente de presentar').length).toBeGreaterThan(0);
    expect(within(rows[2] as HTMLElement).getAllByText('A compensar').length).toBeGreaterThan(0);
    expect(document.body.textContent).not.toMatch(/\b(SUBMITTED|MODEL_GENERATED|null|undefined)\b/);
  });

  it('downloads the AEAT file as published and the PDF summary', async () => {
    answerApi(apiRequest, { 'taxAssistant.status': status(true), 'taxModels.published': [published({})] });
    vi.mocked(apiDownload).mockResolvedValue({ kind: 'file', blob: new Blob(['<T3030']), filename: 'f.txt' });
    renderPage();

    fireEvent.click(
      (
        await screen.findAllByRole('button', {
          name: 'Descargar el fichero de la AEAT del Modelo 303 · 1T 2026',
        })
      )[0] as HTMLElement,
    );
    await waitFor(() => expect(apiDownload).toHaveBeenCalledTimes(1));
    expect(vi.mocked(apiDownload).mock.calls[0]?.[0]).toBe('taxModels.publishedFile');
    expect(vi.mocked(apiDownload).mock.calls[0]?.[1]).toMatchObject({
      params: { companyId: 'c-1', modelId: '2026-303-1T' },
      query: { kind: 'aeat' },
      companyId: 'c-1',
    });

    fireEvent.click(
      screen.getAllByRole('button', { name: 'Descargar el PDF del Modelo 303 · 1T 2026' })[0] as HTMLElement,
    );
    await waitFor(() => expect(apiDownload).toHaveBeenCalledTimes(2));
    expect(vi.mocked(apiDownload).mock.calls[1]?.[0]).toBe('taxModels.pdf');
    expect(vi.mocked(apiDownload).mock.calls[1]?.[1]).toMatchObject({
      params: { companyId: 'c-1', modelType: '303', modelId: '2026-303-1T' },
    });
    await waitFor(() => expect(deliver).toHaveBeenCalledTimes(2));
  });

  it('asks for nothing more when the company has no tax profile', async () => {
    answerApi(apiRequest, { 'taxAssistant.status': status(false) });
    renderPage();
    expect(await screen.findByText('No hay datos disponibles')).toBeTruthy();
    expect(callsTo(apiRequest, 'taxModels.published')).toEqual([]);
  });

  it('says when nothing has been published yet', async () => {
    answerApi(apiRequest, { 'taxAssistant.status': status(true), 'taxModels.published': [] });
    renderPage();
    expect(await screen.findByText(/Tu gestor aún no ha publicado ningún modelo/)).toBeTruthy();
  });
});
