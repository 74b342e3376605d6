/**
 * The company configuration's fiscal tab (issue 13 item 1): whether there is a profile asked first
 * (taxAssistant.status; taxProfile.get, 404 without one, only when there is), the assistant without
 * a profile (analyze → apply), the full form to create one directly, the profile form with its
 * version history and field errors, and the read-only view of a client.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { apiRequest } from '@web/lib/api-client';
import { ApiError } from '@web/lib/api-error';
import { notification } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiAnswers, answerApi, callsTo } from '../../../testing/api-mock';
import { renderRoutes } from '../../../testing/render';
import {
  applied,
  COMPANY_ID,
  membership,
  notStarted,
  profileView,
  proposal,
  slFacts,
} from '../testing/fixtures';
import { CompanyConfiguration } from './company-configuration';

vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));

beforeEach(() => {
  // Only the clock: timers stay real for React and react-query. 10 April 2027 in Madrid.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2027-04-10T08:00:00Z'));
});
afterEach(() => {
  notification.destroy();
  vi.useRealTimers();
  vi.resetAllMocks();
});

const noProfile = () => {
  throw new ApiError({ code: 'CORE_006', message: 'La empresa no tiene perfil fiscal.', status: 404 });
};

const renderTab = (answers: ApiAnswers, tab = 'fiscal') => {
  answerApi(apiRequest, answers);
  return renderRoutes(
    [
      {
        path: '/app/companies/:companyId/configuration',
        element: <CompanyConfiguration companyId={COMPANY_ID} />,
      },
    ],
    { path: `/app/companies/${COMPANY_ID}/configuration?tab=${tab}` },
  );
};

/** Picks an answer of a yes/no question of the assistant. */
const answer = (question: string, choice: 'Sí' | 'No') => {
  const item = screen.getByText(question).closest('.ant-form-item') as HTMLElement;
  fireEvent.click(within(item).getByLabelText(choice));
};

/** 'Siguiente', once the step's answers are valid: waits for a question of the next step to show. */
const next = async (question: string) => {
  fireEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
  await waitFor(() => expect(screen.getByText(question).closest('[hidden]')).toBeNull());
};

const STEP_2 = '¿Tiene trabajadores contratados?';
const STEP_3 = '¿Compra o vende a empresas de otros países de la Unión Europea?';
const STEP_4 = '¿Quiere pagar los impuestos por domiciliación bancaria?';

