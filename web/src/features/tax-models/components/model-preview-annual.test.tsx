/**
 * The model's page for the 131, the 202 and the annual summaries (issue 15): the 131's activities sent in
 * céntimos with the units' two decimals, the rate and last year's income; the 202's method and its
 * fields; the 190's recipients checked as the summary checks them (a NIF that is not valid, a key of
 * the model) and sent in céntimos; the server's refusal beside the field it names.
 */

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ApiRequestOptions } from '@web/lib/api-client';
import { apiRequest } from '@web/lib/api-client';
import { ApiError } from '@web/lib/api-error';
import { notification } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ApiAnswers, answerApi, callsTo } from '../../../testing/api-mock';
import { renderRoutes } from '../../../testing/render';
import { preview131, preview190, preview202, updatedModel } from '../testing/annual-fixtures';
import { espiga, membership, page, profileStatus, storedModel } from '../testing/fixtures';
import { ModelPreviewPage } from './model-preview-page';

vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));
vi.mock('@web/lib/session', async (original) => ({
  ...(await original<typeof import('@web/lib/session')>()),
  useSelectedCompany: () => espiga,
}));

const answers = (overrides: ApiAnswers = {}): ApiAnswers => ({
  'companies.get': membership('GESTOR'),
  'taxAssistant.status': profileStatus(true),
  ...overrides,
});

let rendered: ReturnType<typeof renderRoutes> | null = null;
const renderPage = (modelId: string) => {
  rendered = renderRoutes([{ path: '/app/tax/models/:modelId/preview', element: <ModelPreviewPage /> }], {
    path: `/app/tax/models/${modelId}/preview`,
  });
  return rendered;
};

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

describe('ModelPreviewPage: modelo 131', { timeout: 20_000 }, () => {
  const model131 = storedModel(preview131());
  const stored131 = (overrides: ApiAnswers = {}) =>
    answers({ 'taxModels.list': page([model131]), 'taxModels.get': model131, ...overrides });

  it('sends the activities in céntimos, the units with two decimals, the rate and last year', async () => {
    answerApi(
      apiRequest,
      stored131({ 'taxModels.update': ({ body }: ApiRequestOptions) => updatedModel(model131, body) }),
    );
    renderPage('2026-131-1T');

    fireEvent.click(await screen.findByRole('button', { name: /Añadir actividad/ }));
    type('Epígrafe IAE (actividad 1)', '6511');
    type('Descripción (actividad 1)', 'Comercio menor de tejidos');
    type('Unidades del módulo (actividad 1)', '1,555');
    expect(
      await screen.findByText('Indica un número con dos decimales como máximo, por ejemplo 1,5'),
    ).toBeTruthy();
    expect(saveButton().hasAttribute('disabled')).toBe(true);

    type('Unidades del módulo (actividad 1)', '1,5');
    type('Rendimiento anual por unidad (actividad 1)', '12.345,67');
    type('Minoraciones y reducciones (actividad 1)', '100');
    type('Personas asalariadas (actividad 1)', '1');
    type('Porcentaje aplicable', '3');
    type('Rendimiento neto del año anterior', '-1.000,5');
    await waitFor(() => expect(saveButton().hasAttribute('disabled')).toBe(false));
    fireEvent.click(saveButton());

    await waitFor(() => expect(callsTo(apiRequest, 'taxModels.update')).toHaveLength(1));
    expect(callsTo(apiRequest, 'taxModels.update')[0]).toMatchObject({
      params: { companyId: 'c-1', modelType: '131', modelId: '2026-131-1T' },
      body: {
        modulesData: [
          {
            activityCode: '6511',
            description: 'Comercio menor de tejidos',
            moduleUnits: 1.5,
            unitValue: 1_234_567,
            deductions: 10_000,
            employees: 1,
          },
        ],
        irpfRateBp: 300,
        previousYearNetIncomeCents: -100_050,
      },
    });
  });

  it("refuses an epigraph of more than 4 characters and minorations above the modules' income", async () => {
    answerApi(apiRequest, stored131());
    renderPage('2026-131-1T');

    fireEvent.click(await screen.findByRole('button', { name: /Añadir actividad/ }));
    type('Unidades del módulo (actividad 1)', '2');
    type('Rendimiento anual por unidad (actividad 1)', '100');
    type('Minoraciones y reducciones (actividad 1)', '250');
    expect(
      await screen.findByText('Las minoraciones de la actividad 1 superan el rendimiento de sus módulos.'),
    ).toBeTruthy();
    expect(
      screen.getByText('El epígrafe IAE de la actividad 1 debe tener entre 1 y 4 caracteres.'),
    ).toBeTruthy();
    expect(saveButton().hasAttribute('disabled')).toBe(true);
  });
});

