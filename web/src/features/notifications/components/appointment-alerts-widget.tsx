import type { AppointmentAlert } from '@shared/schemas/meetings';
import { WidgetCard } from '@web/components/widget-card';
import {
  ALERTS_SHOWN,
  alertPriorityColor,
  alertPriorityLabel,
  sortByPriority,
} from '@web/lib/dashboard-thresholds';
import { formatDateTime } from '@web/lib/format';
import { paths } from '@web/lib/paths';
import { appointmentTime } from '@web/lib/relative-time';
import { Flex, Tag } from 'antd';
import { Link } from 'react-router-dom';
import { useAppointmentAlerts } from '../api/get-appointment-alerts';

/** When the meeting is, in words: 'En 45 minutos', 'Hoy, en 2 h 15 min', or how it ended. */
export function appointmentWhen(alert: AppointmentAlert): string {
  if (alert.type === 'completed') return 'Realizada';
  if (alert.type === 'cancelled') return 'Cancelada';
  if (alert.type === 'no_show') return 'No asistida';
  if (alert.minutesUntil <= 0) return 'Ahora';
  return `En ${appointmentTime(alert.minutesUntil)}`;
}

/**
 * 'Alertas de citas' (spec part 3 §3 Appointment alert): meetings within the next 7 days, today's
 * and the recently finished ones, most urgent first (≤ 60 minutes critical, today high).
 */
export function AppointmentAlertsWidget({ companyId }: { companyId: string }) {
  const alerts = useAppointmentAlerts(companyId, ALERTS_SHOWN);
  const shown = sortByPriority(alerts.data ?? [], (a) => a.priority).slice(0, ALERTS_SHOWN);

  return (
    <WidgetCard
      title="Alertas de citas"
      loading={alerts.isPending}
      error={alerts.isError}
      onRetry={() => void alerts.refetch()}
      empty={shown.length === 0}
      errorMessage="Error cargando alertas de citas"
      extra={<Link to={paths.app.meetings}>Ver reuniones</Link>}
    >
      <ul aria-label="Alertas de citas" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {shown.map((alert) => (
          <li key={alert.id} style={{ padding: '6px 0' }}>
            <Flex vertical gap={2}>
              <Flex gap={8} align="center" wrap>
                <Tag color={alertPriorityColor(alert.priority)}>{alertPriorityLabel(alert.priority)}</Tag>
                <Link to={`${paths.app.meetings}?id=${encodeURIComponent(alert.meetingId)}`}>
                  {alert.title}
                </Link>
              </Flex>
              <span style={{ opacity: 0.8 }}>{alert.message}</span>
              <span style={{ opacity: 0.6, fontSize: 12 }}>
                {[
                  appointmentWhen(alert),
                  formatDateTime(alert.appointmentDateTime),
                  alert.location,
                  alert.advisorName ? `Con ${alert.advisorName}` : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </span>
            </Flex>
          </li>
        ))}
      </ul>
    </WidgetCard>
  );
}
