/**
 * The model's page for the income-tax models (issue 15): the 130's and 115's sections and boxes, the
 * result 'a deducir' (B), the 130's provision switch driving the preview and its other income in
 * céntimos, the 111's employment income, the 115's landlords checked as the server checks them (NIF,
 * duplicates) and sent in céntimos, the server's refusal beside its field, and a withholding box's
 * invoices with what each withheld.
 */

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ApiRequestOptions } from '@web/lib/api-client';
import { apiRequest } from '@web/lib/api-client';
import { ApiError } from '@web/lib/api-error';
import type { TaxProfileView } from '@web/lib/tax-api';
import { notification } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ApiAnswers, answerApi, callsTo } from '../../../testing/api-mock';
import { renderRoutes } from '../../../testing/render';
import {
  boxSources,
  espiga,
  membership,
  page,
  preview115,
  preview130,
  profileStatus,
  sourceRow,
  storedModel,
} from '../testing/fixtures';
import { ModelPreviewPage } from './model-preview-page';

vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));
vi.mock('@web/lib/session', async (original) => ({
  ...(await original<typeof import('@web/lib/session')>()),
  useSelectedCompany: () => espiga,
}));
// The designs of the tests (fixtures.ts), whatever the model definitions hold; the rest as they are.
vi.mock('@web/lib/tax-model-designs', async (original) => {
  const actual = await original<typeof import('@web/lib/tax-model-designs')>();
  const { FIXTURE_DESIGNS } = await import('../testing/fixtures');
  return {
    ...actual,
    designBoxes: (modelType: Parameters<typeof actual.designBoxes>[0], design: string) =>
      FIXTURE_DESIGNS[design] ?? actual.designBoxes(modelType, design),
  };
});

const model130 = storedModel(preview130());
const model115 = storedModel(preview115());

/** The profile of an autónomo in estimación directa simplificada (the 130's provision applies). */
const profile = {
  companyId: 'c-1',
  facts: { irpfMethod: 'DIRECTA_SIMPLIFICADA' },
  versions: [{ effectiveFrom: '2026-01-01', facts: { irpfMethod: 'DIRECTA_SIMPLIFICADA' } }],
} as unknown as TaxProfileView;

const answers = (overrides: ApiAnswers = {}): ApiAnswers => ({
  'companies.get': membership('GESTOR'),
  'taxAssistant.status': profileStatus(true),
  'taxProfile.get': profile,
  ...overrides,
});

let rendered: ReturnType<typeof renderRoutes> | null = null;
const renderPage = (modelId: string) => {
  rendered = renderRoutes([{ path: '/app/tax/models/:modelId/preview', element: <ModelPreviewPage /> }], {
    path: `/app/tax/models/${modelId}/preview`,
  });
  return rendered;
};

const boxRow = (box: string) => screen.getByRole('row', { name: `Casilla ${box}` });
const type = (name: string, value: string) =>
  fireEvent.change(screen.getByRole('textbox', { name }), { target: { value } });
const saveButton = () => screen.getByRole('button', { name: 'Guardar ajustes' });

afterEach(async () => {
  const client = rendered?.queryClient;
  rendered = null;
  if (client) await waitFor(() => expect(client.isFetching() + client.isMutating()).toBe(0));
  notification.destroy();
  vi.resetAllMocks();
});

