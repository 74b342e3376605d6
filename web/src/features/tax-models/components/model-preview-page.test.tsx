/**
 * The model's page: every box of its design by section with es-ES values, the drill-down of a box to
 * its invoices, the result type limited to the design's allowed ones, the adjustments saved, filing,
 * a period without a stored model (live preview, 'Generar', TAX_022 → 'Regenerar'), buttons by role,
 * and no model call without a tax profile.
 */

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ApiRequestOptions } from '@web/lib/api-client';
import { apiRequest } from '@web/lib/api-client';
import { ApiError } from '@web/lib/api-error';
import { notification } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ApiAnswers, answerApi, callsTo } from '../../../testing/api-mock';
import { renderRoutes } from '../../../testing/render';
import {
  boxSources,
  espiga,
  membership,
  model303,
  page,
  preview303,
  profileStatus,
  sourceRow,
  submission,
} from '../testing/fixtures';
import { ModelPreviewPage } from './model-preview-page';

vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));
vi.mock('@web/lib/session', async (original) => ({
  ...(await original<typeof import('@web/lib/session')>()),
  useSelectedCompany: () => espiga,
}));

const stored = (overrides: ApiAnswers = {}): ApiAnswers => ({
  'companies.get': membership('GESTOR'),
  'taxAssistant.status': profileStatus(true),
  'taxModels.list': page([model303()]),
  'taxModels.get': model303(),
  ...overrides,
});

const notGenerated = (overrides: ApiAnswers = {}): ApiAnswers => ({
  'companies.get': membership('GESTOR'),
  'taxAssistant.status': profileStatus(true),
  'taxModels.list': page([]),
  'taxModels.preview': preview303(),
  ...overrides,
});

let rendered: ReturnType<typeof renderRoutes> | null = null;
const renderPage = (modelId = '2026-303-1T') => {
  rendered = renderRoutes(
    [
      { path: '/app/tax/models/:modelId/preview', element: <ModelPreviewPage /> },
      { path: '/app/invoices/:invoiceId', element: <p>Factura abierta</p> },
    ],
    { path: `/app/tax/models/${modelId}/preview` },
  );
  return rendered;
};

/** The row of a box in the box table. */
const boxRow = (box: string) => screen.getByRole('row', { name: `Casilla ${box}` });

afterEach(async () => {
  const client = rendered?.queryClient;
  rendered = null;
  if (client) await waitFor(() => expect(client.isFetching() + client.isMutating()).toBe(0));
  notification.destroy();
  vi.resetAllMocks();
});

