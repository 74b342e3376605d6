import type { SharedDocument } from '@shared/schemas/sharing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type ApiRequestOptions, apiRequest } from '@web/lib/api-client';
import { publishPushMessage } from '@web/lib/push-messages';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi, callsTo } from '../../../testing/api-mock';
import { renderRoutes } from '../../../testing/render';
import { MyDocuments } from './my-documents';

vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));
vi.mock('@web/lib/company', async (original) => ({
  ...(await original<typeof import('@web/lib/company')>()),
  useCompanyId: () => 'c-1',
}));

afterEach(() => vi.resetAllMocks());

const share = (over: Partial<SharedDocument>): SharedDocument => ({
  id: 's-1',
  documentId: 'd-1',
  companyId: 'c-1',
  name: 'Modelo 303 1T.pdf',
  type: 'TAX',
  contentType: 'application/pdf',
  sizeBytes: 1000,
  sharedAt: '2026-03-15T09:00:00Z',
  sharedBy: 'u-g',
  sharedByName: 'Gestor Demo',
  clientId: 'u-c',
  clientName: 'Cliente Demo',
  clientEmail: 'cliente@cuadra.test',
  permissions: { view: true, download: false },
  expiresAt: null,
  status: 'ACTIVE',
  message: null,
  requiresApproval: false,
  approval: null,
  revokedAt: null,
  lastViewedAt: null,
  viewCount: 0,
  downloadCount: 0,
  lastDownloadedAt: null,
  ...over,
});

const page = (content: SharedDocument[]) => ({
  content,
  page: 0,
  size: 20,
  totalElements: content.length,
  totalPages: 1,
});

const emptyUploads = {
  'clientDocuments.list': page([]),
  'clientDocuments.statistics': {
    total: 0,
    byStatus: {},
    pendingReview: 0,
    processing: 0,
    completed: 0,
    failed: 0,
  },
};

describe("the client's shared documents", { timeout: 30_000 }, () => {
  it("'Ver' always, 'Descargar' only with the permission, 'Aprobar' while pending", async () => {
    answerApi(apiRequest, {
      ...emptyUploads,
      'clientShared.list': page([
        share({
          id: 's-1',
          name: 'Modelo 303 1T.pdf',
          requiresApproval: true,
          approval: { status: 'PENDING', comments: null, approvedAt: null },
          message: 'Revísalo antes del viernes',
        }),
        share({
          id: 's-2',
          documentId: 'd-2',
          name: 'Balance 2025.pdf',
          permissions: { view: true, download: true },
        }),
      ]),
    });
    renderRoutes([{ path: '/', element: <MyDocuments /> }]);
    expect(await screen.findByText('Compartidos por tu gestoría')).toBeTruthy();
    const first = (await screen.findByText('Modelo 303 1T.pdf')).closest('tr') as HTMLElement;
    const second = screen.getByText('Balance 2025.pdf').closest('tr') as HTMLElement;
    expect(within(first).getByRole('button', { name: 'Ver' })).toBeTruthy();
    expect(within(first).queryByRole('button', { name: 'Descargar' })).toBeNull();
    expect(within(first).getByText('Solo consulta')).toBeTruthy();
    expect(within(first).getByText('Pendiente de aprobación')).toBeTruthy();
    expect(within(second).getByRole('button', { name: 'Descargar' })).toBeTruthy();
    expect(within(second).queryByRole('button', { name: 'Aprobar' })).toBeNull();
    expect(callsTo(apiRequest, 'clientShared.list')[0]).toMatchObject({
      query: { page: 0, size: 20 },
      companyId: 'c-1',
    });
  });

  it('approves with comments', async () => {
    answerApi(apiRequest, {
      ...emptyUploads,
      'clientShared.list': page([
        share({ requiresApproval: true, approval: { status: 'PENDING', comments: null, approvedAt: null } }),
      ]),
      'clientShared.approve': ({ body }: ApiRequestOptions) =>
        share({
          requiresApproval: true,
          approval: {
            status: 'APPROVED',
            comments: (body as { comments: string }).comments,
            approvedAt: 'x',
          },
        }),
    });
    renderRoutes([{ path: '/', element: <MyDocuments /> }]);
    const row = (await screen.findByText('Modelo 303 1T.pdf')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'Aprobar' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Comentarios'), { target: { value: 'Todo correcto' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Aprobar' }));
    await waitFor(() => expect(callsTo(apiRequest, 'clientShared.approve')).toHaveLength(1));
    expect(callsTo(apiRequest, 'clientShared.approve')[0]).toMatchObject({
      params: { shareId: 's-1' },
      body: { approved: true, comments: 'Todo correcto' },
      companyId: 'c-1',
    });
  });

  it("sends the spec's filters and refreshes when a document is shared live", async () => {
    answerApi(apiRequest, { ...emptyUploads, 'clientShared.list': page([]) });
    renderRoutes([{ path: '/', element: <MyDocuments /> }]);
    expect(await screen.findByText('Tu gestoría aún no ha compartido documentos contigo')).toBeTruthy();
    const search = screen.getByLabelText('Buscar');
    fireEvent.change(search, { target: { value: 'modelo' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() =>
      expect(callsTo(apiRequest, 'clientShared.list').at(-1)).toMatchObject({
        query: { search: 'modelo', page: 0 },
      }),
    );
    const before = callsTo(apiRequest, 'clientShared.list').length;
    publishPushMessage({ type: 'notification', notification: { type: 'document_shared' } });
    await waitFor(() => expect(callsTo(apiRequest, 'clientShared.list').length).toBeGreaterThan(before));
  });
});