describe('ModelPreviewPage: modelo 130', { timeout: 20_000 }, () => {
  it('shows its sections and boxes in euros and the result a deducir (B)', async () => {
    answerApi(apiRequest, answers({ 'taxModels.list': page([model130]), 'taxModels.get': model130 }));
    renderPage('2026-130-2T');

    expect(await screen.findByText('Actividades económicas en estimación directa')).toBeTruthy();
    expect(screen.getByText('Total liquidación')).toBeTruthy();
    expect(within(boxRow('01')).getByText('Ingresos computables')).toBeTruthy();
    expect(within(boxRow('02')).getByText('9.000,00 €')).toBeTruthy();
    expect(within(boxRow('03')).getByText('-3.000,00 €')).toBeTruthy();
    expect(within(boxRow('19')).getByText('-900,00 €')).toBeTruthy();
    expect(screen.getAllByText('A deducir en los siguientes trimestres').length).toBeGreaterThan(0);
    expect(screen.getByText('Datos del pago fraccionado')).toBeTruthy();
    expect(screen.queryByText('B')).toBeNull();
  });

  it('the provision switch follows the profile, and off previews and generates without it', async () => {
    answerApi(
      apiRequest,
      answers({
        'taxModels.list': page([]),
        'taxModels.preview': ({ query }: ApiRequestOptions) =>
          preview130(
            query?.applyDifficultJustification === false
              ? { boxes: { ...preview130().boxes, '02': 870_000 } }
              : {},
          ),
        'taxModels.generate': ({ body }: ApiRequestOptions) =>
          storedModel(preview130(), { adjustments: (body as { adjustments?: object }).adjustments ?? {} }),
      }),
    );
    renderPage('2026-130-2T');

    const toggle = await screen.findByRole('switch', {
      name: 'Aplicar gastos de difícil justificación (5 %)',
    });
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
    expect(callsTo(apiRequest, 'taxModels.preview')[0]?.query).toMatchObject({ year: 2026, period: '2T' });
    expect(callsTo(apiRequest, 'taxModels.preview')[0]?.query?.applyDifficultJustification).toBeUndefined();

    fireEvent.click(toggle);
    await waitFor(() =>
      expect(callsTo(apiRequest, 'taxModels.preview').at(-1)?.query).toMatchObject({
        applyDifficultJustification: false,
      }),
    );
    expect(await within(boxRow('02')).findByText('8.700,00 €')).toBeTruthy();

    type('Otros gastos deducibles', '1.234,56');
    type('Rendimiento neto del año anterior', '-250');
    fireEvent.click(screen.getByRole('button', { name: 'Generar' }));
    await waitFor(() => expect(callsTo(apiRequest, 'taxModels.generate')).toHaveLength(1));
    expect(callsTo(apiRequest, 'taxModels.generate')[0]?.body).toMatchObject({
      year: 2026,
      period: '2T',
      adjustments: {
        applyDifficultJustification: false,
        otherExpensesCents: 123_456,
        previousYearNetIncomeCents: -25_000,
      },
    });
  });

  it("refuses negative other income with '… no puede ser negativo'", async () => {
    answerApi(apiRequest, answers({ 'taxModels.list': page([model130]), 'taxModels.get': model130 }));
    renderPage('2026-130-2T');
    await screen.findByText('Datos del pago fraccionado');
    type('Otros ingresos', '-10');
    expect(await screen.findByText('Otros ingresos no puede ser negativo')).toBeTruthy();
    expect(saveButton().hasAttribute('disabled')).toBe(true);
  });
});

describe('ModelPreviewPage: modelo 111', { timeout: 20_000 }, () => {
  it('saves the employment income typed beside the books, in céntimos', async () => {
    const m111 = storedModel(
      preview115({ modelType: '111', design: '111-unknown', boxes: { '28': 0, '30': 0 } }),
    );
    answerApi(
      apiRequest,
      answers({
        'taxModels.list': page([m111]),
        'taxModels.get': m111,
        'taxModels.update': ({ body }: ApiRequestOptions) =>
          storedModel(m111, { adjustments: body as object, version: 2, updatedAt: '2026-07-02T09:00:00Z' }),
      }),
    );
    renderPage('2026-111-2T');

    expect(
      await screen.findByText(/Rendimientos del trabajo \(mientras las nóminas se lleven fuera de Cuadra\)/),
    ).toBeTruthy();
    type('[01] Número de perceptores', '2');
    type('[02] Importe de las percepciones', '4.500,50');
    type('[03] Importe de las retenciones', '675,08');
    fireEvent.click(saveButton());
    await waitFor(() => expect(callsTo(apiRequest, 'taxModels.update')).toHaveLength(1));
    expect(callsTo(apiRequest, 'taxModels.update')[0]).toMatchObject({
      params: { companyId: 'c-1', modelType: '111', modelId: '2026-111-2T' },
      body: {
        workIncome: {
          recipients: 2,
          baseCents: 450_050,
          withholdingCents: 67_508,
          inKindRecipients: 0,
          inKindValueCents: 0,
          inKindWithholdingCents: 0,
        },
      },
    });
  });
});

