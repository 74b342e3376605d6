/**
 * The model's page opened from a link naming its company (`?company=`, as the cockpit and the
 * validation centre build it, often in a new tab): that company is selected before any model call,
 * and a company the user may not open says so instead of showing another company's model.
 */
import type { CompanyEntry } from '@shared/schemas/companies';
import { cleanup, screen, waitFor } from '@testing-library/react';
import type { ApiRequestOptions } from '@web/lib/api-client';
import { apiRequest } from '@web/lib/api-client';
import { ApiError } from '@web/lib/api-error';
import { paths } from '@web/lib/paths';
import { setSelectedCompany } from '@web/lib/session';
import { notification } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ApiAnswers, answerApi, callsTo } from '../../../testing/api-mock';
import { renderRoutes } from '../../../testing/render';
import { espiga, membership, model303, page, profileStatus } from '../testing/fixtures';
import { ModelPreviewPage } from './model-preview-page';

vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));

const levante: CompanyEntry = {
  ...espiga,
  companyId: 'c-2',
  name: 'Transportes Levante Norte SA',
  nif: 'A46000001',
  isDefault: false,
};

const answers = (overrides: ApiAnswers = {}): ApiAnswers => ({
  'companies.get': ({ params }: ApiRequestOptions) =>
    params?.companyId === 'c-2'
      ? { ...levante, myRole: 'GESTOR', myPermissions: [], canManage: true }
      : membership('GESTOR'),
  'taxAssistant.status': profileStatus(true),
  'taxModels.list': ({ companyId }: ApiRequestOptions) => page([model303({ companyId: companyId ?? '' })]),
  'taxModels.get': ({ companyId }: ApiRequestOptions) => model303({ companyId: companyId ?? '' }),
  ...overrides,
});

let rendered: ReturnType<typeof renderRoutes> | null = null;
const renderAt = (path: string) => {
  rendered = renderRoutes([{ path: '/app/tax/models/:modelId/preview', element: <ModelPreviewPage /> }], {
    path,
  });
};

/** The companies the tax calls were made for. */
const taxCallCompanies = () =>
  (['taxAssistant.status', 'taxModels.list', 'taxModels.get', 'taxModels.preview'] as const).flatMap(
    (route) => callsTo(apiRequest, route).map((call) => call.companyId ?? call.params?.companyId),
  );

afterEach(async () => {
  const client = rendered?.queryClient;
  rendered = null;
  if (client) await waitFor(() => expect(client.isFetching() + client.isMutating()).toBe(0));
  // Unmount first: clearing the selection under a mounted gate would make it switch again.
  cleanup();
  notification.destroy();
  setSelectedCompany(null);
  vi.resetAllMocks();
});

describe('ModelPreviewPage from a link naming its company', { timeout: 20_000 }, () => {
  it("selects the link's company first, then shows that company's model", async () => {
    setSelectedCompany(espiga);
    answerApi(apiRequest, answers());
    renderAt(paths.app.tax.modelPreview('2026-303-1T', 'c-2'));

    expect(await screen.findByText('Transportes Levante Norte SA')).toBeTruthy();
    expect(await screen.findByText('IVA devengado - Régimen general')).toBeTruthy();
    expect(callsTo(apiRequest, 'companies.get')[0]).toMatchObject({ params: { companyId: 'c-2' } });
    // Nothing was asked under the company selected before.
    const companies = taxCallCompanies();
    expect(companies.length).toBeGreaterThan(0);
    expect(companies.every((id) => id === 'c-2')).toBe(true);
    expect(callsTo(apiRequest, 'taxModels.get')[0]).toMatchObject({
      companyId: 'c-2',
      params: { companyId: 'c-2', modelType: '303', modelId: '2026-303-1T' },
    });
  });

  it('the selected company opens at once, with or without the parameter', async () => {
    setSelectedCompany(espiga);
    answerApi(apiRequest, answers());
    renderAt(paths.app.tax.modelPreview('2026-303-1T', 'c-1'));

    expect(await screen.findByText('IVA devengado - Régimen general')).toBeTruthy();
    expect(screen.getByText('Panadería La Espiga SL')).toBeTruthy();
    expect(callsTo(apiRequest, 'companies.get').filter((c) => c.params?.companyId === 'c-2')).toEqual([]);
    expect(taxCallCompanies().every((id) => id === 'c-1')).toBe(true);
  });

  it('a company the user may not open says so, and no model is asked', async () => {
    setSelectedCompany(espiga);
    answerApi(
      apiRequest,
      answers({
        'companies.get': () => {
          throw new ApiError({ code: 'CORE_003', message: 'No tienes acceso a esta empresa.', status: 403 });
        },
      }),
    );
    renderAt(paths.app.tax.modelPreview('2026-303-1T', 'c-9'));

    expect(await screen.findByText('Este modelo es de una empresa a la que no tienes acceso.')).toBeTruthy();
    expect(callsTo(apiRequest, 'companies.get')[0]).toMatchObject({ params: { companyId: 'c-9' } });
    expect(callsTo(apiRequest, 'taxModels.list')).toEqual([]);
    expect(callsTo(apiRequest, 'taxModels.get')).toEqual([]);
    expect(screen.queryByText('IVA devengado - Régimen general')).toBeNull();
  });
});
