import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import type { DocumentAlert } from '../types';
import { notificationsKeys } from './keys';

/** `GET documents.alerts?limit=`: the latest thing that happened to each document, newest first. */
export function getDocumentAlerts(
  companyId: string,
  limit: number,
  signal?: AbortSignal,
): Promise<DocumentAlert[]> {
  return apiRequest<DocumentAlert[]>('documents.alerts', { query: { limit }, companyId, signal });
}

export const getDocumentAlertsQueryOptions = (companyId: string, limit: number) =>
  queryOptions({
    queryKey: notificationsKeys.documentAlerts(companyId, limit),
    queryFn: ({ signal }) => getDocumentAlerts(companyId, limit, signal),
  });

export function useDocumentAlerts(companyId: string, limit: number, enabled = true) {
  return useQuery({ ...getDocumentAlertsQueryOptions(companyId, limit), enabled });
}
