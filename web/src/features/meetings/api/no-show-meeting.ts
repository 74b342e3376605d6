import type { Meeting } from '@shared/schemas/meetings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';

import { refreshMeetings } from './cache';

/** `POST meetings.noShow`: the advisor records that the client did not attend (only after the start). */
export function markMeetingNoShow(companyId: string, meetingId: string): Promise<Meeting> {
  return apiRequest<Meeting>('meetings.noShow', { params: { meetingId }, companyId });
}

export function useMarkMeetingNoShow(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (meetingId: string) => markMeetingNoShow(companyId, meetingId),
    onSettled: () => refreshMeetings(queryClient, companyId),
  });
}
