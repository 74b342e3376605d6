import { defaultNotificationPreferences, type NotificationPreferences } from '@shared/schemas/notifications';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { type ApiRequestOptions, apiRequest } from '@web/lib/api-client';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi, callsTo } from '../../../testing/api-mock';
import { renderRoutes } from '../../../testing/render';
import { NotificationPreferencesPanel } from './notification-preferences';

vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));
vi.mock('@web/lib/toast', () => ({
  toast: { info: vi.fn(), warning: vi.fn(), error: vi.fn(), success: vi.fn(), fromError: vi.fn() },
}));

afterAll(() => new Promise((resolve) => setTimeout(resolve, 500)));
afterEach(() => vi.mocked(apiRequest).mockReset());

const stored = (overrides: Partial<NotificationPreferences> = {}): NotificationPreferences => ({
  ...defaultNotificationPreferences(),
  ...overrides,
});

describe('notification preferences', { timeout: 30_000 }, () => {
  it('offers only the families of areas that work on main (shared/capabilities.ts)', async () => {
    answerApi(apiRequest, { 'notifications.getPreferences': defaultNotificationPreferences() });
    renderRoutes([{ path: '/', element: <NotificationPreferencesPanel /> }]);

    expect(await screen.findByText('Vencimientos fiscales')).toBeTruthy();
    for (const offered of [
      'Facturas',
      'VeriFacTu',
      'SII',
      'Avisos del sistema',
      'Lectura de documentos (OCR)',
      // The client portal (issue 21): documents shared and requested, messages.
      'Documentos',
      'Mensajes',
    ])
      expect(screen.getByText(offered)).toBeTruthy();
    // Payroll is not built yet: nothing is promised.
    expect(screen.queryByText('Nóminas')).toBeNull();
  });

  it("sends the channels, families and e-mail delivery ('Resumen diario' = daily) as the API expects", async () => {
    answerApi(apiRequest, {
      'notifications.getPreferences': stored({
        channels: { IN_APP: true, EMAIL: false },
        emailDigest: 'never',
      }),
      'notifications.updatePreferences': (o: ApiRequestOptions) => ({ ...stored(), ...(o.body as object) }),
    });
    renderRoutes([{ path: '/', element: <NotificationPreferencesPanel /> }]);

    const daily = (await screen.findByLabelText('Resumen diario')) as HTMLInputElement;
    // Without the e-mail channel there is nothing to deliver by e-mail.
    expect(daily.disabled).toBe(true);
    expect((screen.getByLabelText('Al momento') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('switch', { name: 'Por email' }));
    await waitFor(() => expect(daily.disabled).toBe(false));
    fireEvent.click(daily);
    fireEvent.click(screen.getByRole('switch', { name: 'Facturas' }));
    fireEvent.click(screen.getByRole('button', { name: 'Guardar preferencias' }));

    await waitFor(() => expect(callsTo(apiRequest, 'notifications.updatePreferences')).toHaveLength(1));
    const body = callsTo(apiRequest, 'notifications.updatePreferences')[0]!.body as NotificationPreferences;
    expect(body.channels).toEqual({ IN_APP: true, EMAIL: true });
    expect(body.emailDigest).toBe('daily');
    expect(body.types.invoices).toBe(false);
    expect(body.types.tax_deadlines).toBe(true);
  });

  it("'Al momento' sends emailDigest 'never' (each notification e-mailed as it happens)", async () => {
    answerApi(apiRequest, {
      'notifications.getPreferences': stored({ emailDigest: 'daily' }),
      'notifications.updatePreferences': (o: ApiRequestOptions) => ({ ...stored(), ...(o.body as object) }),
    });
    renderRoutes([{ path: '/', element: <NotificationPreferencesPanel /> }]);
    fireEvent.click(await screen.findByLabelText('Al momento'));
    fireEvent.click(screen.getByRole('button', { name: 'Guardar preferencias' }));
    await waitFor(() => expect(callsTo(apiRequest, 'notifications.updatePreferences')).toHaveLength(1));
    expect(callsTo(apiRequest, 'notifications.updatePreferences')[0]!.body).toMatchObject({
      channels: { IN_APP: true, EMAIL: true },
      emailDigest: 'never',
    });
  });
});
