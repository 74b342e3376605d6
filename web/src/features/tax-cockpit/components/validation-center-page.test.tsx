/**
 * 'Centro de validación': the year's cross-model checks with their amounts (counts as counts), and
 * each stored model's validation grouped by model; nothing asked without a tax profile.
 */
import type { AssistantStatus } from '@shared/schemas/tax';
import type { CrossValidationView, ModelValidationView, TaxModelView } from '@shared/schemas/tax-models';
import { screen, waitFor, within } from '@testing-library/react';
import type { ApiRequestOptions } from '@web/lib/api-client';
import { apiRequest } from '@web/lib/api-client';
import { notification } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi, callsTo } from '../../../testing/api-mock';
import { renderRoutes } from '../../../testing/render';
import { ValidationCenterPage } from './validation-center-page';

vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));
vi.mock('@web/lib/session', async (original) => ({
  ...(await original<typeof import('@web/lib/session')>()),
  useSelectedCompany: () => ({ companyId: 'c-1', name: 'Panadería La Espiga SL' }),
}));

const status = (hasProfile: boolean): AssistantStatus => ({
  hasProfile,
  status: hasProfile ? 'APPLIED' : 'NOT_STARTED',
  draft: null,
  profileUpdatedAt: null,
});

const cross: CrossValidationView = {
  year: 2026,
  checks: [
    {
      code: '303_390_BASE_21',
      description: 'Base imponible al 21 %: Σ 303 [07] = 390 [05] + [647]',
      status: 'MISMATCH',
      expectedCents: 1_000_000,
      actualCents: 990_000,
      differenceCents: -10_000,
      models: ['2026-303-1T', '2026-303-2T', '2026-390-0A'],
    },
    {
      code: '347_BOOKS_PARTIES',
      description: '347: declarados con importe = terceros de los libros por encima de 3.005,06 €',
      status: 'OK',
      expectedCents: 3,
      actualCents: 3,
      differenceCents: 0,
      models: ['2026-347-0A'],
    },
    {
      code: '349_303_DELIVERIES_1T',
      description: '1T: 349 claves E + S + T = 303 [59]',
      status: 'NOT_AVAILABLE',
      expectedCents: 0,
      actualCents: null,
      differenceCents: null,
      models: ['2026-303-1T'],
    },
  ],
  summary: { ok: 1, mismatches: 1, notAvailable: 1 },
};

const model = (modelId: string, overrides: Partial<TaxModelView> = {}) =>
  ({
    modelId,
    modelType: modelId.slice(5, 8),
    year: 2026,
    period: modelId.slice(9),
    status: 'MODEL_GENERATED',
    issues: [],
    ...overrides,
  }) as TaxModelView;

const validation = (modelId: string): ModelValidationView =>
  modelId === '2026-303-1T'
    ? {
        modelId,
        valid: false,
        issues: [
          {
            code: 'R303_10',
            severity: 'ERROR',
            field: '110',
            message: 'La compensación supera la pendiente.',
          },
        ],
        identities: [{ rule: '[46] = [27] − [45]', expectedCents: 5_000, actualCents: 4_000, ok: false }],
        changedSinceGenerated: [{ box: '07', storedCents: 100_000, booksCents: 120_000 }],
      }
    : { modelId, valid: true, issues: [], identities: [], changedSinceGenerated: [] };

let rendered: ReturnType<typeof renderRoutes> | null = null;
afterEach(async () => {
  const client = rendered?.queryClient;
  rendered = null;
  if (client) await waitFor(() => expect(client.isFetching() + client.isMutating()).toBe(0));
  notification.destroy();
  vi.resetAllMocks();
});

describe('ValidationCenterPage', { timeout: 20_000 }, () => {
  it('shows the cross-model checks and each model’s validation, grouped by model', async () => {
    answerApi(apiRequest, {
      'taxAssistant.status': status(true),
      'taxModels.crossValidation': cross,
      'taxModels.list': {
        content: [model('2026-303-1T'), model('2026-303-2T', { status: 'SUBMITTED' }), model('2026-390-0A')],
        page: 0,
        size: 100,
        totalElements: 3,
        totalPages: 1,
      },
      'taxModels.validate': (o: ApiRequestOptions) => validation(o.params?.modelId ?? ''),
    });
    rendered = renderRoutes([{ path: '/app/tax/validation-center', element: <ValidationCenterPage /> }], {
      path: '/app/tax/validation-center?year=2026',
    });

    const mismatch = await screen.findByRole('row', { name: /Base imponible al 21 %/ });
    expect(callsTo(apiRequest, 'taxModels.crossValidation')[0]).toMatchObject({
      params: { companyId: 'c-1' },
      body: { year: 2026 },
    });
    expect(within(mismatch).getByText('No cuadra')).toBeTruthy();
    expect(within(mismatch).getByText('10.000,00 €')).toBeTruthy();
    expect(within(mismatch).getByText('9.900,00 €')).toBeTruthy();
    expect(within(mismatch).getByText('-100,00 €')).toBeTruthy();
    expect(within(mismatch).getByText('Modelo 303 · 1T y 2T 2026')).toBeTruthy();
    expect(within(mismatch).getByText('Modelo 390 · Ejercicio 2026')).toBeTruthy();
    // A count stays a count.
    const parties = screen.getByRole('row', { name: /declarados con importe/ });
    expect(within(parties).getAllByText('3')).toHaveLength(2);
    expect(within(screen.getByRole('row', { name: /349 claves/ })).getByText('Sin datos')).toBeTruthy();

    const first = await screen.findByRole('listitem', { name: 'Modelo 303 · 1T 2026' });
    expect(await within(first).findByText('Con errores')).toBeTruthy();
    expect(within(first).getByText('La compensación supera la pendiente.')).toBeTruthy();
    expect(
      within(first).getByText(/\[46\] = \[27\] − \[45\]: debería ser 50,00 € y es 40,00 €/),
    ).toBeTruthy();
    expect(
      within(first).getByText('Casilla 07: en el modelo 1.000,00 €, en los libros 1.200,00 €.'),
    ).toBeTruthy();
    const second = screen.getByRole('listitem', { name: 'Modelo 303 · 2T 2026' });
    expect(await within(second).findByText('Sin errores')).toBeTruthy();
    expect(within(second).getByText('Presentado')).toBeTruthy();
    expect(screen.getByText('Modelo 390 · IVA. Resumen anual')).toBeTruthy();
    expect(callsTo(apiRequest, 'taxModels.validate')).toHaveLength(3);
    expect(document.body.textContent).not.toMatch(/\b(MISMATCH|NOT_AVAILABLE|MODEL_GENERATED|SUBMITTED)\b/);
  });

  it('asks nothing of the models when the company has no tax profile', async () => {
    answerApi(apiRequest, { 'taxAssistant.status': status(false) });
    rendered = renderRoutes([{ path: '/', element: <ValidationCenterPage /> }]);
    expect(await screen.findByText(/aún no tiene perfil fiscal/)).toBeTruthy();
    expect(callsTo(apiRequest, 'taxModels.crossValidation')).toEqual([]);
    expect(callsTo(apiRequest, 'taxModels.list')).toEqual([]);
  });
});
