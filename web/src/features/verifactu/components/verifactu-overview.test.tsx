import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { apiRequest } from '@web/lib/api-client';
import { notification } from 'antd';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi, callsTo } from '../../../testing/api-mock';
import { renderRoutes } from '../../../testing/render';
import { certificate, dashboard, membership } from '../testing/fixtures';
import { letReactFinish, settleQueries, track } from '../testing/settle';
import { VerifactuOverview } from './verifactu-overview';

vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));
vi.mock('@web/lib/company', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@web/lib/company')>()),
  useCompanyId: () => 'c-1',
}));

const renderOverview = () =>
  track(
    renderRoutes([{ path: '/app/verifactu', element: <VerifactuOverview /> }], { path: '/app/verifactu' }),
  );

afterAll(letReactFinish);

afterEach(async () => {
  await settleQueries();
  notification.destroy();
  vi.resetAllMocks();
});

describe('VerifactuOverview', { timeout: 20_000 }, () => {
  it("without configuration: the medium warning and 'Configurar VeriFacTu' to the company's page", async () => {
    answerApi(apiRequest, {
      'verifactu.dashboard': dashboard({
        configured: false,
        config: null,
        certificate: null,
        warnings: [{ level: 'medium', message: 'VeriFacTu no configurado' }],
        counts: { QUEUED: 0, SENT: 0, VERIFIED: 0, ACCEPTED_WITH_ERRORS: 0, ERROR: 0 },
        recentErrors: [],
      }),
      'companies.get': membership(),
    });
    renderOverview();
    expect(await screen.findByText('VeriFacTu no configurado')).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Configurar VeriFacTu' });
    expect(link.getAttribute('href')).toBe('/app/companies/c-1/verifactu');
    expect(callsTo(apiRequest, 'verifactu.dashboard')[0]?.params).toEqual({ companyId: 'c-1' });
  });

  it('configured: mode, environment, certificate expiry, counts, usage warning and the high warning', async () => {
    answerApi(apiRequest, {
      'verifactu.dashboard': dashboard({ certificate: certificate({ daysToExpiry: 12 }) }),
      'companies.get': membership(),
    });
    renderOverview();
    expect(await screen.findByText('2 envíos VeriFacTu con errores')).toBeTruthy();
    const card = screen.getByLabelText('Estado VeriFacTu');
    expect(within(card).getByText('VERI*FACTU')).toBeTruthy();
    expect(within(card).getByText('Pruebas')).toBeTruthy();
    expect(within(card).getByText('El certificado caduca en 12 días.')).toBeTruthy();
    expect(screen.getByText('Aceptado con errores')).toBeTruthy();
    expect(screen.getByText('85 de 100 envíos en enero de 2027 · Plan Básico')).toBeTruthy();
    expect(
      screen.getByText('Has usado más del 80 % de los envíos VeriFacTu de tu plan este mes.'),
    ).toBeTruthy();
  });

  it("'Verificar cadena' shows a clear success, or the list of breaks", async () => {
    let breaks: { seq: number; recordId: string; reason: string }[] = [];
    answerApi(apiRequest, {
      'verifactu.dashboard': dashboard(),
      'companies.get': membership(),
      'verifactu.chainVerification': () => ({
        records: 14,
        breaks,
        headSeq: 14,
        verifiedAt: '2027-01-16T08:00:00Z',
      }),
    });
    renderOverview();
    fireEvent.click(await screen.findByRole('button', { name: 'Verificar cadena' }));
    expect(await screen.findByText(/Cadena íntegra: 14 registros verificados, sin roturas/)).toBeTruthy();
    expect(callsTo(apiRequest, 'verifactu.chainVerification')[0]?.companyId).toBe('c-1');

    breaks = [{ seq: 9, recordId: 'c-1-9', reason: 'HASH_MISMATCH' }];
    fireEvent.click(screen.getByRole('button', { name: 'Verificar cadena' }));
    expect(await screen.findByText(/La cadena tiene 1 rotura en 14 registros/)).toBeTruthy();
    expect(
      screen.getByText('Registro nº 9 (c-1-9): La huella no coincide con los datos del registro'),
    ).toBeTruthy();
  });

  it("recent errors: 'Reintentar' resubmits as it is, 'Corregir' sends the corrections", async () => {
    answerApi(apiRequest, {
      'verifactu.dashboard': dashboard(),
      'companies.get': membership(),
      'verifactu.resubmit': {},
    });
    renderOverview();
    expect(await screen.findByText('Valor o tipo incorrecto del campo: NIF del destinatario')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Reintentar' }));
    await waitFor(() => expect(callsTo(apiRequest, 'verifactu.resubmit')).toHaveLength(1));
    expect(callsTo(apiRequest, 'verifactu.resubmit')[0]).toMatchObject({
      params: { submissionId: 'c-1-7' },
      body: {},
      companyId: 'c-1',
    });

    fireEvent.click(screen.getByRole('button', { name: 'Corregir' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Destinatario: nombre o razón social'), {
      target: { value: 'Cafetería Sol SL' },
    });
    fireEvent.change(within(dialog).getByLabelText('Destinatario: NIF'), { target: { value: 'b76543210' } });
    fireEvent.change(within(dialog).getByLabelText('Motivo'), { target: { value: 'NIF corregido' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Corregir y reenviar' }));
    await waitFor(() => expect(callsTo(apiRequest, 'verifactu.resubmit')).toHaveLength(2));
    expect(callsTo(apiRequest, 'verifactu.resubmit')[1]?.body).toEqual({
      reason: 'NIF corregido',
      corrections: { recipient: { name: 'Cafetería Sol SL', nif: 'B76543210' } },
    });
  });

  it('a reader (CLIENTE) sees the errors without the actions', async () => {
    answerApi(apiRequest, { 'verifactu.dashboard': dashboard(), 'companies.get': membership(false) });
    renderOverview();
    expect(await screen.findByText('Valor o tipo incorrecto del campo: NIF del destinatario')).toBeTruthy();
    await waitFor(() => expect(callsTo(apiRequest, 'companies.get')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Reintentar' })).toBeNull();
  });

  it('a load failure shows the error with Reintentar', async () => {
    answerApi(apiRequest, { 'companies.get': membership() });
    renderOverview();
    expect(await screen.findByText('No se ha podido cargar el estado VeriFacTu')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeTruthy();
  });
});
