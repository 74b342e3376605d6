/**
 * 'Presentación por lotes': the period from the URL to the one request, a row per company with its
 * status, result, earlier results, anomaly tags (the API's sentence in the tooltip) and marks; the
 * filters; each bulk action only after its confirmation, with an outcome per company; the export's
 * zip; a row opening that company's model after selecting it.
 */
import type { CockpitActionResult, CockpitRow } from '@shared/schemas/tax-models';
import { taxModelNames } from '@shared/schemas/tax-profile';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { apiRequest } from '@web/lib/api-client';
import { apiDownload, deliver } from '@web/lib/api-download';
import { notification } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi, callsTo } from '../../../testing/api-mock';
import { renderRoutes } from '../../../testing/render';
import { cockpitRows, cockpitView } from '../testing/fixtures';
import { CockpitPage } from './cockpit-page';

vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));
vi.mock('@web/lib/api-download', async (original) => ({
  ...(await original<typeof import('@web/lib/api-download')>()),
  apiDownload: vi.fn(),
  deliver: vi.fn(),
}));
const selected = vi.hoisted(() => ({ current: null as null | { companyId: string; name: string } }));
vi.mock('@web/lib/session', async (original) => ({
  ...(await original<typeof import('@web/lib/session')>()),
  useSelectedCompany: () => selected.current,
  setSelectedCompany: vi.fn(),
}));

const PATH = '/app/tax/cockpit?model=303&year=2026&period=1T';
let rendered: ReturnType<typeof renderRoutes> | null = null;

function renderCockpit(path = PATH) {
  rendered = renderRoutes(
    [
      { path: '/app/tax/cockpit', element: <CockpitPage /> },
      { path: '/app/tax/models/:modelId/preview', element: <p>Página del modelo</p> },
    ],
    { path },
  );
  return rendered;
}

const rowOf = (name: string) => screen.getByRole('row', { name: new RegExp(name) });

afterEach(async () => {
  const client = rendered?.queryClient;
  rendered = null;
  if (client) await waitFor(() => expect(client.isFetching() + client.isMutating()).toBe(0));
  notification.destroy();
  selected.current = null;
  vi.resetAllMocks();
});

