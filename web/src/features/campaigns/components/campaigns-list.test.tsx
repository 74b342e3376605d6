import { fireEvent, screen, within } from '@testing-library/react';
import { type ApiRequestOptions, apiRequest } from '@web/lib/api-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi, callsTo } from '../../../testing/api-mock';
import { renderRoutes } from '../../../testing/render';
import { campaign, company, page } from '../testing/fixtures';
import { CampaignsList } from './campaigns-list';

vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));

afterEach(() => vi.resetAllMocks());

const active = campaign();
const draft = campaign({
  campaignId: 'k-2',
  name: 'Noviembre',
  period: '2026-11',
  dueDate: '2026-12-20',
  status: 'DRAFT',
  sentAt: null,
  companies: 3,
  completeCompanies: 0,
  itemsDone: 0,
  itemsTotal: 6,
});

describe('CampaignsList', { timeout: 30_000 }, () => {
  it('lists the campaigns with their status and progress, and filters by status', async () => {
    answerApi(apiRequest, {
      'campaigns.list': ({ query }: ApiRequestOptions) =>
        query?.status === 'DRAFT' ? [draft] : query?.status === 'CLOSED' ? [] : [active, draft],
    });
    renderRoutes([{ path: '/', element: <CampaignsList onCreated={vi.fn()} /> }]);
    const row = (await screen.findByRole('link', { name: 'Cierre del tercer trimestre' })).closest('tr');
    expect(row).toBeTruthy();
    const cells = within(row as HTMLElement);
    expect(cells.getByText('3.º trimestre de 2026')).toBeTruthy();
    expect(cells.getByText('10/12/2026')).toBeTruthy();
    expect(cells.getByText('Activa')).toBeTruthy();
    expect(cells.getByText('1/2')).toBeTruthy();
    expect(cells.getByText('3/4')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Cierre del tercer trimestre' }).getAttribute('href')).toBe(
      '/?id=k-1',
    );
    const draftRow = screen.getByRole('link', { name: 'Noviembre' }).closest('tr') as HTMLElement;
    expect(within(draftRow).getByText('Borrador')).toBeTruthy();
    expect(within(draftRow).getByText('noviembre de 2026')).toBeTruthy();
    expect(callsTo(apiRequest, 'campaigns.list')[0]?.query).toEqual({ status: undefined });

    fireEvent.click(screen.getByText('Cerrada'));
    expect(await screen.findByText('No hay campañas en estado Cerrada')).toBeTruthy();
    fireEvent.click(screen.getByTitle('Borrador'));
    expect(await screen.findByRole('link', { name: 'Noviembre' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Cierre del tercer trimestre' })).toBeNull();
    expect(callsTo(apiRequest, 'campaigns.list').map((c) => c.query?.status)).toEqual([
      undefined,
      'CLOSED',
      'DRAFT',
    ]);
  });

  it('shows the error with Reintentar, and the way to a first campaign', async () => {
    answerApi(apiRequest, {});
    renderRoutes([{ path: '/', element: <CampaignsList onCreated={vi.fn()} /> }]);
    expect(await screen.findByText('Error cargando las campañas')).toBeTruthy();
    answerApi(apiRequest, {
      'campaigns.list': [],
      'companies.list': page([company('c-1', 'Panadería', 'B1')]),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Aún no has creado ninguna campaña de documentación')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: /Nueva campaña/ })[0] as HTMLElement);
    expect(await screen.findByRole('dialog')).toBeTruthy();
    expect(screen.getByText('Nueva campaña de documentación')).toBeTruthy();
  });
});
