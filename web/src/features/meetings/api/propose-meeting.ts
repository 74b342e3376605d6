import type { Meeting, ProposeMeetingBody } from '@shared/schemas/meetings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import type * as z from 'zod';
import { refreshMeetings } from './cache';

/** `POST meetings.propose`: the advisor proposes another date and time; the client accepts it or cancels. */
export function proposeMeeting(
  companyId: string,
  meetingId: string,
  body: z.input<typeof ProposeMeetingBody>,
): Promise<Meeting> {
  return apiRequest<Meeting>('meetings.propose', { params: { meetingId }, body, companyId });
}

export function useProposeMeeting(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ meetingId, body }: { meetingId: string; body: z.input<typeof ProposeMeetingBody> }) =>
      proposeMeeting(companyId, meetingId, body),
    onSettled: () => refreshMeetings(queryClient, companyId),
  });
}
