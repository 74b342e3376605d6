import type { AppointmentAlert } from '@shared/schemas/meetings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { notificationsKeys } from './keys';

/** `GET appointments.alerts?limit=`: upcoming, today's and recently finished meetings. */
export function getAppointmentAlerts(
  companyId: string,
  limit: number,
  signal?: AbortSignal,
): Promise<AppointmentAlert[]> {
  return apiRequest<AppointmentAlert[]>('appointments.alerts', { query: { limit }, companyId, signal });
}

export const getAppointmentAlertsQueryOptions = (companyId: string, limit: number) =>
  queryOptions({
    queryKey: notificationsKeys.appointmentAlerts(companyId, limit),
    queryFn: ({ signal }) => getAppointmentAlerts(companyId, limit, signal),
  });

export function useAppointmentAlerts(companyId: string, limit: number) {
  return useQuery(getAppointmentAlertsQueryOptions(companyId, limit));
}
