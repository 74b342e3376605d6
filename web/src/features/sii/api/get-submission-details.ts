import type { SiiSubmission } from '@shared/schemas/sii';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { siiKeys } from './keys';

/**
 * One archived message as `GET sii.submissionDetails` answers it (ArchivedMessage of
 * functions/domains/sii/actions/get-submission-details.ts): its archive key, content type, the
 * exact text, cut (and flagged) past the API's size limit.
 */
export interface SiiArchivedMessage {
  key: string;
  contentType: string;
  content: string;
  truncated: boolean;
}

/** The archived exchange: the exact SOAP envelope sent and the AEAT's raw answer (null if none). */
export interface SiiSubmissionDetails {
  submission: SiiSubmission;
  request: SiiArchivedMessage | null;
  response: SiiArchivedMessage | null;
}

/** `GET sii.submissionDetails`: read from the archive (Object Lock), so it never changes. */
export function getSiiSubmissionDetails(
  submissionId: string,
  companyId: string | null,
  signal?: AbortSignal,
) {
  return apiRequest<SiiSubmissionDetails>('sii.submissionDetails', {
    params: { submissionId },
    companyId,
    signal,
  });
}

export const siiSubmissionDetailsQueryOptions = (submissionId: string, companyId: string | null) =>
  queryOptions({
    queryKey: siiKeys.submissionDetails(companyId, submissionId),
    queryFn: ({ signal }) => getSiiSubmissionDetails(submissionId, companyId, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** Asked only when the user opens the XML (a message may carry 10,000 records). */
export function useSiiSubmissionDetails(submissionId: string, companyId: string | null, enabled: boolean) {
  return useQuery({
    ...siiSubmissionDetailsQueryOptions(submissionId, companyId),
    enabled: enabled && companyId !== null,
  });
}
