import type { CompanySharesAnswer, SharedDocument } from '@shared/schemas/sharing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { apiRequest } from '@web/lib/api-client';
import { ApiError } from '@web/lib/api-error';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi, callsTo } from '../../../testing/api-mock';
import { renderRoutes } from '../../../testing/render';
import { CompanyShares, ShareDocumentButton } from './company-shares';

vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));

afterEach(() => vi.resetAllMocks());

const share = (over: Partial<SharedDocument> = {}): SharedDocument => ({
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
  requiresApproval: true,
  approval: { status: 'APPROVED', comments: 'Conforme', approvedAt: '2026-03-16T09:00:00Z' },
  revokedAt: null,
  lastViewedAt: '2026-03-16T08:00:00Z',
  viewCount: 2,
  downloadCount: 0,
  lastDownloadedAt: null,
  ...over,
});

const overview = (content: SharedDocument[]): CompanySharesAnswer => ({
  content,
  page: 0,
  size: 20,
  totalElements: content.length,
  totalPages: 1,
  clients: [
    { userId: 'u-c', name: 'Cliente Demo', email: 'cliente@cuadra.test' },
    { userId: 'u-d', name: 'Otra Clienta', email: 'otra@cuadra.test' },
  ],
});

async function pickClient(option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Clientes' }));
  const item = await waitFor(() => {
    const found = [...document.querySelectorAll('.ant-select-item-option')].find(
      (o) => o.getAttribute('title') === option,
    );
    if (!found) throw new Error(`No option ${option}`);
    return found;
  });
  fireEvent.click(item);
}

describe("the company's shared documents", { timeout: 30_000 }, () => {
  it('lists the shares with permissions, approval and use, and revokes one', async () => {
    answerApi(apiRequest, {
      'sharedDocuments.listByCompany': overview([share()]),
      'sharedDocuments.revoke': share({ status: 'REVOKED' }),
    });
    renderRoutes([{ path: '/', element: <CompanyShares companyId="c-1" /> }]);
    const row = (await screen.findByText('Modelo 303 1T.pdf')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Solo consulta')).toBeTruthy();
    expect(within(row).getByText('Aprobado')).toBeTruthy();
    expect(within(row).getByText('Conforme')).toBeTruthy();
    expect(within(row).getByText('2 vistas, 0 descargas')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'Revocar acceso' }));
    const confirm = await screen.findByText('¿Revocar el acceso de este cliente al documento?');
    const popover = confirm.closest('.ant-popover') as HTMLElement;
    fireEvent.click(within(popover).getByRole('button', { name: 'Revocar acceso' }));
    await waitFor(() => expect(callsTo(apiRequest, 'sharedDocuments.revoke')).toHaveLength(1));
    expect(callsTo(apiRequest, 'sharedDocuments.revoke')[0]).toMatchObject({
      params: { companyId: 'c-1', shareId: 's-1' },
    });
  });

  it("shares a document with the chosen clients, 'Permitir descarga' and 'Requiere aprobación'", async () => {
    answerApi(apiRequest, {
      'sharedDocuments.listByCompany': overview([]),
      'sharedDocuments.share': { shares: [share()], created: 1, updated: 0 },
    });
    renderRoutes([
      {
        path: '/',
        element: (
          <ShareDocumentButton companyId="c-1" document={{ documentId: 'd-9', fileName: 'Balance.pdf' }} />
        ),
      },
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Compartir' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Compartir "Balance.pdf"')).toBeTruthy();
    await waitFor(() =>
      expect(callsTo(apiRequest, 'sharedDocuments.listByCompany').length).toBeGreaterThan(0),
    );
    await pickClient('Otra Clienta (otra@cuadra.test)');
    fireEvent.click(within(dialog).getByLabelText('Permitir descarga'));
    fireEvent.click(within(dialog).getByLabelText('Requiere aprobación'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Compartir' }));
    await waitFor(() => expect(callsTo(apiRequest, 'sharedDocuments.share')).toHaveLength(1));
    expect(callsTo(apiRequest, 'sharedDocuments.share')[0]).toMatchObject({
      params: { companyId: 'c-1', documentId: 'd-9' },
      body: { clientIds: ['u-d'], permissions: { download: true }, requiresApproval: true, expiresAt: null },
    });
  });

  it("shows the server's refusal of the clients under the field", async () => {
    answerApi(apiRequest, {
      'sharedDocuments.listByCompany': overview([]),
      'sharedDocuments.share': () => {
        throw new ApiError({
          code: 'CORE_004',
          message: 'Solo se puede compartir con clientes activos de la empresa.',
          status: 400,
          field: 'clientIds',
          details: { invalidClientIds: ['u-d'] },
        });
      },
    });
    renderRoutes([
      {
        path: '/',
        element: (
          <ShareDocumentButton companyId="c-1" document={{ documentId: 'd-9', fileName: 'Balance.pdf' }} />
        ),
      },
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Compartir' }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() =>
      expect(callsTo(apiRequest, 'sharedDocuments.listByCompany').length).toBeGreaterThan(0),
    );
    await pickClient('Otra Clienta (otra@cuadra.test)');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Compartir' }));
    expect(
      await within(dialog).findByText('Solo se puede compartir con clientes activos de la empresa.'),
    ).toBeTruthy();
  });
});
