import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { apiRequest } from '@web/lib/api-client';
import { notification } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi, callsTo } from '../../../testing/api-mock';
import { renderRoutes } from '../../../testing/render';
import { fiscalYear } from '../testing/fixtures';
import { ClosingPage } from './closing-page';

vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));
vi.mock('@web/lib/company', async (original) => ({
  ...(await original<typeof import('@web/lib/company')>()),
  useCompanyId: () => 'c-1',
}));

afterEach(() => {
  notification.destroy();
  vi.resetAllMocks();
});

const renderClosing = () =>
  renderRoutes([{ path: '/app/accounting/closing', element: <ClosingPage /> }], {
    path: '/app/accounting/closing?year=2025',
  });

describe('/app/accounting/closing', { timeout: 30_000 }, () => {
  it('lists the months open or closed, and closes a month after confirming', async () => {
    answerApi(apiRequest, {
      'accounting.fiscalYear': fiscalYear(),
      'accounting.closePeriod': {
        period: '2025-03',
        status: 'CLOSED',
        entryCount: 12,
        totalDebitCents: 300000,
      },
    });
    renderClosing();
    const months = await screen.findByRole('table', { name: 'Meses del ejercicio' });
    const february = within(months).getByText('Febrero 2025').closest('tr') as HTMLElement;
    expect(within(february).getByText('Cerrado')).toBeTruthy();
    expect(within(february).getByRole('button', { name: 'Reabrir mes' })).toBeTruthy();
    const march = within(months).getByText('Marzo 2025').closest('tr') as HTMLElement;
    expect(within(march).getByText('Abierto')).toBeTruthy();
    expect(callsTo(apiRequest, 'accounting.fiscalYear')[0]).toMatchObject({ params: { year: '2025' } });

    fireEvent.click(within(march).getByRole('button', { name: 'Cerrar mes' }));
    const confirm = await screen.findByText('¿Cerrar Marzo 2025?');
    const popover = confirm.closest('.ant-popover') as HTMLElement;
    fireEvent.click(within(popover).getByRole('button', { name: 'Cerrar mes' }));
    await waitFor(() => expect(callsTo(apiRequest, 'accounting.closePeriod')).toHaveLength(1));
    expect(callsTo(apiRequest, 'accounting.closePeriod')[0]).toMatchObject({ params: { period: '2025-03' } });
  });

  it('explains the regularisation, closing and opening entries before closing the year', async () => {
    answerApi(apiRequest, {
      'accounting.fiscalYear': fiscalYear(),
      'accounting.closeYear': {
        fiscalYear: 2025,
        resultCents: 1234567,
        regularizationEntryId: 'REG-2025',
        closingEntryId: 'CLO-2025',
        openingEntryId: 'OPE-2026',
      },
    });
    renderClosing();
    fireEvent.click(await screen.findByRole('button', { name: 'Cerrar ejercicio' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Regularización')).toBeTruthy();
    expect(within(dialog).getByText(/se saldan contra la 129/)).toBeTruthy();
    expect(within(dialog).getByText(/12\.345,67/)).toBeTruthy();
    expect(within(dialog).getByText('Apertura')).toBeTruthy();
    expect(callsTo(apiRequest, 'accounting.closeYear')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cerrar ejercicio' }));
    await waitFor(() => expect(callsTo(apiRequest, 'accounting.closeYear')).toHaveLength(1));
    expect(callsTo(apiRequest, 'accounting.closeYear')[0]).toMatchObject({ params: { year: '2025' } });
    expect(await screen.findByText('Ejercicio 2025 cerrado')).toBeTruthy();
  });

  it('offers to reopen a closed year and links its closing entries', async () => {
    answerApi(apiRequest, {
      'accounting.fiscalYear': fiscalYear({
        yearClosed: true,
        periods: fiscalYear().periods.map((p) => ({ ...p, status: 'CLOSED' as const })),
      }),
    });
    renderClosing();
    expect(await screen.findByRole('button', { name: 'Reabrir ejercicio' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cerrar ejercicio' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reabrir mes' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Ver asientos de cierre y apertura' }).getAttribute('href')).toBe(
      '/app/accounting/journal?fromDate=2025-12-31&toDate=2026-01-01',
    );
  });
});
