import type { AdvisorInfo, ClientDashboard as ClientDashboardData } from '@shared/schemas/dashboard';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type ApiRequestOptions, apiRequest } from '@web/lib/api-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi, callsTo } from '../../../testing/api-mock';
import { renderRoutes } from '../../../testing/render';
import { MEETING_NEEDS_ADVISOR, UNAVAILABLE_WITHOUT_ADVISOR } from '../utils/quick-actions';
import { ClientDashboard } from './client-dashboard';

vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));

afterEach(() => vi.resetAllMocks());

const NBSP = '\u00a0';
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

const advisor: AdvisorInfo = {
  userId: 'g-1',
  name: 'Ana García',
  email: 'ana@gestoria.example',
  phone: '+34 600 111 222',
  isOnline: false,
  lastSeen: minutesAgo(30),
  isAutonomous: false,
  message: null,
  availableActions: { uploadDocument: true, quickQuery: false, scheduleMeeting: true },
  hours: 'Lunes a viernes, 9:00-18:00',
};

const autonomous: AdvisorInfo = {
  ...advisor,
  userId: null,
  name: '',
  email: null,
  phone: null,
  lastSeen: null,
  isAutonomous: true,
  availableActions: { uploadDocument: false, quickQuery: false, scheduleMeeting: false },
};

const dashboard: ClientDashboardData = {
  client: { name: 'Lucía' },
  company: { companyId: 'c-1', name: 'Panadería La Espiga SL', companyType: 'SL' },
  isAutonomous: false,
  advisor,
  period: 'YEAR',
  financialSummary: {
    totalInvoiced: 1_500_000,
    totalPaid: 1_200_000,
    pendingAmount: 300_000,
    overdueAmount: 50_000,
    invoiceCount: 12,
    changePercent: null,
  },
  pendingActions: {
    documentsToApprove: null,
    documentsToReview: 2,
    messagesUnread: null,
    meetingsToAnswer: 1,
  },
  recentActivity: [
    {
      id: 'r-1',
      type: 'DOCUMENT_UPLOADED',
      title: 'ticket.jpg subido',
      description: 'Pendiente de revisión',
      timestamp: minutesAgo(10),
      isRead: false,
      actionUrl: '/app/my-documents',
    },
  ],
  alerts: [
    {
      id: 'al-1',
      type: 'WARNING',
      title: 'Tu gestor propone otra hora',
      description: 'Reunión: cierre del trimestre',
      actionUrl: '/app/meetings?id=m-1',
      actionText: 'Responder',
    },
  ],
};

function renderDashboard() {
  return renderRoutes([
    {
      path: '/',
      element: (
        <ClientDashboard
          companyId="c-1"
          // The route lends the real modals (client portal, meetings); here stand-ins show what was asked.
          renderSendDocuments={({ open, onClose, companyId }) =>
            open ? (
              <div role="dialog">
                <span>{`Enviar documentos a tu gestoría (${companyId})`}</span>
                <button type="button" onClick={onClose}>
                  Cerrar envío
                </button>
              </div>
            ) : null
          }
          renderMeetingModal={({ open, onClose, advisorName }) =>
            open ? (
              <div role="dialog">
                <span>{`Agendar reunión con ${advisorName}`}</span>
                <button type="button" onClick={onClose}>
                  Cancelar
                </button>
              </div>
            ) : null
          }
        />
      ),
    },
    { path: '/app/*', element: <div>Otra página</div> },
  ]);
}

const statistic = (title: string) =>
  screen.getByText(title).closest('.ant-statistic')?.querySelector('.ant-statistic-content')?.textContent;

const quickAction = (label: string) =>
  screen.getByRole('button', { name: new RegExp(label) }) as HTMLButtonElement;

