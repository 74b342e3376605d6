import type { Meeting } from '@shared/schemas/meetings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { meetingsKeys } from './keys';

/** `GET meetings.get`: one meeting (a notification's link opens it). */
export function getMeeting(companyId: string, meetingId: string, signal?: AbortSignal): Promise<Meeting> {
  return apiRequest<Meeting>('meetings.get', { params: { meetingId }, companyId, signal });
}

export const getMeetingQueryOptions = (companyId: string, meetingId: string) =>
  queryOptions({
    queryKey: meetingsKeys.detail(companyId, meetingId),
    queryFn: ({ signal }) => getMeeting(companyId, meetingId, signal),
  });

export function useMeeting(companyId: string, meetingId: string | null) {
  return useQuery({ ...getMeetingQueryOptions(companyId, meetingId ?? ''), enabled: meetingId !== null });
}
