import type {
  CalendarMonth,
  ClientDelayReport,
  CollectionMetrics,
  LiquidityForecast,
  OverdueList,
  TreasuryDashboard,
  TreasurySettings,
} from '@shared/schemas/treasury';
import { FORECAST_RULE_TEXT } from '@shared/schemas/treasury';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type ApiRequestOptions, apiRequest } from '@web/lib/api-client';
import { notification } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi, callsTo } from '../../../testing/api-mock';
import { renderRoutes } from '../../../testing/render';
import { CalendarPage, shiftMonth } from './calendar-page';
import { OverduePage } from './overdue-page';
import { ReportsPage } from './reports-page';
import { TreasuryPage } from './treasury-page';

vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));
const membership = vi.hoisted(() => ({ current: { myRole: 'GESTOR', myPermissions: [] as string[] } }));
vi.mock('@web/lib/company', () => ({
  useCompanyId: () => 'c-1',
  useCompanyMembership: () => ({ data: membership.current }),
}));

afterEach(() => {
  notification.destroy();
  vi.resetAllMocks();
});

const week = (n: number, opening: number, inflows: number, outflows: number) => ({
  week: n,
  from: `2026-03-${String(9 + (n - 1) * 7).padStart(2, '0')}`,
  to: '2026-03-15',
  openingCents: opening,
  inflowsCents: inflows,
  outflowsCents: outflows,
  closingCents: opening + inflows - outflows,
  lines:
    n === 1
      ? [
          {
            kind: 'TAX' as const,
            date: '2026-03-12',
            label: 'Modelo 111 4T 2025 (estimado)',
            amountCents: -outflows,
            estimated: true,
            documentKind: null,
            documentId: null,
          },
        ]
      : [],
});

const forecast: LiquidityForecast = {
  today: '2026-03-11',
  from: '2026-03-09',
  to: '2026-06-07',
  openingCents: 1_000_000,
  weeks: [week(1, 1_000_000, 121_000, 65_500), week(2, 1_055_500, 0, 2_000_000)],
  overdueReceivablesCents: 200_000,
  overdueReceivables: [],
  overduePayablesCents: 60_500,
  closingCents: -944_500,
  minimumClosingCents: -944_500,
  minimumWeek: 2,
  rule: FORECAST_RULE_TEXT,
};

const dashboard: TreasuryDashboard = {
  today: '2026-03-11',
  cashCents: 1_250_000,
  accounts: [],
  receivables: { outstandingCents: 242_000, overdueCents: 121_000, count: 2, overdueCount: 1 },
  payables: { outstandingCents: 60_500, overdueCents: 0, count: 1, overdueCount: 0 },
  dueToday: { receivablesCents: 0, payablesCents: 0, count: 0 },
  dueThisWeek: { receivablesCents: 0, payablesCents: 0, count: 0 },
  dsoDays: 90,
  forecast: { closingCents: 0, minimumClosingCents: 0, minimumWeek: 1, weeks: [] },
};

const overdue: OverdueList = {
  today: '2026-03-11',
  totalOverdueCents: 121_000,
  aging: [
    { bucket: '1-30', amountCents: 121_000, count: 1 },
    { bucket: '31-60', amountCents: 0, count: 0 },
    { bucket: '61-90', amountCents: 0, count: 0 },
    { bucket: '>90', amountCents: 0, count: 0 },
  ],
  items: [
    {
      documentKind: 'INV',
      documentId: 'inv-1',
      direction: 'RECEIVABLE',
      number: 'F-2026-0001',
      partyName: 'Ferretería López SL',
      partyNif: 'B12345674',
      issueDate: '2026-02-09',
      dueDate: '2026-03-01',
      amountCents: 121_000,
      instalmentCents: 121_000,
      outstandingCents: 121_000,
      daysOverdue: 10,
      paymentMethod: 'TRANSFER',
      overdueCents: 121_000,
      partyEmail: 'pagos@ferreterialopez.es',
      lastNote: {
        noteId: 'n1',
        documentKind: 'INV',
        documentId: 'inv-1',
        note: 'Llamado, paga el viernes',
        nextActionDate: null,
        type: 'NOTE',
        createdAt: '2026-03-10T10:00:00.000Z',
        createdBy: 'u-1',
        createdByName: 'Ana',
      },
      lastReminderAt: null,
      reminderCount: 0,
    },
  ],
};

