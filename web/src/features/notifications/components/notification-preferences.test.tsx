import { defaultNotificationPreferences } from '@shared/schemas/notifications';
import { screen } from '@testing-library/react';
import { apiRequest } from '@web/lib/api-client';
import { describe, expect, it, vi } from 'vitest';
import { answerApi } from '../../../testing/api-mock';
import { renderRoutes } from '../../../testing/render';
import { NotificationPreferencesPanel } from './notification-preferences';

vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));

describe('notification preferences', () => {
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
    ])
      expect(screen.getByText(offered)).toBeTruthy();
    // Payroll and the documents a client shares are not built yet: nothing is promised.
    for (const hidden of ['Nóminas', 'Documentos']) expect(screen.queryByText(hidden)).toBeNull();
  });
});