describe('CockpitPage', { timeout: 30_000 }, () => {
  it('asks once for the period and shows each company with its status, results, anomalies and marks', async () => {
    answerApi(apiRequest, { 'taxCockpit.get': cockpitView() });
    renderCockpit();

    expect(await screen.findByRole('row', { name: /Panadería La Espiga SL/ })).toBeTruthy();
    expect(callsTo(apiRequest, 'taxCockpit.get')).toHaveLength(1);
    expect(callsTo(apiRequest, 'taxCockpit.get')[0]?.query).toEqual({
      modelType: '303',
      year: 2026,
      period: '1T',
    });
    expect(screen.getByText('Modelo 303 · 1T 2026 · vence el 20/04/2026')).toBeTruthy();

    const espiga = within(rowOf('Panadería La Espiga SL'));
    expect(espiga.getByText('NIF B46128732')).toBeTruthy();
    expect(espiga.getByText('20/04/2026')).toBeTruthy();
    expect(espiga.getByText('Generado')).toBeTruthy();
    expect(espiga.getAllByText('A ingresar').length).toBeGreaterThan(0);
    expect(espiga.getByText('1.234,56 €')).toBeTruthy();
    // The previous period and the same period of last year, in words (no raw result codes).
    expect(espiga.getByText('450,00 €')).toBeTruthy();
    expect(espiga.getByText('200,00 €')).toBeTruthy();
    expect(espiga.getByText('A compensar')).toBeTruthy();
    expect(espiga.getByText('2 incidencias')).toBeTruthy();

    const tag = espiga.getByText('Cambio frente al periodo anterior');
    fireEvent.mouseEnter(tag);
    expect(
      await screen.findByText(
        'El resultado cambia un +174 % (450,00 € → 1.234,56 €) respecto al periodo anterior.',
      ),
    ).toBeTruthy();

    expect(within(rowOf('Javier Romero Gil')).getByText('Sin generar')).toBeTruthy();
    const levante = within(rowOf('Transportes Levante Norte SA'));
    expect(levante.getByText('Presentado')).toBeTruthy();
    expect(levante.getByText('Aprobado')).toBeTruthy();
    expect(levante.getByText('Publicado')).toBeTruthy();
    expect(within(rowOf('Estudio Nuevo SL')).getByText('No aplica')).toBeTruthy();

    // The period's totals.
    const totals = within(screen.getByLabelText('Resumen del periodo'));
    expect(totals.getByText('Con anomalías')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(
      /\b(MODEL_GENERATED|NOT_GENERATED|SUBMITTED|CHANGE_VS_\w+)\b/,
    );
  });

  it('the 111 of 2T: its own request and title; a large company files June, linked as such', async () => {
    const rows: CockpitRow[] = cockpitRows().map((r) => ({
      ...r,
      period: '2T',
      obligationId: r.obligationId && '2026-111-2T',
      modelId: r.modelId && '2026-111-2T',
      dueDate: r.dueDate && '2026-07-20',
      anomalies: [],
    }));
    // A large company withholds monthly (art. 108.1 RIRPF): its return in the 2T window is June's.
    rows[1] = { ...(rows[1] as CockpitRow), period: '06', obligationId: '2026-111-06' };
    answerApi(apiRequest, { 'taxCockpit.get': { ...cockpitView(rows), modelType: '111', period: '2T' } });
    renderCockpit('/app/tax/cockpit?model=111&year=2026&period=2T');

    expect(await screen.findByRole('row', { name: /Panadería La Espiga SL/ })).toBeTruthy();
    expect(callsTo(apiRequest, 'taxCockpit.get')[0]?.query).toEqual({
      modelType: '111',
      year: 2026,
      period: '2T',
    });
    expect(screen.getByText('Modelo 111 · 2T 2026 · vence el 20/07/2026')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Panadería La Espiga SL' }).getAttribute('href')).toBe(
      '/app/tax/models/2026-111-2T/preview?company=c-1',
    );
    const large = within(rowOf('Javier Romero Gil'));
    expect(large.getAllByText('Su periodo: Junio 2026').length).toBeGreaterThan(0);
    expect(large.getByRole('link', { name: 'Javier Romero Gil' }).getAttribute('href')).toBe(
      '/app/tax/models/2026-111-06/preview?company=c-2',
    );
    expect(within(rowOf('Panadería La Espiga SL')).queryByText(/Su periodo/)).toBeNull();
    expect(screen.getByRole('columnheader', { name: 'Periodo anterior' })).toBeTruthy();

    // The model selector offers the income-tax models by name, and the 111 its months too.
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Modelo' }));
    for (const m of ['130', '111', '115', '123', '216'] as const) {
      expect((await screen.findAllByTitle(taxModelNames[m])).length).toBeGreaterThan(0);
    }
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Periodo' }));
    expect(await screen.findByTitle('Enero')).toBeTruthy();
  });

  it('the 130 is quarterly: a month in the URL falls back to its last closed quarter', async () => {
    answerApi(apiRequest, { 'taxCockpit.get': { ...cockpitView(), modelType: '130' } });
    renderCockpit('/app/tax/cockpit?model=130&year=2026&period=05');
    await screen.findByRole('row', { name: /Panadería La Espiga SL/ });
    const query = callsTo(apiRequest, 'taxCockpit.get')[0]?.query;
    expect(query?.modelType).toBe('130');
    expect(String(query?.period)).toMatch(/^[1-4]T$/);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Periodo' }));
    expect(await screen.findByTitle('2.º trimestre')).toBeTruthy();
    expect(screen.queryByTitle('Mayo')).toBeNull();
  });

  it('an annual return has no previous-period column apart from last year', async () => {
    answerApi(apiRequest, { 'taxCockpit.get': { ...cockpitView(), modelType: '390', period: '0A' } });
    renderCockpit('/app/tax/cockpit?model=390&year=2025&period=0A');
    await screen.findByRole('row', { name: /Panadería La Espiga SL/ });
    expect(screen.queryByRole('columnheader', { name: 'Periodo anterior' })).toBeNull();
    expect(screen.getByRole('columnheader', { name: 'Año anterior' })).toBeTruthy();
  });

  it('filters to the rows with anomalies and to the pending ones', async () => {
    answerApi(apiRequest, { 'taxCockpit.get': cockpitView() });
    const { router } = renderCockpit();
    await screen.findByRole('row', { name: /Panadería La Espiga SL/ });

    fireEvent.click(screen.getByRole('switch', { name: 'Solo con anomalías' }));
    await waitFor(() => expect(screen.queryByRole('row', { name: /Javier Romero Gil/ })).toBeNull());
    expect(screen.getByRole('row', { name: /Panadería La Espiga SL/ })).toBeTruthy();
    expect(router.state.location.search).toContain('anomalies=1');

    fireEvent.click(screen.getByRole('switch', { name: 'Solo con anomalías' }));
    fireEvent.click(screen.getByRole('switch', { name: 'Solo pendientes' }));
    expect(await screen.findByRole('row', { name: /Javier Romero Gil/ })).toBeTruthy();
    expect(screen.queryByRole('row', { name: /Transportes Levante Norte SA/ })).toBeNull();
    expect(screen.queryByRole('row', { name: /Estudio Nuevo SL/ })).toBeNull();
    // One answer carries the table: filtering asks nothing.
    expect(callsTo(apiRequest, 'taxCockpit.get')).toHaveLength(1);
  });

  it('approves the selected companies only after the confirmation, and shows each outcome', async () => {
    const approved: CockpitActionResult = {
      results: [
        { companyId: 'c-1', outcome: 'OK', message: 'Modelo aprobado.' },
        { companyId: 'c-2', outcome: 'SKIPPED', message: 'No hay modelo generado del periodo.' },
      ],
    };
    answerApi(apiRequest, { 'taxCockpit.get': cockpitView(), 'taxCockpit.approve': approved });
    renderCockpit();
    await screen.findByRole('row', { name: /Panadería La Espiga SL/ });

    const approve = screen.getByRole('button', { name: /Aprobar/ });
    expect(approve.hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Seleccionar Panadería La Espiga SL' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Seleccionar Javier Romero Gil' }));
    expect(screen.getByText('2 empresas seleccionadas')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Aprobar/ }));

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Se aprobará el modelo de 1T 2026 de 2 empresas/)).toBeTruthy();
    expect(within(dialog).getByText('Panadería La Espiga SL, Javier Romero Gil.')).toBeTruthy();
    expect(callsTo(apiRequest, 'taxCockpit.approve')).toEqual([]);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Aprobar' }));
    const outcomes = await within(dialog).findByLabelText('Resultado por empresa');
    expect(callsTo(apiRequest, 'taxCockpit.approve')[0]?.body).toEqual({
      modelType: '303',
      year: 2026,
      period: '1T',
      companyIds: ['c-1', 'c-2'],
    });
    expect(within(dialog).getByText('1 hecho · 1 omitido · 0 con error')).toBeTruthy();
    expect(within(outcomes).getByText('Hecho')).toBeTruthy();
    expect(within(outcomes).getByText('Modelo aprobado.')).toBeTruthy();
    expect(within(outcomes).getByText('Omitido')).toBeTruthy();
    expect(within(outcomes).getByText('No hay modelo generado del periodo.')).toBeTruthy();
    // The table is asked again with what changed.
    await waitFor(() => expect(callsTo(apiRequest, 'taxCockpit.get')).toHaveLength(2));
  });

  it("'Calcular todos' computes every company that owes the model and has not filed it; cancel sends nothing", async () => {
    answerApi(apiRequest, {
      'taxCockpit.get': cockpitView(),
      'taxCockpit.compute': {
        results: [{ companyId: 'c-1', outcome: 'ERROR', message: 'Falta el perfil fiscal.' }],
      },
    });
    renderCockpit();
    await screen.findByRole('row', { name: /Panadería La Espiga SL/ });

    fireEvent.click(screen.getByRole('button', { name: /Calcular todos/ }));
    let dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo(apiRequest, 'taxCockpit.compute')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: /Calcular todos/ }));
    dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/de 2 empresas con sus libros de hoy/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Calcular' }));
    expect(await within(dialog).findByText('Falta el perfil fiscal.')).toBeTruthy();
    expect(callsTo(apiRequest, 'taxCockpit.compute')[0]?.body).toMatchObject({ companyIds: ['c-1', 'c-2'] });
    expect(within(dialog).getByText('0 hechos · 0 omitidos · 1 con error')).toBeTruthy();
  });

  it('files the selected companies with the chosen mode', async () => {
    answerApi(apiRequest, {
      'taxCockpit.get': cockpitView(),
      'taxCockpit.submit': {
        results: [{ companyId: 'c-1', outcome: 'OK', message: 'Presentado. CSV: ABCD1234EFGH5678' }],
      },
    });
    renderCockpit();
    await screen.findByRole('row', { name: /Panadería La Espiga SL/ });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Seleccionar Panadería La Espiga SL' }));
    fireEvent.click(screen.getByRole('button', { name: /Presentar/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('radio', { name: /^Como colaborador social/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Presentar' }));
    expect(await within(dialog).findByText('Presentado. CSV: ABCD1234EFGH5678')).toBeTruthy();
    expect(callsTo(apiRequest, 'taxCockpit.submit')[0]?.body).toEqual({
      modelType: '303',
      year: 2026,
      period: '1T',
      companyIds: ['c-1'],
      mode: 'COLLABORATOR',
    });
  });

  it("exports the selected companies' AEAT files in one zip", async () => {
    answerApi(apiRequest, { 'taxCockpit.get': cockpitView() });
    vi.mocked(apiDownload).mockResolvedValue({ kind: 'file', blob: new Blob(['PK']), filename: 'm.zip' });
    renderCockpit();
    await screen.findByRole('row', { name: /Panadería La Espiga SL/ });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Seleccionar Panadería La Espiga SL' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Seleccionar Javier Romero Gil' }));
    fireEvent.click(screen.getByRole('button', { name: /Exportar ficheros/ }));
    const dialog = await screen.findByRole('dialog');
    expect(apiDownload).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Exportar' }));
    await within(dialog).findByLabelText('Resultado por empresa');
    expect(vi.mocked(apiDownload).mock.calls[0]?.[0]).toBe('taxCockpit.export');
    expect(vi.mocked(apiDownload).mock.calls[0]?.[1]).toMatchObject({
      body: { modelType: '303', year: 2026, period: '1T', companyIds: ['c-1', 'c-2'] },
    });
    expect(deliver).toHaveBeenCalledTimes(1);
    expect(within(dialog).getByText('Su fichero de la AEAT va en el zip descargado.')).toBeTruthy();
    expect(within(dialog).getByText('Sin modelo generado en el periodo: calcúlalo primero.')).toBeTruthy();
  });

  it("opens a row's model after selecting its company", async () => {
    const rows = cockpitRows();
    answerApi(apiRequest, {
      'taxCockpit.get': cockpitView(rows),
      'companies.get': {
        ...rows[0],
        companyId: 'c-1',
        name: 'Panadería La Espiga SL',
        myRole: 'GESTOR',
        myPermissions: [],
      },
    });
    const { router } = renderCockpit();
    await screen.findByRole('row', { name: /Panadería La Espiga SL/ });
    const link = screen.getByRole('link', { name: 'Panadería La Espiga SL' });
    expect(link.getAttribute('href')).toBe('/app/tax/models/2026-303-1T/preview?company=c-1');

    fireEvent.click(within(rowOf('Panadería La Espiga SL')).getByText('Generado'));
    expect(await screen.findByText('Página del modelo')).toBeTruthy();
    expect(callsTo(apiRequest, 'companies.get')[0]?.params).toEqual({ companyId: 'c-1' });
    expect(router.state.location.pathname).toBe('/app/tax/models/2026-303-1T/preview');
  });
});