describe('ModelPreviewPage: modelo 115', { timeout: 20_000 }, () => {
  const stored115 = (overrides: ApiAnswers = {}) =>
    answers({ 'taxModels.list': page([model115]), 'taxModels.get': model115, ...overrides });

  it('shows the count as a plain number and the amounts in euros', async () => {
    answerApi(apiRequest, stored115());
    renderPage('2026-115-2T');
    expect(
      await screen.findByText('Retenciones e ingresos a cuenta', { selector: '.ant-card-head-title' }),
    ).toBeTruthy();
    expect(within(boxRow('01')).getByText('1')).toBeTruthy();
    expect(within(boxRow('03')).getByText('190,00 €')).toBeTruthy();
    expect(screen.getAllByText('A ingresar').length).toBeGreaterThan(0);
    expect(screen.getByText('Alquileres sin factura en los libros')).toBeTruthy();
  });

  it('refuses a NIF of another shape and a duplicate, then saves the landlords in céntimos', async () => {
    answerApi(
      apiRequest,
      stored115({
        'taxModels.update': ({ body }: ApiRequestOptions) =>
          storedModel(preview115(), {
            adjustments: body as object,
            version: 2,
            updatedAt: '2026-07-02T09:00:00Z',
          }),
      }),
    );
    renderPage('2026-115-2T');

    fireEvent.click(await screen.findByRole('button', { name: /Añadir arrendador/ }));
    type('NIF (arrendador 1)', 'B1234567');
    type('Importe del alquiler (arrendador 1)', '850,5');
    expect(await screen.findByText('El NIF B1234567 no tiene un formato válido')).toBeTruthy();
    expect(saveButton().hasAttribute('disabled')).toBe(true);

    type('NIF (arrendador 1)', '12345678Z');
    type('Nombre (arrendador 1)', 'Locales del Turia SL');
    fireEvent.click(screen.getByRole('button', { name: /Añadir arrendador/ }));
    type('NIF (arrendador 2)', '12345678z');
    type('Importe del alquiler (arrendador 2)', '0');
    expect(await screen.findByText('NIF duplicado: 12345678z')).toBeTruthy();
    expect(screen.getByText('El importe del alquiler debe ser mayor que 0')).toBeTruthy();
    expect(saveButton().hasAttribute('disabled')).toBe(true);

    type('NIF (arrendador 2)', 'X1234567L');
    type('Importe del alquiler (arrendador 2)', '1.200');
    await waitFor(() => expect(saveButton().hasAttribute('disabled')).toBe(false));
    fireEvent.click(saveButton());
    await waitFor(() => expect(callsTo(apiRequest, 'taxModels.update')).toHaveLength(1));
    expect(callsTo(apiRequest, 'taxModels.update')[0]?.body).toEqual({
      boxes: {},
      rentalProperties: [
        { nif: '12345678Z', name: 'Locales del Turia SL', rentAmount: 85_050 },
        { nif: 'X1234567L', rentAmount: 120_000 },
      ],
    });
  });

  it("shows the server's refusal under the field it names", async () => {
    answerApi(
      apiRequest,
      stored115({
        'taxModels.update': () => {
          throw new ApiError({
            code: 'CORE_004',
            message:
              'NIF duplicado: 12345678Z (ya figura como perceptor en las facturas recibidas del periodo)',
            status: 400,
            field: 'rentalProperties[0].nif',
            details: {
              location: 'body',
              issues: [
                {
                  field: 'rentalProperties[0].nif',
                  message:
                    'NIF duplicado: 12345678Z (ya figura como perceptor en las facturas recibidas del periodo)',
                  code: 'DUPLICATE_NIF',
                },
              ],
            },
          });
        },
      }),
    );
    renderPage('2026-115-2T');
    fireEvent.click(await screen.findByRole('button', { name: /Añadir arrendador/ }));
    type('NIF (arrendador 1)', '12345678Z');
    type('Importe del alquiler (arrendador 1)', '500');
    fireEvent.click(saveButton());

    const group = screen.getByRole('group', { name: 'Arrendador 1' });
    const refused =
      'NIF duplicado: 12345678Z (ya figura como perceptor en las facturas recibidas del periodo)';
    expect(await within(group).findByText(refused)).toBeTruthy();
    // Typing again clears the refusal: it was about what was sent.
    type('Nombre (arrendador 1)', 'Otro');
    await waitFor(() => expect(within(group).queryByText(refused)).toBeNull());
  });

  it('a withholding box lists the invoices with what each withheld and its kind', async () => {
    answerApi(
      apiRequest,
      stored115({
        'taxModels.boxSources': boxSources('03', [
          sourceRow({
            book: 'RECEIVED',
            id: 'ri-9',
            number: 'ALQ-06',
            counterpartyName: 'Locales del Turia SL',
            keys: ['RECEIVED:IRPF|RENT|-'],
            baseCents: 100_000,
            vatCents: 0,
            totalCents: -19_000,
          }),
        ]),
      }),
    );
    renderPage('2026-115-2T');
    fireEvent.click(await screen.findByRole('button', { name: 'Casilla 03: 190,00 €. Ver las facturas' }));
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('1 factura suma en esta casilla.')).toBeTruthy();
    expect((await within(drawer).findAllByText(/Retención 190,00/)).length).toBeGreaterThan(0);
    expect(within(drawer).getAllByText('Arrendamiento de inmuebles urbanos').length).toBeGreaterThan(0);
    expect(callsTo(apiRequest, 'taxModels.boxSources')[0]).toMatchObject({
      params: { companyId: 'c-1', modelType: '115' },
      query: { year: 2026, period: '2T', box: '03' },
    });
  });
});