describe('/app/banking/treasury', { timeout: 30_000 }, () => {
  it('shows the cards and the 13-week forecast with bars and the overdue rule', async () => {
    answerApi(apiRequest, {
      'treasury.dashboard': dashboard,
      'treasury.liquidity': forecast,
      'treasury.dueThisWeek': {
        from: '2026-03-11',
        to: '2026-03-15',
        items: [],
        receivablesCents: 0,
        payablesCents: 0,
      },
    });
    renderRoutes([{ path: '/t', element: <TreasuryPage /> }], { path: '/t' });
    expect(await screen.findByText('Saldo en bancos')).toBeTruthy();
    const card = (title: string) => screen.getByText(title).closest('.ant-card')?.textContent ?? '';
    expect(card('Saldo en bancos')).toContain('12.500,00');
    expect(card('A cobrar')).toContain('2.420,00');
    expect(card('Vencido')).toContain('1.210,00');
    expect(card('Vencido')).toContain('DSO: 90 días');
    expect(screen.getByText('A cobrar')).toBeTruthy();
    expect(screen.getByText('A pagar')).toBeTruthy();
    expect(screen.getByText('Vencido')).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Previsión de 13 semanas' });
    expect(within(table).getByTestId('closing-1').textContent).toBe('10.555,00\u00a0€');
    expect(within(table).getByTestId('closing-2').textContent).toBe('-9.445,00\u00a0€');
    const bars = within(table).getAllByTestId('forecast-bar');
    expect(bars[0]!.style.width).toBe('100%');
    expect(bars[1]!.style.background).toBe('#cf1322');
    expect(screen.getByTestId('forecast-rule').textContent).toContain('Los cobros vencidos NO se cuentan');
    expect(screen.getByText(/Cobros vencidos no incluidos: 2.000,00/)).toBeTruthy();
    expect(callsTo(apiRequest, 'treasury.liquidity')[0]).toMatchObject({ companyId: 'c-1' });
  });
});