describe('CompanyConfiguration, fiscal tab', { timeout: 30_000 }, () => {
  it('without a profile: the assistant analyses the answers, shows the proposal and applies it', async () => {
    let hasProfile = false;
    renderTab({
      'companies.get': membership('GESTOR', 'SL'),
      'taxProfile.get': () => (hasProfile ? profileView() : noProfile()),
      'taxAssistant.status': () => (hasProfile ? applied : notStarted),
      'taxAssistant.analyze': proposal({
        issues: [{ field: 'cashAccounting', severity: 'warning', message: 'Revisa el criterio de caja.' }],
      }),
      'taxAssistant.configure': { ...notStarted, status: 'DRAFT' },
      'taxAssistant.apply': () => {
        hasProfile = true;
        return profileView();
      },
    });

    expect(await screen.findByText('La empresa aún no tiene perfil fiscal')).toBeTruthy();
    // The status said there is none: the profile (404 without one) is not asked; the status once.
    expect(callsTo(apiRequest, 'taxProfile.get')).toEqual([]);
    expect(callsTo(apiRequest, 'taxAssistant.status')).toHaveLength(1);
    fireEvent.click(screen.getByLabelText(/^Empresarial/));
    fireEvent.change(screen.getByLabelText('Facturación anual estimada (€)'), {
      target: { value: '250.000' },
    });
    // A company is not asked for an IRPF method.
    expect(screen.queryByText('¿Cómo calcula el rendimiento de la actividad en el IRPF?')).toBeNull();
    await next(STEP_2);
    answer(STEP_2, 'Sí');
    await next(STEP_3);
    answer(STEP_3, 'Sí');
    fireEvent.change(
      await screen.findByLabelText(
        'Ventas y servicios a empresas de la UE en el trimestre de más volumen (€)',
      ),
      { target: { value: '60.000' } },
    );
    await next(STEP_4);
    answer(STEP_4, 'Sí');
    fireEvent.click(screen.getByRole('button', { name: 'Analizar' }));

    await waitFor(() => expect(callsTo(apiRequest, 'taxAssistant.analyze')).toHaveLength(1));
    const sent = {
      activity: 'BUSINESS',
      vatZone: 'PENINSULA',
      annualTurnoverCents: 25_000_000,
      irpfMethod: null,
      withheldIncomeShareBp: null,
      hasEmployees: true,
      paysProfessionals: false,
      rentsPremises: false,
      paysDividendsOrInterest: false,
      paysNonResidents: false,
      intraEuOperations: true,
      intraEuQuarterCents: 6_000_000,
      sellsB2cToOtherEuCountries: false,
      assetsAbroad: false,
      wantsMonthlyRefunds: false,
      cashAccounting: false,
      payByDomiciliation: true,
    };
    expect(callsTo(apiRequest, 'taxAssistant.analyze')[0]).toMatchObject({
      params: { companyId: COMPANY_ID },
      body: { answers: sent },
    });

    // The proposal: its facts, the models with their reasons, the issues.
    const models = await screen.findByRole('list', { name: 'Modelos propuestos' });
    expect(within(models).getByText('Modelo 202')).toBeTruthy();
    expect(
      within(models).getByText('Sociedad sujeta al Impuesto sobre Sociedades: pagos fraccionados'),
    ).toBeTruthy();
    expect(within(models).getByText('Pagos fraccionados')).toBeTruthy();
    expect(screen.getByText('Revisa el criterio de caja.')).toBeTruthy();
    expect(screen.getByText('Datos fiscales propuestos')).toBeTruthy();

    // Returns already due are taken as filed unless the person says otherwise.
    expect(
      screen.getByRole('checkbox', { name: 'Las obligaciones vencidas antes de hoy ya están presentadas' }),
    ).toHaveProperty('checked', true);
    fireEvent.click(screen.getByRole('button', { name: 'Aplicar' }));
    await waitFor(() => expect(callsTo(apiRequest, 'taxAssistant.apply')).toHaveLength(1));
    expect(callsTo(apiRequest, 'taxAssistant.apply')[0]?.body).toEqual({ pastObligations: 'ASSUME_FILED' });
    // What is applied is exactly what was shown: answers and proposed facts saved as the draft first.
    expect(callsTo(apiRequest, 'taxAssistant.configure')[0]?.body).toEqual({
      answers: sent,
      facts: proposal().facts,
    });
    // The profile exists now (the status asked again says so): its form replaces the assistant.
    expect(await screen.findByRole('button', { name: 'Guardar cambios' })).toBeTruthy();
    expect(screen.queryByText('La empresa aún no tiene perfil fiscal')).toBeNull();
    expect(callsTo(apiRequest, 'taxProfile.get').length).toBeGreaterThan(0);
  });

  it("does not apply a proposal with errors, and 'Empezar de nuevo' forgets the draft", async () => {
    renderTab({
      'companies.get': membership('GESTOR', 'AUTONOMO'),
      'taxProfile.get': noProfile,
      'taxAssistant.status': {
        hasProfile: false,
        status: 'DRAFT',
        draft: {
          answers: {
            activity: 'PROFESSIONAL',
            vatZone: 'PENINSULA',
            annualTurnoverCents: 4_500_000,
            irpfMethod: 'DIRECTA_SIMPLIFICADA',
            withheldIncomeShareBp: 8000,
            hasEmployees: false,
            paysProfessionals: false,
            rentsPremises: false,
            paysDividendsOrInterest: false,
            paysNonResidents: false,
            intraEuOperations: false,
            intraEuQuarterCents: 0,
            sellsB2cToOtherEuCountries: false,
            assetsAbroad: false,
            wantsMonthlyRefunds: false,
            cashAccounting: false,
            payByDomiciliation: false,
          },
          facts: null,
          updatedAt: '2027-04-09T10:00:00Z',
        },
        profileUpdatedAt: null,
      },
      'taxAssistant.analyze': proposal({
        issues: [{ field: 'facts.vatRegime', severity: 'error', message: 'El régimen no es compatible.' }],
      }),
      'taxAssistant.reset': notStarted,
    });

    // The draft fills the questions in (an autónomo professional is asked for the withheld share).
    expect(await screen.findByText(/^Borrador guardado el/)).toBeTruthy();
    expect((screen.getByLabelText('Facturación anual estimada (€)') as HTMLInputElement).value).toBe(
      '45.000,00',
    );
    expect(
      (screen.getByLabelText(/porcentaje de sus ingresos del año pasado/) as HTMLInputElement).value,
    ).toBe('80');
    await next(STEP_2);
    await next(STEP_3);
    await next(STEP_4);
    fireEvent.click(screen.getByRole('button', { name: 'Analizar' }));
    const issue = (await screen.findByText('El régimen no es compatible.')).closest(
      '[role="alert"]',
    ) as HTMLElement;
    // The issue names the fact in Spanish.
    expect(within(issue).getByText('Régimen de IVA')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Aplicar' }).hasAttribute('disabled')).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Empezar de nuevo' }));
    await waitFor(() => expect(callsTo(apiRequest, 'taxAssistant.reset')).toHaveLength(1));
    await waitFor(() =>
      expect((screen.getByLabelText('Facturación anual estimada (€)') as HTMLInputElement).value).toBe(''),
    );
    expect(screen.queryByText(/^Borrador guardado el/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Siguiente' })).toBeTruthy();
  });

  it("creates the profile directly, with 'Las obligaciones vencidas antes de hoy ya están presentadas'", async () => {
    let hasProfile = false;
    renderTab({
      'companies.get': membership('GESTOR', 'SL'),
      'taxProfile.get': () => (hasProfile ? profileView() : noProfile()),
      'taxAssistant.status': () => (hasProfile ? applied : notStarted),
      'taxProfile.create': () => {
        hasProfile = true;
        return profileView();
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Rellenar el perfil directamente' }));
    fireEvent.click(await screen.findByRole('switch', { name: 'Tiene trabajadores' }));
    fireEvent.click(screen.getByRole('switch', { name: /^Modelo 303/ }));
    fireEvent.click(screen.getByLabelText('Las obligaciones vencidas antes de hoy ya están presentadas'));
    fireEvent.click(screen.getByRole('button', { name: 'Crear perfil fiscal' }));

    await waitFor(() => expect(callsTo(apiRequest, 'taxProfile.create')).toHaveLength(1));
    expect(callsTo(apiRequest, 'taxProfile.create')[0]?.body).toEqual({
      facts: { ...slFacts({ rentsPremises: false }), domiciliation: { '303': true } },
      taxYear: 2027,
      pastObligations: 'ASSUME_FILED',
    });
    // The status is asked again after the creation: the profile form replaces the new one.
    expect(await screen.findByRole('button', { name: 'Guardar cambios' })).toBeTruthy();
    expect(callsTo(apiRequest, 'taxAssistant.status').length).toBeGreaterThan(1);
  });

  it('with a profile: the form, the line on when changes apply, the models and the history; saves a new version', async () => {
    renderTab({
      'companies.get': membership('GESTOR', 'SL'),
      'taxAssistant.status': applied,
      'taxProfile.get': profileView(),
      'taxProfile.update': () => ({ ...profileView(), changed: true, effectiveFrom: '2027-05-01' }),
    });

    expect(
      await screen.findByText(
        'Los cambios se aplican desde el 01/05/2027; los periodos ya empezados conservan sus obligaciones.',
      ),
    ).toBeTruthy();
    const models = screen.getByRole('list', { name: 'Modelos que presenta' });
    expect(within(models).getByText('Alquila un local de negocio con retención')).toBeTruthy();
    const history = screen.getByRole('table');
    const rows = within(history).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringMatching(/^01\/07\/2026.*En vigor$/),
      expect.stringMatching(/^01\/01\/2026.*Anterior$/),
    ]);

    fireEvent.change(screen.getByLabelText(/^Prorrata del IVA soportado/), { target: { value: '80,5' } });
    fireEvent.click(screen.getByRole('switch', { name: 'Paga a profesionales con retención' }));
    fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));

    await waitFor(() => expect(callsTo(apiRequest, 'taxProfile.update')).toHaveLength(1));
    expect(callsTo(apiRequest, 'taxProfile.update')[0]?.body).toEqual({
      facts: slFacts({ prorrataBp: 8050, paysProfessionals: true }),
    });
  });

  it('shows the API field errors under their fields', async () => {
    renderTab({
      'companies.get': membership('GESTOR', 'SL'),
      'taxAssistant.status': applied,
      'taxProfile.get': profileView(),
      'taxProfile.update': () => {
        throw new ApiError({
          code: 'CORE_004',
          message: 'Las grandes empresas deben llevar los libros por el SII (art. 62.6 RIVA).',
          status: 400,
          field: 'facts.siiEnabled',
          details: {
            issues: [
              {
                field: 'facts.siiEnabled',
                severity: 'error',
                message: 'Las grandes empresas deben llevar los libros por el SII (art. 62.6 RIVA).',
              },
              { field: 'facts.prorrataBp', severity: 'error', message: 'La prorrata no es válida.' },
            ],
          },
        });
      },
    });
    fireEvent.click(await screen.findByRole('switch', { name: /^Gran empresa/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));

    const siiItem = (
      await screen.findByText('Las grandes empresas deben llevar los libros por el SII (art. 62.6 RIVA).')
    ).closest('.ant-form-item') as HTMLElement;
    expect(within(siiItem).getByRole('switch', { name: /Suministro Inmediato de Información/ })).toBeTruthy();
    const prorrataItem = screen
      .getByText('La prorrata no es válida.')
      .closest('.ant-form-item') as HTMLElement;
    expect(within(prorrataItem).getByLabelText(/^Prorrata del IVA soportado/)).toBeTruthy();
  });

  it('a client reads the profile without buttons, and without a profile sees no assistant', async () => {
    const first = renderTab({
      'companies.get': membership('CLIENTE'),
      'taxAssistant.status': applied,
      'taxProfile.get': profileView(),
    });
    expect(await screen.findByText(/^Los cambios se aplican desde el/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Guardar cambios' })).toBeNull();
    expect(screen.getByRole('switch', { name: 'Tiene trabajadores' }).hasAttribute('disabled')).toBe(true);
    first.unmount();

    vi.mocked(apiRequest).mockClear();
    renderTab({ 'companies.get': membership('CLIENTE'), 'taxAssistant.status': notStarted });
    expect(
      await screen.findByText(
        'La empresa aún no tiene perfil fiscal. Quien gestiona la empresa puede configurarlo.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Analizar' })).toBeNull();
    expect(callsTo(apiRequest, 'taxAssistant.status')).toHaveLength(1);
    expect(callsTo(apiRequest, 'taxProfile.get')).toEqual([]);
  });

  it('the status unread: the profile decides (404 CORE_006 → the assistant)', async () => {
    renderTab({
      'companies.get': membership('GESTOR', 'SL'),
      'taxAssistant.status': () => {
        throw new ApiError({ code: 'CORE_005', message: 'Error interno', status: 500 });
      },
      'taxProfile.get': noProfile,
    });
    expect(await screen.findByText('La empresa aún no tiene perfil fiscal')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Siguiente' })).toBeTruthy();
    // Asked once each: the assistant reuses the status, without asking it again in a loop.
    expect(callsTo(apiRequest, 'taxProfile.get')).toHaveLength(1);
    expect(callsTo(apiRequest, 'taxAssistant.status')).toHaveLength(1);
  });

  it('does not ask for the profile of a client without VIEW_TAX_DOCUMENTS', async () => {
    renderTab({ 'companies.get': { ...membership('CLIENTE'), myPermissions: ['VIEW_INVOICES'] } });
    expect(
      await screen.findByText('No tienes permiso para ver el perfil fiscal de esta empresa.'),
    ).toBeTruthy();
    expect(callsTo(apiRequest, 'taxAssistant.status')).toEqual([]);
    expect(callsTo(apiRequest, 'taxProfile.get')).toEqual([]);
  });

  it("opens the tab the URL names ('general' leads to the company's edit page)", async () => {
    renderTab({ 'companies.get': membership('GESTOR') }, 'general');
    expect(await screen.findByText('B46128732')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Editar los datos de la empresa' }).getAttribute('href')).toBe(
      '/app/companies/c-1/edit',
    );
    expect(callsTo(apiRequest, 'taxAssistant.status')).toEqual([]);
    expect(callsTo(apiRequest, 'taxProfile.get')).toEqual([]);
  });
});
