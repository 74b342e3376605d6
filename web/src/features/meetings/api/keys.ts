import type { MeetingStatus } from '@shared/schemas/meetings';

/** react-query keys of the meetings feature; every key carries the company. */
export const meetingsKeys = {
  all: ['meetings'] as const,
  company: (companyId: string) => ['meetings', 'company', companyId] as const,
  list: (companyId: string, status: MeetingStatus | null) =>
    ['meetings', 'company', companyId, 'list', status] as const,
  detail: (companyId: string, meetingId: string) =>
    ['meetings', 'company', companyId, 'detail', meetingId] as const,
};