describe('/app/banking/treasury/overdue', { timeout: 30_000 }, () => {
  it('lists days overdue and the last note; sends a reminder and adds a note', async () => {
    answerApi(apiRequest, {
      'treasury.overdue': overdue,
      'treasury.sendReminder': { documentId: 'inv-1', to: 'pagos@ferreterialopez.es', sentAt: 'x', note: {} },
      'treasury.createNote': {},
    });
    renderRoutes([{ path: '/o', element: <OverduePage /> }], { path: '/o' });
    const table = await screen.findByRole('table', { name: 'Cobros vencidos' });
    expect(within(table).getByTestId('days-inv-1').textContent).toBe('10');
    expect(within(table).getByText(/Llamado, paga el viernes/)).toBeTruthy();
    fireEvent.click(within(table).getByRole('button', { name: 'Enviar recordatorio' }));
    await waitFor(() => expect(callsTo(apiRequest, 'treasury.sendReminder')).toHaveLength(1));
    expect(callsTo(apiRequest, 'treasury.sendReminder')[0]).toMatchObject({ body: { documentId: 'inv-1' } });
    fireEvent.click(within(table).getByRole('button', { name: 'Añadir nota' }));
    fireEvent.change(await screen.findByLabelText('Nota'), { target: { value: 'Promete pagar el lunes' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar nota' }));
    await waitFor(() => expect(callsTo(apiRequest, 'treasury.createNote')).toHaveLength(1));
    expect(callsTo(apiRequest, 'treasury.createNote')[0]).toMatchObject({
      body: { documentKind: 'INV', documentId: 'inv-1', note: 'Promete pagar el lunes' },
    });
  });
});

const reminderSettings: TreasurySettings = {
  companyId: 'c-1',
  remindersEnabled: false,
  reminderDelayDays: 3,
  reminderIntervalDays: 7,
  updatedAt: null,
};

describe('Recordatorios de cobro (overdue page)', { timeout: 30_000 }, () => {
  afterEach(() => {
    membership.current = { myRole: 'GESTOR', myPermissions: [] };
  });

  it('a manager turns the automatic reminders on and changes the days', async () => {
    answerApi(apiRequest, {
      'treasury.overdue': overdue,
      'treasury.getSettings': reminderSettings,
      'treasury.updateSettings': ({ body }: ApiRequestOptions) => ({
        ...reminderSettings,
        ...(body as object),
        updatedAt: '2026-03-11T09:00:00.000Z',
      }),
    });
    renderRoutes([{ path: '/o', element: <OverduePage /> }], { path: '/o' });
    const toggle = await screen.findByRole('switch', { name: 'Enviar recordatorios automáticos por email' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect((screen.getByLabelText('Días tras el vencimiento') as HTMLInputElement).value).toBe('3');
    fireEvent.click(toggle);
    fireEvent.change(screen.getByLabelText('Días tras el vencimiento'), { target: { value: '5' } });
    fireEvent.change(screen.getByLabelText('Días entre recordatorios'), { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(callsTo(apiRequest, 'treasury.updateSettings')).toHaveLength(1));
    expect(callsTo(apiRequest, 'treasury.updateSettings')[0]).toMatchObject({
      companyId: 'c-1',
      body: { remindersEnabled: true, reminderDelayDays: 5, reminderIntervalDays: 10 },
    });
    expect(await screen.findByTestId('reminders-updated-at')).toBeTruthy();
  });

  it('refuses to save an emptied number of days', async () => {
    answerApi(apiRequest, { 'treasury.overdue': overdue, 'treasury.getSettings': reminderSettings });
    renderRoutes([{ path: '/o', element: <OverduePage /> }], { path: '/o' });
    fireEvent.change(await screen.findByLabelText('Días entre recordatorios'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(/Indica los días/)).toBeTruthy();
    expect(callsTo(apiRequest, 'treasury.updateSettings')).toHaveLength(0);
  });

  it('a member sees the settings but cannot change them', async () => {
    membership.current = { myRole: 'MEMBER', myPermissions: [] };
    answerApi(apiRequest, {
      'treasury.overdue': overdue,
      'treasury.getSettings': { ...reminderSettings, remindersEnabled: true },
    });
    renderRoutes([{ path: '/o', element: <OverduePage /> }], { path: '/o' });
    const toggle = await screen.findByRole('switch', { name: 'Enviar recordatorios automáticos por email' });
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    expect(toggle.hasAttribute('disabled')).toBe(true);
    expect((screen.getByLabelText('Días tras el vencimiento') as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Guardar' })).toBeNull();
  });
});

describe('/app/banking/treasury/calendar', { timeout: 30_000 }, () => {
  it('draws the month with day totals and lists a day on click', async () => {
    const month: CalendarMonth = {
      month: '2026-04',
      inflowsCents: 50_000,
      outflowsCents: 175_000,
      days: Array.from({ length: 30 }, (_, i) => {
        const date = `2026-04-${String(i + 1).padStart(2, '0')}`;
        return date === '2026-04-20'
          ? {
              date,
              inflowsCents: 0,
              outflowsCents: 175_000,
              entries: [
                {
                  kind: 'TAX' as const,
                  direction: 'PAYABLE' as const,
                  label: 'Modelo 303 1T 2026',
                  partyName: 'Agencia Tributaria',
                  documentKind: null,
                  documentId: null,
                  amountCents: 175_000,
                  estimated: false,
                  overdue: false,
                },
              ],
            }
          : { date, inflowsCents: 0, outflowsCents: 0, entries: [] };
      }),
    };
    answerApi(apiRequest, { 'treasury.calendar': month });
    renderRoutes([{ path: '/c', element: <CalendarPage initialMonth="2026-04" /> }], { path: '/c' });
    const cell = await screen.findByTestId('day-2026-04-20');
    expect(cell.textContent).toContain('1.750,00');
    fireEvent.click(cell);
    expect(await screen.findByText(/Modelo 303 1T 2026/)).toBeTruthy();
    expect(callsTo(apiRequest, 'treasury.calendar')[0]).toMatchObject({ query: { month: '2026-04' } });
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
  });
});

describe('/app/banking/treasury/reports', { timeout: 30_000 }, () => {
  it('shows DSO, collection metrics and the client delay', async () => {
    const metrics: CollectionMetrics = {
      today: '2026-03-11',
      dsoDays: 45.5,
      receivablesOutstandingCents: 242_000,
      salesLast90DaysCents: 478_681,
      collectedThisMonthCents: 30_000,
      averageCollectionDays: 38,
      paidOnTimeBp: 7_500,
      paidOnTimeCount: 3,
      paidLateCount: 1,
    };
    const delay: ClientDelayReport = {
      today: '2026-03-11',
      rows: [
        {
          partyKey: 'ID:cu-1',
          partyName: 'Ferretería López SL',
          partyNif: 'B12345674',
          invoices: 4,
          averageDelayDays: 12.5,
          paidCents: 300_000,
          outstandingCents: 121_000,
          overdueCents: 121_000,
          overdueCount: 1,
        },
      ],
    };
    answerApi(apiRequest, { 'treasury.collectionMetrics': metrics, 'treasury.clientDelay': delay });
    renderRoutes([{ path: '/r', element: <ReportsPage /> }], { path: '/r' });
    expect(await screen.findByText('45,5 días')).toBeTruthy();
    expect(screen.getByText('75 %')).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Retraso medio por cliente' });
    expect(within(table).getByTestId('delay-ID:cu-1').textContent).toBe('12,5 días');
  });
});
