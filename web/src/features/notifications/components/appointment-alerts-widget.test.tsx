import type { AppointmentAlert } from '@shared/schemas/meetings';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { apiRequest } from '@web/lib/api-client';
import { ApiError } from '@web/lib/api-error';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi, callsTo } from '../../../testing/api-mock';
import { renderRoutes } from '../../../testing/render';
import { AppointmentAlertsWidget, appointmentWhen } from './appointment-alerts-widget';

vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));

afterAll(() => new Promise((resolve) => setTimeout(resolve, 500)));
afterEach(() => vi.mocked(apiRequest).mockReset());

const alert = (overrides: Partial<AppointmentAlert>): AppointmentAlert => ({
  id: 'a-1',
  type: 'upcoming',
  priority: 'medium',
  title: 'Reunión con tu gestor',
  message: 'Revisión trimestral',
  minutesUntil: 3 * 1440 + 120,
  appointmentDateTime: '2026-11-30T09:00:00.000Z',
  location: 'Videollamada',
  advisorName: 'Ana Gestora',
  meetingId: 'm-1',
  ...overrides,
});

const renderWidget = () =>
  renderRoutes([{ path: '/', element: <AppointmentAlertsWidget companyId="c-1" /> }]);

describe('AppointmentAlertsWidget', { timeout: 30_000 }, () => {
  it('lists the meetings most urgent first with the time until each', async () => {
    answerApi(apiRequest, {
      'appointments.alerts': [
        alert({ id: 'a-1', title: 'Dentro de tres días' }),
        alert({
          id: 'a-2',
          meetingId: 'm-2',
          type: 'today',
          priority: 'critical',
          minutesUntil: 45,
          title: 'En 45',
        }),
        alert({
          id: 'a-3',
          meetingId: 'm-3',
          type: 'today',
          priority: 'high',
          minutesUntil: 135,
          title: 'Esta tarde',
        }),
      ],
    });
    renderWidget();
    const list = await screen.findByRole('list', { name: 'Alertas de citas' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => within(li).getByRole('link').textContent)).toEqual([
      'En 45',
      'Esta tarde',
      'Dentro de tres días',
    ]);
    expect(within(items[0]!).getByText('Crítica')).toBeTruthy();
    expect(items[0]!.textContent).toContain('En 45 minutos');
    expect(items[1]!.textContent).toContain('En 2 h 15 min');
    expect(items[2]!.textContent).toContain('En 3 días 2 h');
    expect(items[2]!.textContent).toContain('Videollamada · Con Ana Gestora');
    expect(within(items[0]!).getByRole('link').getAttribute('href')).toBe('/app/meetings?id=m-2');
    expect(callsTo(apiRequest, 'appointments.alerts')[0]).toMatchObject({
      query: { limit: 5 },
      companyId: 'c-1',
    });
  });

  it('says how finished meetings ended', () => {
    expect(appointmentWhen(alert({ type: 'cancelled', minutesUntil: -30 }))).toBe('Cancelada');
    expect(appointmentWhen(alert({ type: 'no_show', minutesUntil: -30 }))).toBe('No asistida');
    expect(appointmentWhen(alert({ type: 'completed', minutesUntil: -30 }))).toBe('Realizada');
  });

  it('shows a skeleton while loading', async () => {
    vi.mocked(apiRequest).mockImplementation(() => new Promise(() => undefined));
    const { container } = renderWidget();
    await waitFor(() => expect(container.querySelector('.ant-skeleton')).not.toBeNull());
  });

  it("a failure says so with 'Reintentar', which loads again", async () => {
    let fail = true;
    answerApi(apiRequest, {
      'appointments.alerts': () => {
        if (fail) throw new ApiError({ code: 'CORE_005', message: 'Servicio no disponible', status: 503 });
        return [alert({})];
      },
    });
    renderWidget();
    expect(await screen.findByText('Error cargando alertas de citas')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Reunión con tu gestor')).toBeTruthy();
  });

  it("without meetings says 'No hay datos disponibles'", async () => {
    answerApi(apiRequest, { 'appointments.alerts': [] });
    renderWidget();
    expect(await screen.findByText('No hay datos disponibles')).toBeTruthy();
  });
});
