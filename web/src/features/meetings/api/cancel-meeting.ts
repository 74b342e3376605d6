import type { CancelMeetingBody, Meeting } from '@shared/schemas/meetings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import type * as z from 'zod';
import { refreshMeetings } from './cache';

/** `POST meetings.cancel`: either side cancels (refused within 2 hours of the start). */
export function cancelMeeting(
  companyId: string,
  meetingId: string,
  body: z.input<typeof CancelMeetingBody> = {},
): Promise<Meeting> {
  return apiRequest<Meeting>('meetings.cancel', { params: { meetingId }, body, companyId });
}

export function useCancelMeeting(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ meetingId, body }: { meetingId: string; body?: z.input<typeof CancelMeetingBody> }) =>
      cancelMeeting(companyId, meetingId, body),
    onSettled: () => refreshMeetings(queryClient, companyId),
  });
}
