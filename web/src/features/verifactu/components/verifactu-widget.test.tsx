import { screen } from '@testing-library/react';
import { apiRequest } from '@web/lib/api-client';
import { ApiError } from '@web/lib/api-error';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi, callsTo } from '../../../testing/api-mock';
import { renderRoutes } from '../../../testing/render';
import { dashboard } from '../testing/fixtures';
import { letReactFinish, settleQueries, track } from '../testing/settle';
import { VerifactuWidget } from './verifactu-widget';

vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));

afterAll(letReactFinish);

afterEach(async () => {
  await settleQueries();
  vi.resetAllMocks();
});

const renderWidget = (company: { companyId: string; siiEnabled?: boolean } = { companyId: 'c-1' }) =>
  track(
    renderRoutes([{ path: '/app/dashboard', element: <VerifactuWidget company={company} /> }], {
      path: '/app/dashboard',
    }),
  );

describe('VerifactuWidget (dashboard)', { timeout: 20_000 }, () => {
  it("shows 'VeriFacTu no configurado' and the 'Configurar VeriFacTu' prompt", async () => {
    answerApi(apiRequest, {
      'verifactu.dashboard': dashboard({
        configured: false,
        config: null,
        warnings: undefined as never,
        counts: { QUEUED: 0, SENT: 0, VERIFIED: 0, ACCEPTED_WITH_ERRORS: 0, ERROR: 0 },
      }),
    });
    renderWidget();
    expect(await screen.findByText('VeriFacTu no configurado')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Configurar VeriFacTu' }).getAttribute('href')).toBe(
      '/app/companies/c-1/verifactu',
    );
  });

  it('explains the warning: why records wait and from when VeriFacTu is mandatory', async () => {
    const detail =
      '1 registro espera su envío. VeriFacTu no configurado: la empresa no tiene certificado ni representación de su gestoría para enviar los registros a la AEAT. VeriFacTu será obligatorio para esta empresa desde el 1 de enero de 2027: configúralo antes (certificado de la empresa o representación de su gestoría) para poder seguir confirmando facturas.';
    answerApi(apiRequest, {
      'verifactu.dashboard': dashboard({
        configured: false,
        config: null,
        warnings: [{ level: 'medium', message: 'VeriFacTu no configurado', detail }],
      }),
    });
    renderWidget();
    expect(await screen.findByText('VeriFacTu no configurado')).toBeTruthy();
    expect(screen.getByText(detail)).toBeTruthy();
  });

  it("shows '{n} envíos VeriFacTu con errores', the counts and the usage meter", async () => {
    answerApi(apiRequest, { 'verifactu.dashboard': dashboard({ warnings: undefined as never }) });
    renderWidget();
    expect(await screen.findByText('2 envíos VeriFacTu con errores')).toBeTruthy();
    expect(screen.getByText('Error: 2')).toBeTruthy();
    expect(screen.getByText('Verificado: 12')).toBeTruthy();
    expect(
      screen.getByText('Has usado más del 80 % de los envíos VeriFacTu de tu plan este mes.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ver VeriFacTu' }).getAttribute('href')).toBe('/app/verifactu');
  });

  it('is not shown for an SII company, nor to a user without access (403)', async () => {
    answerApi(apiRequest, {});
    const sii = renderWidget({ companyId: 'c-1', siiEnabled: true });
    expect(sii.container.textContent).toBe('');
    expect(callsTo(apiRequest, 'verifactu.dashboard')).toHaveLength(0);
    sii.unmount();

    answerApi(apiRequest, {
      'verifactu.dashboard': () => {
        throw new ApiError({ code: 'CORE_003', message: 'Sin permiso', status: 403 });
      },
    });
    const forbidden = renderWidget();
    await vi.waitFor(() => expect(callsTo(apiRequest, 'verifactu.dashboard')).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(forbidden.container.textContent).toBe('');
  });
});