describe('ModelPreviewPage', { timeout: 20_000 }, () => {
  it('shows every box of the design by section, amounts in euros and rates as percentages', async () => {
    answerApi(apiRequest, stored());
    renderPage();

    expect(await screen.findByText('IVA devengado - Régimen general')).toBeTruthy();
    expect(screen.getByText('IVA deducible')).toBeTruthy();
    expect(screen.getByText('Resultado')).toBeTruthy();
    expect(screen.getByText('Resultado de la declaración')).toBeTruthy();
    expect(within(boxRow('07')).getByText('Régimen general 21 % - Base imponible')).toBeTruthy();
    expect(within(boxRow('07')).getByText('10.000,00 €')).toBeTruthy();
    expect(within(boxRow('08')).getByText('21 %')).toBeTruthy();
    expect(within(boxRow('29')).getByText('420,00 €')).toBeTruthy();
    // A box of the design the answer leaves out is zero, not hidden.
    expect(within(boxRow('04')).getByText('0,00 €')).toBeTruthy();
    expect(screen.getAllByText('A ingresar').length).toBeGreaterThan(0);
    expect(screen.getByText('Generado')).toBeTruthy();
    expect(screen.getByText('Indica un IBAN para domiciliar el pago.')).toBeTruthy();
    // The stored model was asked for because the list has it.
    expect(callsTo(apiRequest, 'taxModels.get')[0]).toMatchObject({
      params: { companyId: 'c-1', modelType: '303', modelId: '2026-303-1T' },
    });
    expect(callsTo(apiRequest, 'taxModels.preview')).toEqual([]);
    // No raw result-type or status code on screen.
    expect(screen.queryByText('MODEL_GENERATED')).toBeNull();
  });

  it('a click on a box lists the invoices behind it, each linking to its invoice', async () => {
    answerApi(
      apiRequest,
      stored({
        'taxModels.boxSources': ({ query }: ApiRequestOptions) =>
          boxSources(String(query?.box), [
            sourceRow(),
            sourceRow({
              id: 'inv-2',
              number: 'F-2026-0002',
              date: '2026-03-02',
              baseCents: 400_000,
              vatCents: 84_000,
              totalCents: 484_000,
            }),
          ]),
      }),
    );
    renderPage();

    fireEvent.click(await screen.findByRole('button', { name: 'Casilla 07: 10.000,00 €. Ver las facturas' }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText('Casilla 07: facturas')).toBeTruthy();
    expect(await within(drawer).findByText('2 facturas suman en esta casilla.')).toBeTruthy();
    const links = await within(drawer).findAllByRole('link', { name: 'F-2026-0001' });
    expect(links[0]?.getAttribute('href')).toBe('/app/invoices/inv-1');
    expect(callsTo(apiRequest, 'taxModels.boxSources')[0]).toMatchObject({
      params: { companyId: 'c-1', modelType: '303' },
      query: { year: 2026, period: '1T', box: '07', page: 0 },
    });
    // A box without sources (a computed total) opens nothing.
    expect(within(boxRow('46')).queryByRole('button')).toBeNull();
  });

  it('a received invoice behind a box links to the received invoices searched by its number', async () => {
    answerApi(
      apiRequest,
      stored({
        'taxModels.boxSources': boxSources('29', [
          sourceRow({
            book: 'RECEIVED',
            id: 'ri-1',
            number: 'PROV-77',
            counterpartyName: 'Harinas del Turia SA',
          }),
        ]),
      }),
    );
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Casilla 29: 420,00 €. Ver las facturas' }));
    const drawer = await screen.findByRole('dialog');
    const link = (await within(drawer).findAllByRole('link', { name: 'PROV-77' }))[0];
    expect(link?.getAttribute('href')).toBe('/app/admin/invoicing/expenses?search=PROV-77');
    expect(within(drawer).getAllByText('Recibida').length).toBeGreaterThan(0);
  });

  it('offers only the result types the design allows for this result', async () => {
    answerApi(apiRequest, stored());
    renderPage();

    const select = await screen.findByRole('combobox', { name: 'Tipo de declaración' });
    fireEvent.mouseDown(select);
    await screen.findByTitle('Domiciliación');
    // The options drawn in the dropdown (antd's listbox for screen readers holds only their codes).
    const options = [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent);
    expect(options).toEqual(['A ingresar', 'Domiciliación', 'Ingreso en cuenta corriente tributaria']);
    expect(screen.queryByTitle('A devolver')).toBeNull();
    expect(screen.queryByTitle('A compensar')).toBeNull();
  });

  it('saves the adjustments: compensation [110] in céntimos and the result type chosen', async () => {
    answerApi(
      apiRequest,
      stored({
        'taxModels.update': ({ body }: ApiRequestOptions) =>
          model303({ adjustments: body as object, version: 2, updatedAt: '2026-04-06T09:00:00Z' }),
      }),
    );
    renderPage();

    const save = await screen.findByRole('button', { name: 'Guardar ajustes' });
    expect(save.hasAttribute('disabled')).toBe(true);
    fireEvent.change(screen.getByRole('textbox', { name: 'Compensación de periodos anteriores' }), {
      target: { value: '250,50' },
    });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Tipo de declaración' }));
    fireEvent.click(await screen.findByTitle('Ingreso en cuenta corriente tributaria'));
    fireEvent.click(screen.getByRole('button', { name: 'Guardar ajustes' }));

    await waitFor(() => expect(callsTo(apiRequest, 'taxModels.update')).toHaveLength(1));
    expect(callsTo(apiRequest, 'taxModels.update')[0]).toMatchObject({
      params: { companyId: 'c-1', modelType: '303', modelId: '2026-303-1T' },
      body: { compensationFromPreviousCents: 25_050, resultType: 'G' },
    });
    expect(await screen.findByText('Ajustes guardados y modelo recalculado')).toBeTruthy();
  });

  it("refuses a negative compensation with '… no puede ser negativo'", async () => {
    answerApi(apiRequest, stored());
    renderPage();
    fireEvent.change(await screen.findByRole('textbox', { name: 'Compensación de periodos anteriores' }), {
      target: { value: '-3' },
    });
    expect(
      await screen.findByText('Cuotas a compensar pendientes de periodos anteriores no puede ser negativo'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Guardar ajustes' }).hasAttribute('disabled')).toBe(true);
  });

  it("'Validar' shows the issues, the sums that do not hold and the boxes the books changed since", async () => {
    answerApi(
      apiRequest,
      stored({
        'taxModels.validate': {
          modelId: '2026-303-1T',
          valid: false,
          issues: [
            { code: 'BOX_IDENTITY', field: '46', message: '[46] no es [27] − [45]', severity: 'ERROR' },
          ],
          identities: [
            { rule: '[46] = [27] − [45]', expectedCents: 168_000, actualCents: 160_000, ok: false },
          ],
          changedSinceGenerated: [{ box: '07', storedCents: 1_000_000, booksCents: 1_100_000 }],
        },
      }),
    );
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Validar' }));
    expect(await screen.findByText('[46] no es [27] − [45]')).toBeTruthy();
    expect(screen.getByText('Casilla 46')).toBeTruthy();
    expect(screen.getByText('Sumas del formulario que no cuadran')).toBeTruthy();
    expect(screen.getByText('Los libros han cambiado desde que se generó')).toBeTruthy();
    expect(callsTo(apiRequest, 'taxModels.validate')[0]).toMatchObject({
      params: { companyId: 'c-1', modelType: '303', modelId: '2026-303-1T' },
    });
  });

  it("'Presentar' files the model as colaborador social", async () => {
    answerApi(apiRequest, stored({ 'taxModels.submit': submission({ mode: 'COLLABORATOR' }) }));
    renderPage();

    fireEvent.click(await screen.findByRole('button', { name: 'Presentar' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByText('Como colaborador social'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Presentar' }));
    await waitFor(() => expect(callsTo(apiRequest, 'taxModels.submit')).toHaveLength(1));
    expect(callsTo(apiRequest, 'taxModels.submit')[0]).toMatchObject({
      params: { companyId: 'c-1', modelType: '303', modelId: '2026-303-1T' },
      body: { mode: 'COLLABORATOR' },
    });
    expect(
      await screen.findByText('Modelo presentado. Código seguro de verificación: ABCD1234EFGH5678'),
    ).toBeTruthy();
  });

  it("'Marcar como presentado' asks for the justificante", async () => {
    answerApi(
      apiRequest,
      stored({ 'taxModels.updateStatus': model303({ status: 'SUBMITTED', reference: 'CSV-ABC' }) }),
    );
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Marcar como presentado' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Marcar como presentado' }));
    expect(await within(dialog).findByText('Indica el justificante de la presentación')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Justificante (CSV o número de justificante)'), {
      target: { value: 'CSV-ABC' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Marcar como presentado' }));
    await waitFor(() => expect(callsTo(apiRequest, 'taxModels.updateStatus')).toHaveLength(1));
    expect(callsTo(apiRequest, 'taxModels.updateStatus')[0]?.body).toEqual({
      status: 'SUBMITTED',
      reference: 'CSV-ABC',
    });
  });

  it('a filed model is read-only: no adjustments, no filing buttons, its justificante shown', async () => {
    const filed = model303({
      status: 'SUBMITTED',
      reference: 'CSV-XYZ',
      submittedAt: '2026-04-10T10:00:00Z',
      submissionId: 's-1',
    });
    answerApi(apiRequest, stored({ 'taxModels.list': page([filed]), 'taxModels.get': filed }));
    renderPage();
    expect(await screen.findByText('CSV-XYZ')).toBeTruthy();
    expect(screen.getByText('Presentado')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Presentar' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Guardar ajustes' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Tipo de declaración' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Exportar fichero AEAT' })).toBeTruthy();
  });

  it('a period without a stored model: the live preview, never a 404 asking for it, and Generar', async () => {
    answerApi(
      apiRequest,
      notGenerated({
        'taxModels.generate': ({ body }: ApiRequestOptions) =>
          model303({ adjustments: (body as { adjustments?: object }).adjustments ?? {} }),
      }),
    );
    renderPage();

    expect(await screen.findByText('Vista previa calculada con los libros de hoy')).toBeTruthy();
    expect(screen.getByText('Sin generar')).toBeTruthy();
    expect(callsTo(apiRequest, 'taxModels.get')).toEqual([]);
    expect(callsTo(apiRequest, 'taxModels.preview')[0]).toMatchObject({
      params: { companyId: 'c-1', modelType: '303' },
      query: { year: 2026, period: '1T' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Generar' }));
    await waitFor(() => expect(callsTo(apiRequest, 'taxModels.generate')).toHaveLength(1));
    expect(callsTo(apiRequest, 'taxModels.generate')[0]).toMatchObject({
      params: { companyId: 'c-1', modelType: '303' },
      body: { year: 2026, period: '1T', regenerate: false },
    });
  });

  it("TAX_022 (already generated meanwhile) offers 'Regenerar', which regenerates on purpose", async () => {
    answerApi(
      apiRequest,
      notGenerated({
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
    fireEvent.click(await screen.findByRole('button', { name: 'Generar' }));
    expect(await screen.findByText('El modelo ya ha sido generado para este periodo.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Regenerar' }));
    await waitFor(() => expect(callsTo(apiRequest, 'taxModels.generate')).toHaveLength(2));
    expect(callsTo(apiRequest, 'taxModels.generate')[1]?.body).toMatchObject({ regenerate: true });
  });

  it('a client who only reads sees the boxes and the drill-down, without the buttons that write', async () => {
    answerApi(apiRequest, stored({ 'companies.get': membership('CLIENTE') }));
    renderPage();
    await waitFor(() => expect(callsTo(apiRequest, 'companies.get')).toHaveLength(1));
    expect(await screen.findByText('IVA devengado - Régimen general')).toBeTruthy();
    for (const name of ['Guardar ajustes', 'Regenerar', 'Marcar como presentado', 'Presentar', 'Generar']) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
    expect(screen.getByRole('button', { name: 'Descargar PDF' })).toBeTruthy();
  });

  it('a 349 shows its counts and amounts, and the operators it declares with their key in words', async () => {
    const m349 = model303({
      modelId: '2026-349-1T',
      modelType: '349',
      design: '349-2020',
      boxes: { '01': 2, '02': 6_000_000, '03': 0, '04': 0 },
      result: { type: 'INFORMATIVE', amountCents: 6_000_000 },
      allowedResultTypes: ['INFORMATIVE'],
      issues: [],
      sources: { '02': ['ISSUED:349E'] },
      records: [
        {
          kind: 'OPERATOR',
          counterpartyKey: 'FR:NIF_IVA:FR12345678901',
          taxId: 'FR12345678901',
          name: 'Client SARL',
          country: 'FR',
          key: 'E',
          amountCents: 5_000_000,
        },
        {
          kind: 'OPERATOR',
          counterpartyKey: 'DE:NIF_IVA:DE123456789',
          taxId: 'DE123456789',
          name: 'Lieferant GmbH',
          country: 'DE',
          key: 'I',
          amountCents: 1_000_000,
        },
      ],
    });
    answerApi(apiRequest, stored({ 'taxModels.list': page([m349]), 'taxModels.get': m349 }));
    renderPage('2026-349-1T');

    expect(await screen.findByText('Número total de operadores intracomunitarios')).toBeTruthy();
    expect(within(boxRow('01')).getByText('2')).toBeTruthy();
    expect(
      within(boxRow('02')).getByRole('button', { name: 'Casilla 02: 60.000,00 €. Ver las facturas' }),
    ).toBeTruthy();
    expect(screen.getByText('Declarados (2)')).toBeTruthy();
    const client = screen.getByRole('row', { name: 'Client SARL · Entregas intracomunitarias de bienes' });
    expect(within(client).getByText('50.000,00 €')).toBeTruthy();
    expect(screen.getByRole('row', { name: 'Lieferant GmbH · Servicios adquiridos' })).toBeTruthy();
    // An informative return has no result type to choose nor a bank account.
    expect(screen.queryByRole('combobox', { name: 'Tipo de declaración' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'IBAN' })).toBeNull();
    expect(screen.getAllByText('Declaración informativa').length).toBeGreaterThan(0);
  });

  it('without a tax profile: the welcome card and no model call', async () => {
    answerApi(apiRequest, stored({ 'taxAssistant.status': profileStatus(false) }));
    renderPage();
    expect(await screen.findByText('Bienvenido! Configuración Fiscal')).toBeTruthy();
    expect(callsTo(apiRequest, 'taxModels.list')).toEqual([]);
    expect(callsTo(apiRequest, 'taxModels.get')).toEqual([]);
    expect(callsTo(apiRequest, 'taxModels.preview')).toEqual([]);
  });

  it('an id that is not a model says so', async () => {
    answerApi(apiRequest, stored());
    renderPage('2026-999-1T');
    expect(await screen.findByText('El modelo no existe: su identificador no es válido.')).toBeTruthy();
    expect(callsTo(apiRequest, 'taxModels.list')).toEqual([]);
  });
});
