import { fireEvent, screen, waitFor } from '@testing-library/react';
import { apiRequest } from '@web/lib/api-client';
import { notification } from 'antd';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi, callsTo } from '../../../testing/api-mock';
import { renderRoutes } from '../../../testing/render';
import { certificate, config, levante, membership } from '../testing/fixtures';
import { CompanySii } from './company-sii';

vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));

afterAll(() => new Promise((resolve) => setTimeout(resolve, 500)));
afterEach(() => {
  notification.destroy();
  vi.resetAllMocks();
});

const renderPage = () =>
  renderRoutes([{ path: '/app/companies/:companyId/sii', element: <CompanySii companyId="c-1" /> }], {
    path: '/app/companies/c-1/sii',
  });

describe('CompanySii (/app/companies/:companyId/sii)', { timeout: 20_000 }, () => {
  it('saves the configuration with PUT: environment, certificate, representative, mode, hold', async () => {
    answerApi(apiRequest, {
      'companies.get': membership(),
      'sii.getConfig': null,
      'certificates.list': [certificate(), certificate({ certificateId: 'cert-2', status: 'EXPIRED' })],
      'sii.updateConfig': (options: { body?: unknown }) => config(options.body as never),
    });
    renderPage();

    expect(await screen.findByText('El SII no está configurado todavía para esta empresa.')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Producción' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Manual' }));
    fireEvent.click(screen.getByRole('checkbox', { name: /Presentar como representante/ }));
    fireEvent.change(await screen.findByLabelText('Representante: nombre o razón social'), {
      target: { value: 'Gestoría Turia SL' },
    });
    fireEvent.change(screen.getByLabelText('Representante: NIF'), { target: { value: 'b98765432' } });
    fireEvent.click(screen.getByRole('switch', { name: 'Retener facturas recibidas no aprobadas' }));
    fireEvent.click(screen.getByRole('button', { name: 'Guardar configuración' }));

    await waitFor(() => expect(callsTo(apiRequest, 'sii.updateConfig')).toHaveLength(1));
    expect(callsTo(apiRequest, 'sii.updateConfig')[0]).toMatchObject({
      params: { companyId: 'c-1' },
      body: {
        environment: 'PRODUCTION',
        certificateId: null,
        representative: { name: 'Gestoría Turia SL', nif: 'B98765432' },
        submissionMode: 'MANUAL',
        holdUnapprovedReceived: true,
      },
    });
    expect(await screen.findByText('Configuración SII guardada.')).toBeTruthy();
  });

  it("'Probar conexión' shows the AEAT's answer", async () => {
    answerApi(apiRequest, {
      'companies.get': membership(),
      'sii.getConfig': config(),
      'certificates.list': [certificate()],
      'sii.testConnection': { ok: true, message: 'Conexión con el SII correcta', at: '2027-03-03T09:00:00Z' },
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Probar conexión' }));
    expect(await screen.findByText('Conexión correcta')).toBeTruthy();
    expect(screen.getByText('Conexión con el SII correcta')).toBeTruthy();
    expect(callsTo(apiRequest, 'sii.testConnection')[0]).toMatchObject({ params: { companyId: 'c-1' } });
  });

  it('a client reads the configuration without buttons; a company outside the SII is told so', async () => {
    answerApi(apiRequest, {
      'companies.get': membership(false, { ...levante, siiEnabled: false }),
      'sii.getConfig': config({ submissionMode: 'MANUAL' }),
      'certificates.list': [certificate()],
    });
    renderPage();
    expect(await screen.findByText('Esta empresa no tiene activado el SII')).toBeTruthy();
    expect(await screen.findByText('Manual')).toBeTruthy();
    expect(screen.getAllByText('TRANSPORTES LEVANTE SA (A46103834) · hasta 01/01/2028')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Guardar cambios' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Probar conexión' })).toBeNull();
  });
});
