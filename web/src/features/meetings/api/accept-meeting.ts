import type { Meeting } from '@shared/schemas/meetings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';

import { refreshMeetings } from './cache';

/** `POST meetings.accept`: the client accepts the time the advisor proposed (the meeting is confirmed at it). */
export function acceptMeeting(companyId: string, meetingId: string): Promise<Meeting> {
  return apiRequest<Meeting>('meetings.accept', { params: { meetingId }, companyId });
}

export function useAcceptMeeting(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (meetingId: string) => acceptMeeting(companyId, meetingId),
    onSettled: () => refreshMeetings(queryClient, companyId),
  });
}