describe('ModelPreviewPage: modelo 202', { timeout: 20_000 }, () => {
  it('sends the method 40.3 with its fields, and refuses a rate above 100 %', async () => {
    const model202 = storedModel(preview202());
    answerApi(
      apiRequest,
      answers({
        'taxModels.list': page([model202]),
        'taxModels.get': model202,
        'taxModels.update': ({ body }: ApiRequestOptions) => updatedModel(model202, body),
      }),
    );
    renderPage('2026-202-1P');

    expect(
      await screen.findByText('Base del pago fraccionado', { selector: '.ant-card-head-title' }),
    ).toBeTruthy();
    expect(
      screen.getByRole('textbox', { name: 'Cuota del último Impuesto sobre Sociedades minorada' }),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: /Art\. 40\.3 LIS/ }));
    type('Base imponible de los meses transcurridos', '-2.500');
    type('Tipo de gravamen', '120');
    expect(await screen.findByText('El tipo de gravamen debe estar entre el 0 % y el 100 %.')).toBeTruthy();
    expect(saveButton().hasAttribute('disabled')).toBe(true);

    type('Tipo de gravamen', '23');
    type('Retenciones e ingresos a cuenta del período', '1.000');
    await waitFor(() => expect(saveButton().hasAttribute('disabled')).toBe(false));
    fireEvent.click(saveButton());
    await waitFor(() => expect(callsTo(apiRequest, 'taxModels.update')).toHaveLength(1));
    expect(callsTo(apiRequest, 'taxModels.update')[0]?.body).toMatchObject({
      instalment202: {
        method: '40.3',
        periodBaseCents: -250_000,
        taxRateBp: 2300,
        withholdingsCents: 100_000,
      },
    });
  });
});

describe('ModelPreviewPage: modelo 190', { timeout: 20_000 }, () => {
  const model190 = storedModel(preview190());
  const stored190 = (overrides: ApiAnswers = {}) =>
    answers({ 'taxModels.list': page([model190]), 'taxModels.get': model190, ...overrides });

  it('refuses a NIF that is not valid, then sends the recipient in céntimos', async () => {
    answerApi(
      apiRequest,
      stored190({ 'taxModels.update': ({ body }: ApiRequestOptions) => updatedModel(model190, body) }),
    );
    renderPage('2025-190-0A');

    fireEvent.click(await screen.findByRole('button', { name: /Añadir perceptor/ }));
    const row = screen.getByRole('group', { name: 'Perceptor 1' });
    expect(within(row).getByText('A Empleados por cuenta ajena')).toBeTruthy();
    type('NIF (perceptor 1)', '12345678A');
    type('Nombre (perceptor 1)', 'García López, Ana');
    type('Base (perceptor 1)', '20.000');
    expect(await screen.findByText('El NIF 12345678A no es válido')).toBeTruthy();
    expect(saveButton().hasAttribute('disabled')).toBe(true);

    type('NIF (perceptor 1)', '12345678z');
    type('Provincia (perceptor 1)', '46');
    type('Retención (perceptor 1)', '3.000,5');
    type('En especie: valoración (perceptor 1)', '600');
    await waitFor(() => expect(saveButton().hasAttribute('disabled')).toBe(false));
    fireEvent.click(saveButton());
    await waitFor(() => expect(callsTo(apiRequest, 'taxModels.update')).toHaveLength(1));
    expect(callsTo(apiRequest, 'taxModels.update')[0]?.body).toMatchObject({
      annualRecipients: [
        {
          nif: '12345678Z',
          name: 'García López, Ana',
          province: '46',
          key: 'A',
          baseCents: 2_000_000,
          withholdingCents: 300_050,
          inKindValueCents: 60_000,
        },
      ],
    });
  });

  it('refuses the same NIF and key twice and a province that is not one', async () => {
    answerApi(apiRequest, stored190());
    renderPage('2025-190-0A');

    fireEvent.click(await screen.findByRole('button', { name: /Añadir perceptor/ }));
    type('NIF (perceptor 1)', '12345678Z');
    type('Nombre (perceptor 1)', 'García López, Ana');
    type('Base (perceptor 1)', '100');
    type('Provincia (perceptor 1)', '60');
    fireEvent.click(screen.getByRole('button', { name: /Añadir perceptor/ }));
    type('NIF (perceptor 2)', '12345678Z');
    type('Nombre (perceptor 2)', 'García López, Ana');
    type('Base (perceptor 2)', '200');
    expect(await screen.findByText('Está repetido con el mismo NIF y clave')).toBeTruthy();
    expect(screen.getByText('La provincia 60 no es un código de provincia (01 a 52)')).toBeTruthy();
    expect(saveButton().hasAttribute('disabled')).toBe(true);
  });

  it("shows the server's refusal beside the recipient's field it names", async () => {
    answerApi(
      apiRequest,
      stored190({
        'taxModels.update': () => {
          throw new ApiError({
            code: 'CORE_004',
            message: 'Datos no válidos',
            status: 400,
            details: {
              issues: [
                {
                  field: 'annualRecipients.0.name',
                  message: 'annualRecipients.0.name: El nombre tiene 120 caracteres como máximo',
                },
              ],
            },
          });
        },
      }),
    );
    renderPage('2025-190-0A');

    fireEvent.click(await screen.findByRole('button', { name: /Añadir perceptor/ }));
    fireEvent.click(screen.getByRole('button', { name: /Añadir perceptor/ }));
    type('NIF (perceptor 2)', '12345678Z');
    type('Nombre (perceptor 2)', 'García López, Ana');
    type('Base (perceptor 2)', '100');
    await waitFor(() => expect(saveButton().hasAttribute('disabled')).toBe(false));
    fireEvent.click(saveButton());
    // The first row was left empty and not sent: the server's row 0 is the draft's second.
    const row = screen.getByRole('group', { name: 'Perceptor 2' });
    const refused = 'El nombre tiene 120 caracteres como máximo';
    expect(await within(row).findByText(refused)).toBeTruthy();
    // Typing again clears the refusal: it was about what was sent.
    type('Nombre (perceptor 2)', 'García López, Ana María');
    await waitFor(() => expect(within(row).queryByText(refused)).toBeNull());
  });
});
