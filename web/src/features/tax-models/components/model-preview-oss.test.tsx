/**
 * The model's page for the 369 (one-stop shop): the lines per member state and rate, the states' boxes
 * without the zeros of the other states, and the exports the form needs (its lines as CSV and Excel)
 * instead of an AEAT file and 'Presentar'.
 */

import type { ModelPreview } from '@shared/schemas/tax-models';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { apiRequest } from '@web/lib/api-client';
import { notification } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ApiAnswers, answerApi } from '../../../testing/api-mock';
import { renderRoutes } from '../../../testing/render';
import { espiga, membership, page, profileStatus, storedModel } from '../testing/fixtures';
import { ModelPreviewPage } from './model-preview-page';

vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));
vi.mock('@web/lib/api-download', () => ({
  apiDownload: vi.fn(async () => ({ blob: new Blob(['x']), filename: '369_2026_1T_12345678Z.csv' })),
  deliver: vi.fn(),
}));
vi.mock('@web/lib/session', async (original) => ({
  ...(await original<typeof import('@web/lib/session')>()),
  useSelectedCompany: () => espiga,
}));

const preview369 = (): ModelPreview => ({
  modelType: '369',
  year: 2026,
  period: '1T',
  design: '369-2021',
  boxes: {
    'DE.base': 8000,
    'DE.vat': 1520,
    'DE.corr': 0,
    'DE.total': 1520,
    'FR.base': 17_000,
    'FR.vat': 3110,
    'FR.corr': 0,
    'FR.total': 3110,
    'IT.base': 0,
    'IT.vat': 0,
    'IT.corr': 0,
    'IT.total': 0,
    total: 4630,
  },
  result: { type: 'I', amountCents: 4630 },
  allowedResultTypes: ['I'],
  records: [
    {
      kind: 'OPERATOR',
      counterpartyKey: 'DE|1900',
      taxId: 'DE',
      name: 'Alemania',
      country: 'DE',
      key: 'S',
      amountCents: 1520,
      vatRateBp: 1900,
      baseCents: 8000,
    },
    {
      kind: 'OPERATOR',
      counterpartyKey: 'FR|2000',
      taxId: 'FR',
      name: 'Francia',
      country: 'FR',
      key: 'S',
      amountCents: 3000,
      vatRateBp: 2000,
      baseCents: 15_000,
    },
    {
      kind: 'OPERATOR',
      counterpartyKey: 'FR|550',
      taxId: 'FR',
      name: 'Francia',
      country: 'FR',
      key: 'R',
      amountCents: 110,
      vatRateBp: 550,
      baseCents: 2000,
    },
  ],
  issues: [],
  sources: { 'FR.vat': ['ISSUED:N2|2000|0|EU|0|G|FR'] },
  itemsRead: 3,
});

const answers = (overrides: ApiAnswers = {}): ApiAnswers => ({
  'companies.get': membership('GESTOR'),
  'taxAssistant.status': profileStatus(true),
  ...overrides,
});

let rendered: ReturnType<typeof renderRoutes> | null = null;
afterEach(async () => {
  const client = rendered?.queryClient;
  rendered = null;
  if (client) await waitFor(() => expect(client.isFetching() + client.isMutating()).toBe(0));
  notification.destroy();
  vi.resetAllMocks();
});

describe('ModelPreviewPage: modelo 369', { timeout: 20_000 }, () => {
  it('shows the lines per member state and rate, the states with amounts, and exports the lines', async () => {
    const model = storedModel(preview369());
    answerApi(apiRequest, answers({ 'taxModels.list': page([model]), 'taxModels.get': model }));
    rendered = renderRoutes([{ path: '/app/tax/models/:modelId/preview', element: <ModelPreviewPage /> }], {
      path: '/app/tax/models/2026-369-1T/preview',
    });

    const card = (await screen.findByText('Líneas por Estado miembro (3)')).closest(
      '.ant-card',
    ) as HTMLElement;
    const rows = within(card).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.getAttribute('aria-label'))).toEqual([
      'Alemania · 19 % · General',
      'Francia · 20 % · General',
      'Francia · 5,5 % · Reducido',
    ]);
    expect(rows[2]!.textContent).toContain('1,10');
    // The zeros of the states without sales are hidden; France's section shows its VAT.
    expect(screen.getByRole('table', { name: 'Francia (FR)' })).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Italia (IT)' })).toBeNull();
    // No AEAT file nor 'Presentar': the 369 is filed in the Sede's form, from its lines.
    expect(screen.queryByRole('button', { name: 'Exportar fichero AEAT' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Presentar' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Descargar líneas (CSV)' }));
    const { apiDownload } = await import('@web/lib/api-download');
    await waitFor(() => expect(apiDownload).toHaveBeenCalled());
    expect(vi.mocked(apiDownload).mock.calls[0]?.[1]).toMatchObject({
      params: { modelType: '369' },
      query: { format: 'CSV', year: 2026, period: '1T' },
    });
  });
});
