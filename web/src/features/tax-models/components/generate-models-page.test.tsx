/**
 * 'Generar modelos': one model (TAX_022 → 'Regenerar', success opens it), and several at once with
 * the spec's messages (year 2000-2100, at least one model, at most 20), one request per period, the
 * outcomes listed and those already generated regenerated on demand.
 */
import type { BatchGenerateBody, BatchGenerateResult } from '@shared/schemas/tax-models';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ApiRequestOptions } from '@web/lib/api-client';
import { apiRequest } from '@web/lib/api-client';
import { ApiError } from '@web/lib/api-error';
import { notification } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ApiAnswers, answerApi, callsTo } from '../../../testing/api-mock';
import { renderRoutes } from '../../../testing/render';
import { espiga, membership, model303, profileStatus } from '../testing/fixtures';
import { GenerateModelsPage } from './generate-models-page';

vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));
vi.mock('@web/lib/session', async (original) => ({
  ...(await original<typeof import('@web/lib/session')>()),
  useSelectedCompany: () => espiga,
}));

/** The tax profile as `taxProfile.get` answers it: only what this page reads. */
const taxProfile = (periodicity: 'QUARTERLY' | 'MONTHLY') => ({
  companyId: 'c-1',
  requiredModels: [
    { model: '303', periodicity, reason: 'IVA' },
    { model: '390', periodicity: 'ANNUAL', reason: 'Resumen anual de IVA' },
    { model: '349', periodicity, reason: 'Operaciones intracomunitarias' },
  ],
});

const answers = (overrides: ApiAnswers = {}): ApiAnswers => ({
  'companies.get': membership('GESTOR'),
  'taxAssistant.status': profileStatus(true),
  'taxProfile.get': taxProfile('QUARTERLY'),
  ...overrides,
});

/** Each body's models generated, except the 390 which was already there. */
const batchAnswer = ({ body }: ApiRequestOptions): BatchGenerateResult => {
  const b = body as BatchGenerateBody;
  const period = b.quarter ? `${b.quarter}T` : b.month ? String(b.month).padStart(2, '0') : '0A';
  return {
    year: b.year,
    results: b.models.map((m) => ({
      modelType: m,
      period,
      outcome: m === '390' && !b.regenerate ? 'ALREADY_GENERATED' : 'GENERATED',
      modelId: `${b.year}-${m}-${period}`,
      message: m === '390' && !b.regenerate ? 'El modelo ya ha sido generado para este periodo.' : '',
    })),
  };
};

let rendered: ReturnType<typeof renderRoutes> | null = null;
const renderPage = (search = '?year=2026') => {
  rendered = renderRoutes(
    [
      { path: '/app/tax/models/generate', element: <GenerateModelsPage /> },
      { path: '/app/tax/models/:modelId/preview', element: <p>Página del modelo</p> },
    ],
    { path: `/app/tax/models/generate${search}` },
  );
  return rendered;
};

/**
 * The batch card once the profile has been read: its models come ticked from the profile (the form
 * starts again when they arrive, so the card is looked up after that).
 */
async function batchCard(owed: RegExp = /^390/): Promise<HTMLElement> {
  const find = () => screen.getByText('Varios modelos a la vez').closest('.ant-card') as HTMLElement;
  await waitFor(() =>
    expect((within(find()).getByRole('checkbox', { name: owed }) as HTMLInputElement).checked).toBe(true),
  );
  return find();
}

/** Ticks or unticks one checkbox and waits for the form to show it (antd's group reads its state). */
async function toggle(card: HTMLElement, name: string | RegExp) {
  const box = within(card).getByRole('checkbox', { name }) as HTMLInputElement;
  const was = box.checked;
  fireEvent.click(box);
  await waitFor(() =>
    expect((within(card).getByRole('checkbox', { name }) as HTMLInputElement).checked).toBe(!was),
  );
}

afterEach(async () => {
  const client = rendered?.queryClient;
  rendered = null;
  if (client) await waitFor(() => expect(client.isFetching() + client.isMutating()).toBe(0));
  notification.destroy();
  vi.resetAllMocks();
});

