import type { Meeting, MeetingRequestBody } from '@shared/schemas/meetings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import type * as z from 'zod';
import { refreshMeetings } from './cache';

/** What the modal sends (priority may be left to its NORMAL default). */
export type MeetingRequestInput = z.input<typeof MeetingRequestBody>;

/**
 * `POST meetings.request` (idempotent): the client's request. The caller passes the same
 * `idempotencyKey` when it sends the same request again (a retry after a time-out), so the
 * meeting is never stored twice.
 */
export function requestMeeting(
  companyId: string,
  body: MeetingRequestInput,
  idempotencyKey: string,
): Promise<Meeting> {
  return apiRequest<Meeting>('meetings.request', { body, companyId, idempotencyKey });
}

export function useRequestMeeting(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: MeetingRequestInput; idempotencyKey: string }) =>
      requestMeeting(companyId, body, idempotencyKey),
    onSuccess: () => refreshMeetings(queryClient, companyId),
  });
}
