import type { Meeting } from '@shared/schemas/meetings';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type ApiRequestOptions, apiRequest } from '@web/lib/api-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi, callsTo } from '../../../testing/api-mock';
import { renderRoutes } from '../../../testing/render';
import { MeetingsList } from './meetings-list';

vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));

afterEach(() => vi.resetAllMocks());

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

const meeting = (over: Partial<Meeting>): Meeting => ({
  meetingId: 'm-1',
  companyId: 'c-1',
  companyName: 'Panadería La Espiga SL',
  clientId: 'u-1',
  clientName: 'Lucía Pérez',
  clientEmail: 'lucia@example.com',
  advisorId: 'g-1',
  advisorName: 'Ana García',
  advisorEmail: 'ana@example.com',
  startsAt: inDays(3),
  date: '2026-12-02',
  time: '10:30',
  duration: 30,
  type: 'VIDEO',
  subject: 'Cierre del trimestre',
  notes: null,
  priority: 'NORMAL',
  status: 'REQUESTED',
  proposed: null,
  location: null,
  requestedAt: inDays(-1),
  confirmBy: inDays(0),
  confirmationOverdue: false,
  confirmedAt: null,
  cancelledAt: null,
  cancelReason: null,
  reminders: [60],
  ...over,
});

describe('MeetingsList', { timeout: 30_000 }, () => {
  it('lets the advisor confirm a requested meeting with a location', async () => {
    answerApi(apiRequest, {
      'meetings.list': [meeting({})],
      'meetings.confirm': meeting({ status: 'CONFIRMED' }),
    });
    renderRoutes([
      { path: '/', element: <MeetingsList companyId="c-1" viewer={{ userId: 'g-1', isStaff: true }} /> },
    ]);
    const item = await screen.findByRole('group', { name: 'Reunión Cierre del trimestre' });
    expect(within(item).getByText('Pendiente de confirmar')).toBeTruthy();
    expect(within(item).getByText('Lucía Pérez (Panadería La Espiga SL)')).toBeTruthy();
    expect(within(item).getByRole('button', { name: 'Proponer otra hora' })).toBeTruthy();
    fireEvent.click(within(item).getByRole('button', { name: 'Confirmar' }));
    fireEvent.change(await screen.findByRole('textbox', { name: 'Lugar o enlace' }), {
      target: { value: 'https://meet.example.com/abc' },
    });
    const dialog = screen.getByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(callsTo(apiRequest, 'meetings.confirm')).toHaveLength(1));
    expect(callsTo(apiRequest, 'meetings.confirm')[0]).toMatchObject({
      params: { meetingId: 'm-1' },
      body: { location: 'https://meet.example.com/abc' },
      companyId: 'c-1',
    });
  });

  it('lets the client accept a proposed time and filters by status', async () => {
    answerApi(apiRequest, {
      'meetings.list': ({ query }: ApiRequestOptions) =>
        query?.status === 'CANCELLED'
          ? []
          : [
              meeting({
                status: 'PROPOSED',
                proposed: {
                  date: '2026-12-03',
                  time: '12:00',
                  startsAt: inDays(4),
                  message: 'Mejor el jueves',
                },
              }),
            ],
      'meetings.accept': meeting({ status: 'CONFIRMED' }),
    });
    renderRoutes([
      { path: '/', element: <MeetingsList companyId="c-1" viewer={{ userId: 'u-1', isStaff: false }} /> },
    ]);
    const item = await screen.findByRole('group', { name: 'Reunión Cierre del trimestre' });
    expect(within(item).getByText(/jueves, 3 de diciembre de 2026, 12:00 · Mejor el jueves/)).toBeTruthy();
    expect(within(item).queryByRole('button', { name: 'Confirmar' })).toBeNull();
    fireEvent.click(within(item).getByRole('button', { name: 'Aceptar nueva hora' }));
    await waitFor(() => expect(callsTo(apiRequest, 'meetings.accept')).toHaveLength(1));
    fireEvent.click(screen.getByText('Cancelada'));
    expect(await screen.findByText('No hay datos disponibles')).toBeTruthy();
    expect(callsTo(apiRequest, 'meetings.list').some((c) => c.query?.status === 'CANCELLED')).toBe(true);
  });

  it('shows the error with Reintentar', async () => {
    answerApi(apiRequest, {});
    renderRoutes([
      { path: '/', element: <MeetingsList companyId="c-1" viewer={{ userId: 'u-1', isStaff: false }} /> },
    ]);
    expect(await screen.findByText('Error cargando reuniones')).toBeTruthy();
    answerApi(apiRequest, { 'meetings.list': [meeting({})] });
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('group', { name: 'Reunión Cierre del trimestre' })).toBeTruthy();
  });
});
