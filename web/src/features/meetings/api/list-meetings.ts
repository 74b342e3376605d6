import type { Page } from '@shared/api/envelope';
import type { Meeting, MeetingStatus } from '@shared/schemas/meetings';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { meetingsKeys } from './keys';

/**
 * `GET meetings.list`: a CLIENTE's own meetings, or the company's for its staff, soonest first,
 * optionally of one status. Read as a list (a page's `content` is accepted too).
 */
export async function listMeetings(
  companyId: string,
  status: MeetingStatus | null,
  signal?: AbortSignal,
): Promise<Meeting[]> {
  const data = await apiRequest<Meeting[] | Page<Meeting>>('meetings.list', {
    query: { status: status ?? undefined },
    companyId,
    signal,
  });
  return Array.isArray(data) ? data : data.content;
}

export const listMeetingsQueryOptions = (companyId: string, status: MeetingStatus | null) =>
  queryOptions({
    queryKey: meetingsKeys.list(companyId, status),
    queryFn: ({ signal }) => listMeetings(companyId, status, signal),
    placeholderData: keepPreviousData,
  });

export function useMeetings(companyId: string, status: MeetingStatus | null) {
  return useQuery(listMeetingsQueryOptions(companyId, status));
}