describe('ClientDashboard', { timeout: 30_000 }, () => {
  it('shows the welcome, figures, pending actions, activity, alerts and the advisor card', async () => {
    answerApi(apiRequest, { 'client.dashboard': dashboard, 'client.advisor': advisor });
    renderDashboard();
    expect(await screen.findByText(/, Lucía$/)).toBeTruthy();
    await waitFor(() => expect(statistic('Facturado')).toBe(`15.000,00${NBSP}€`));
    expect(statistic('Cobrado')).toBe(`12.000,00${NBSP}€`);
    expect(statistic('Pendiente de cobro')).toBe(`3.000,00${NBSP}€`);
    expect(statistic('Vencido')).toBe(`500,00${NBSP}€`);
    expect(statistic('Facturas emitidas')).toBe('12');
    // No base to compare with: no percentage (never invented).
    expect(screen.queryByLabelText('Cambio de lo facturado')).toBeNull();
    // Pending actions: the null ones stay out.
    expect(screen.getByText('Documentos en revisión por tu gestoría')).toBeTruthy();
    expect(screen.getByText('Reuniones por responder')).toBeTruthy();
    expect(screen.queryByText('Documentos por aprobar')).toBeNull();
    expect(screen.queryByText('Mensajes sin leer')).toBeNull();
    expect(screen.getByText('Pendiente de revisión · Hace 10 minutos')).toBeTruthy();
    expect(screen.getByText('Tu gestor propone otra hora')).toBeTruthy();
    expect(await screen.findByText('Ana García')).toBeTruthy();
    expect(screen.getByText('Última conexión: hace 30 minutos')).toBeTruthy();
    expect(screen.getByText('Horario: Lunes a viernes, 9:00-18:00')).toBeTruthy();
    expect(screen.getByText('+34 600 111 222').getAttribute('href')).toBe('tel:+34600111222');
    expect(callsTo(apiRequest, 'client.dashboard')[0]).toMatchObject({
      query: { period: 'YEAR' },
      companyId: 'c-1',
    });
  });

  it('shows a real change percentage and leaves the financial card out without permission', async () => {
    answerApi(apiRequest, {
      'client.dashboard': ({ query }: ApiRequestOptions) =>
        query?.period === 'MONTH'
          ? { ...dashboard, period: 'MONTH', financialSummary: null }
          : { ...dashboard, financialSummary: { ...dashboard.financialSummary, changePercent: -12.5 } },
      'client.advisor': advisor,
    });
    renderDashboard();
    expect(await screen.findByText('-12,5 % respecto al año anterior')).toBeTruthy();
    fireEvent.click(screen.getByText('Mes'));
    await waitFor(() => expect(screen.queryByText('Resumen financiero')).toBeNull());
  });

  it('with an advisor: actions as availableActions allow; query opens messages, profile the profile', async () => {
    answerApi(apiRequest, { 'client.dashboard': dashboard, 'client.advisor': advisor });
    const { router } = renderDashboard();
    await screen.findByText('Ana García');
    expect(quickAction('Subir documento').disabled).toBe(false);
    expect(quickAction('Consulta rápida').disabled).toBe(true);
    expect(quickAction('Mi perfil').disabled).toBe(false);
    expect(quickAction('Agendar reunión').disabled).toBe(false);

    fireEvent.click(quickAction('Subir documento'));
    const sendDialog = await screen.findByRole('dialog');
    expect(within(sendDialog).getByText('Enviar documentos a tu gestoría (c-1)')).toBeTruthy();
    fireEvent.click(within(sendDialog).getByRole('button', { name: 'Cerrar envío' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(quickAction('Agendar reunión'));
    expect(await screen.findByText('Agendar reunión con Ana García')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));

    fireEvent.click(quickAction('Mi perfil'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/profile'));
  });

  it('quick query goes to a new message when the advisor allows it', async () => {
    answerApi(apiRequest, {
      'client.dashboard': dashboard,
      'client.advisor': { ...advisor, availableActions: { ...advisor.availableActions, quickQuery: true } },
    });
    const { router } = renderDashboard();
    await screen.findByText('Ana García');
    fireEvent.click(quickAction('Consulta rápida'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/messages'));
    expect(router.state.location.search).toBe('?action=new');
  });

  it('autonomous: upload and query unavailable with the message, meeting disabled, profile enabled', async () => {
    answerApi(apiRequest, {
      'client.dashboard': { ...dashboard, isAutonomous: true, advisor: autonomous },
      'client.advisor': autonomous,
    });
    renderDashboard();
    expect(await screen.findByText('No tienes un gestor asignado.')).toBeTruthy();
    expect(quickAction('Subir documento').disabled).toBe(true);
    expect(quickAction('Consulta rápida').disabled).toBe(true);
    expect(quickAction('Agendar reunión').disabled).toBe(true);
    expect(quickAction('Mi perfil').disabled).toBe(false);
    expect(screen.getAllByText(UNAVAILABLE_WITHOUT_ADVISOR)).toHaveLength(2);
    expect(screen.getByText(MEETING_NEEDS_ADVISOR)).toBeTruthy();
  });

  it("loading, then 'Error al cargar el dashboard' with Reintentar, and the empty widgets", async () => {
    let fail = true;
    answerApi(apiRequest, {
      'client.dashboard': () =>
        new Promise((resolve, reject) =>
          setTimeout(
            () =>
              fail
                ? reject(new Error('caído'))
                : resolve({
                    ...dashboard,
                    alerts: [],
                    recentActivity: [],
                    financialSummary: {
                      totalInvoiced: 0,
                      totalPaid: 0,
                      pendingAmount: 0,
                      overdueAmount: 0,
                      invoiceCount: 0,
                      changePercent: null,
                    },
                  }),
            50,
          ),
        ),
      'client.advisor': advisor,
    });
    renderDashboard();
    expect(document.querySelector('.ant-skeleton')).toBeTruthy();
    expect(await screen.findByText('Error al cargar el dashboard')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    await waitFor(() => expect(screen.getAllByText('No hay datos disponibles')).toHaveLength(2));
  });
});
