import type { Meeting } from '@shared/schemas/meetings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';

import { refreshMeetings } from './cache';

/** `POST meetings.complete`: the advisor marks the meeting as held (only after its start). */
export function completeMeeting(companyId: string, meetingId: string): Promise<Meeting> {
  return apiRequest<Meeting>('meetings.complete', { params: { meetingId }, companyId });
}

export function useCompleteMeeting(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (meetingId: string) => completeMeeting(companyId, meetingId),
    onSettled: () => refreshMeetings(queryClient, companyId),
  });
}
