import type { Meeting } from '@shared/schemas/meetings';
import { screen, within } from '@testing-library/react';
import { apiRequest } from '@web/lib/api-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi } from '../../../testing/api-mock';
import { renderRoutes } from '../../../testing/render';
import MeetingsRoute from './meetings';

vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));
const who = vi.hoisted(() => ({ role: 'CLIENTE' as 'CLIENTE' | 'GESTOR', userId: 'u-1' }));
vi.mock('@web/lib/auth', async (original) => ({
  ...(await original<typeof import('@web/lib/auth')>()),
  useOptionalAuthUser: () => ({
    userId: who.userId,
    email: 'x@example.com',
    groups: [who.role],
    role: who.role,
  }),
}));
vi.mock('@web/lib/company', async (original) => ({
  ...(await original<typeof import('@web/lib/company')>()),
  useCompanyId: () => 'c-1',
  useCompanyMembership: () => ({
    data: { myRole: who.role, myPermissions: [], canManage: who.role === 'GESTOR' },
  }),
}));

afterEach(() => vi.resetAllMocks());

const requested = {
  meetingId: 'm-1',
  companyId: 'c-1',
  companyName: 'Panadería La Espiga SL',
  clientId: 'u-1',
  clientName: 'Lucía Pérez',
  clientEmail: null,
  advisorId: 'g-1',
  advisorName: 'Ana García',
  advisorEmail: null,
  startsAt: new Date(Date.now() + 3 * 86_400_000).toISOString(),
  date: '2026-12-02',
  time: '10:30',
  duration: 30,
  type: 'PHONE',
  subject: 'Renta 2026',
  notes: null,
  priority: 'HIGH',
  status: 'REQUESTED',
  proposed: null,
  location: null,
  requestedAt: new Date().toISOString(),
  confirmBy: new Date(Date.now() - 3_600_000).toISOString(),
  confirmationOverdue: true,
  confirmedAt: null,
  cancelledAt: null,
  cancelReason: null,
  reminders: [60],
} satisfies Meeting;

describe('/app/meetings', { timeout: 30_000 }, () => {
  it('a client requests meetings and sees the one a notification links to first', async () => {
    who.role = 'CLIENTE';
    who.userId = 'u-1';
    answerApi(apiRequest, { 'meetings.list': [], 'meetings.get': requested });
    renderRoutes([{ path: '/', element: <MeetingsRoute /> }], { path: '/?id=m-1' });
    expect(await screen.findByRole('button', { name: /Agendar reunión/ })).toBeTruthy();
    const item = await screen.findByRole('group', { name: 'Reunión Renta 2026' });
    expect(within(item).getByText('Sin respuesta en 24 horas')).toBeTruthy();
    expect(within(item).getByText('Ana García')).toBeTruthy();
    expect(within(item).queryByRole('button', { name: 'Confirmar' })).toBeNull();
    expect(within(item).getByRole('button', { name: 'Cancelar' })).toBeTruthy();
  });

  it('the gestor answers and does not request', async () => {
    who.role = 'GESTOR';
    who.userId = 'g-1';
    answerApi(apiRequest, { 'meetings.list': [requested] });
    renderRoutes([{ path: '/', element: <MeetingsRoute /> }]);
    const item = await screen.findByRole('group', { name: 'Reunión Renta 2026' });
    expect(within(item).getByRole('button', { name: 'Confirmar' })).toBeTruthy();
    expect(within(item).getByRole('button', { name: 'Proponer otra hora' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Agendar reunión/ })).toBeNull();
  });
});
