import type { ConfirmMeetingBody, Meeting } from '@shared/schemas/meetings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import type * as z from 'zod';
import { refreshMeetings } from './cache';

/** `POST meetings.confirm`: the advisor confirms the meeting (optionally where: a video link, an address, a phone number). */
export function confirmMeeting(
  companyId: string,
  meetingId: string,
  body: z.input<typeof ConfirmMeetingBody> = {},
): Promise<Meeting> {
  return apiRequest<Meeting>('meetings.confirm', { params: { meetingId }, body, companyId });
}

export function useConfirmMeeting(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ meetingId, body }: { meetingId: string; body?: z.input<typeof ConfirmMeetingBody> }) =>
      confirmMeeting(companyId, meetingId, body),
    onSettled: () => refreshMeetings(queryClient, companyId),
  });
}