describe('GenerateModelsPage', { timeout: 20_000 }, () => {
  it("batch: 'El año debe estar entre 2000 y 2100' and nothing is sent", async () => {
    answerApi(apiRequest, answers());
    renderPage();
    const card = await batchCard();
    fireEvent.change(within(card).getByRole('spinbutton', { name: 'Año del lote' }), {
      target: { value: '1999' },
    });
    await toggle(card, 'Trimestre 1T');
    fireEvent.click(within(card).getByRole('button', { name: 'Generar lote' }));
    expect(await within(card).findByText('El año debe estar entre 2000 y 2100')).toBeTruthy();
    expect(callsTo(apiRequest, 'taxModels.batchGenerate')).toEqual([]);
  });

  it("batch: 'Debe seleccionar al menos un modelo'", async () => {
    answerApi(apiRequest, answers());
    renderPage();
    const card = await batchCard();
    // The profile's VAT models come ticked: untick them all.
    for (const m of ['303', '390', '349'])
      fireEvent.click(within(card).getByRole('checkbox', { name: new RegExp(`^${m}`) }));
    fireEvent.click(within(card).getByRole('button', { name: 'Generar lote' }));
    expect(await within(card).findByText('Debe seleccionar al menos un modelo')).toBeTruthy();
    expect(callsTo(apiRequest, 'taxModels.batchGenerate')).toEqual([]);
  });

  it("batch: more than 20 models (303 and 349 of every month are 24) → 'No se pueden generar más de 20 modelos simultáneamente'", async () => {
    answerApi(apiRequest, answers({ 'taxProfile.get': taxProfile('MONTHLY') }));
    renderPage();
    const card = await batchCard();
    for (const month of [
      'Enero',
      'Febrero',
      'Marzo',
      'Abril',
      'Mayo',
      'Junio',
      'Julio',
      'Agosto',
      'Septiembre',
      'Octubre',
      'Noviembre',
      'Diciembre',
    ]) {
      await toggle(card, month);
    }
    // Without the annual 390: 2 × 12.
    await toggle(card, /^390/);
    fireEvent.click(within(card).getByRole('button', { name: 'Generar lote' }));
    expect(
      await within(card).findByText('No se pueden generar más de 20 modelos simultáneamente'),
    ).toBeTruthy();
    expect(callsTo(apiRequest, 'taxModels.batchGenerate')).toEqual([]);
  });

  it('batch: one request per quarter and one for the annual models; those already generated can be regenerated', async () => {
    answerApi(apiRequest, answers({ 'taxModels.batchGenerate': batchAnswer }));
    renderPage();
    const card = await batchCard();
    await toggle(card, 'Trimestre 1T');
    await toggle(card, 'Trimestre 2T');
    fireEvent.click(within(card).getByRole('button', { name: 'Generar lote' }));

    await waitFor(() => expect(callsTo(apiRequest, 'taxModels.batchGenerate')).toHaveLength(3));
    expect(callsTo(apiRequest, 'taxModels.batchGenerate').map((c) => c.body)).toEqual([
      { year: 2026, quarter: 1, models: ['303', '349'], regenerate: false },
      { year: 2026, quarter: 2, models: ['303', '349'], regenerate: false },
      { year: 2026, models: ['390'], regenerate: false },
    ]);
    const results = await within(card).findByRole('table');
    expect(within(results).getAllByText('Generado')).toHaveLength(4);
    expect(within(results).getByText('Ya generado')).toBeTruthy();
    expect(within(results).getByRole('link', { name: 'Modelo 303 · 1T 2026' }).getAttribute('href')).toBe(
      '/app/tax/models/2026-303-1T/preview',
    );

    fireEvent.click(within(card).getByRole('button', { name: 'Regenerar' }));
    await waitFor(() => expect(callsTo(apiRequest, 'taxModels.batchGenerate')).toHaveLength(4));
    expect(callsTo(apiRequest, 'taxModels.batchGenerate')[3]?.body).toEqual({
      year: 2026,
      models: ['390'],
      regenerate: true,
    });
  });

  it("one model: TAX_022 offers 'Regenerar'; once generated, the model's page opens", async () => {
    answerApi(
      apiRequest,
      answers({
        'taxModels.generate': ({ body }: ApiRequestOptions) => {
          if (!(body as { regenerate: boolean }).regenerate) {
            throw new ApiError({
              code: 'TAX_022',
              message: 'El modelo ya ha sido generado para este periodo.',
              status: 409,
              details: { modelId: '2026-303-1T', status: 'MODEL_GENERATED' },
            });
          }
          return model303();
        },
      }),
    );
    renderPage();
    const card = (await screen.findByText('Un modelo')).closest('.ant-card') as HTMLElement;
    fireEvent.mouseDown(within(card).getByRole('combobox', { name: 'Periodo' }));
    fireEvent.click(await screen.findByTitle('1T'));
    fireEvent.click(within(card).getByRole('button', { name: 'Generar' }));
    expect(await within(card).findByText('El modelo ya ha sido generado para este periodo.')).toBeTruthy();
    expect(callsTo(apiRequest, 'taxModels.generate')[0]).toMatchObject({
      params: { companyId: 'c-1', modelType: '303' },
      body: { year: 2026, period: '1T', regenerate: false },
    });
    fireEvent.click(within(card).getByRole('button', { name: 'Regenerar' }));
    expect(await screen.findByText('Página del modelo')).toBeTruthy();
    expect(rendered?.router.state.location.pathname).toBe('/app/tax/models/2026-303-1T/preview');
  });

  it("one model: 'El año debe estar entre 2000 y 2100' before anything is asked", async () => {
    answerApi(apiRequest, answers());
    renderPage();
    const card = (await screen.findByText('Un modelo')).closest('.ant-card') as HTMLElement;
    fireEvent.change(within(card).getByRole('spinbutton', { name: 'Año del modelo' }), {
      target: { value: '2101' },
    });
    fireEvent.click(within(card).getByRole('button', { name: 'Generar' }));
    expect(await within(card).findByText('El año debe estar entre 2000 y 2100')).toBeTruthy();
    expect(callsTo(apiRequest, 'taxModels.generate')).toEqual([]);
  });

  it('an autónomo with employees owes the 130 and the 111: first in the list, each with its periods', async () => {
    answerApi(
      apiRequest,
      answers({
        'taxProfile.get': {
          companyId: 'c-1',
          requiredModels: [
            { model: '303', periodicity: 'QUARTERLY', reason: 'IVA' },
            { model: '130', periodicity: 'QUARTERLY', reason: 'Autónomo en estimación directa' },
            // A large company files its withholdings every month (art. 108.1 RIRPF).
            { model: '111', periodicity: 'MONTHLY', reason: 'Retenciones' },
            { model: '036', periodicity: 'EVENT', reason: 'Censo' },
          ],
        },
        'taxModels.batchGenerate': batchAnswer,
      }),
    );
    renderPage();
    const card = (await screen.findByText('Un modelo')).closest('.ant-card') as HTMLElement;
    fireEvent.mouseDown(within(card).getByRole('combobox', { name: 'Modelo' }));
    expect(await screen.findByText('Modelos que presenta la empresa')).toBeTruthy();
    const options = [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent);
    expect(options.slice(0, 3)).toEqual([
      '303 · IVA. Autoliquidación',
      '130 · IRPF. Pago fraccionado (estimación directa)',
      '111 · Retenciones del trabajo y actividades profesionales',
    ]);
    expect(options).toContain('115 · Retenciones por arrendamiento de inmuebles urbanos');
    fireEvent.click(screen.getByTitle('111 · Retenciones del trabajo y actividades profesionales'));
    // The 111 of this company by month.
    fireEvent.mouseDown(within(card).getByRole('combobox', { name: 'Periodo' }));
    expect(await screen.findByTitle('Marzo')).toBeTruthy();
    expect(screen.queryByTitle('1T')).toBeNull();

    // The batch asks each model only its own periods: the 130 by quarter, the 111 by month.
    const batch = await batchCard(/^130/);
    expect((within(batch).getByRole('checkbox', { name: /^111/ }) as HTMLInputElement).checked).toBe(true);
    await toggle(batch, /^303/);
    await toggle(batch, 'Trimestre 1T');
    await toggle(batch, 'Enero');
    fireEvent.click(within(batch).getByRole('button', { name: 'Generar lote' }));
    await waitFor(() => expect(callsTo(apiRequest, 'taxModels.batchGenerate')).toHaveLength(2));
    expect(callsTo(apiRequest, 'taxModels.batchGenerate').map((c) => c.body)).toEqual([
      { year: 2026, quarter: 1, models: ['130'], regenerate: false },
      { year: 2026, month: 1, models: ['111'], regenerate: false },
    ]);
  });

  it('a client who only reads may preview, not generate', async () => {
    answerApi(apiRequest, answers({ 'companies.get': membership('CLIENTE') }));
    renderPage();
    await waitFor(() => expect(callsTo(apiRequest, 'companies.get')).toHaveLength(1));
    expect(await screen.findByRole('button', { name: 'Vista previa' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Generar' })).toBeNull();
    expect(screen.queryByText('Varios modelos a la vez')).toBeNull();
  });
});
