import type { SubmissionDetail } from '@shared/schemas/tax-filing';
import { useMutation } from '@tanstack/react-query';
import { apiDownload, deliver } from '@web/lib/api-download';

export type SubmissionFileKind = 'file' | 'justificante';

/**
 * `GET taxSubmissions.file?kind=`: `file` the AEAT file exactly as it was filed (ISO-8859-1),
 * `justificante` the AEAT's receipt (PDF) of an accepted filing.
 */
export async function downloadSubmissionFile(
  companyId: string | null,
  s: SubmissionDetail,
  kind: SubmissionFileKind,
) {
  const fallback =
    kind === 'file'
      ? s.fileName || `modelo-${s.modelType}-${s.year}-${s.period}.txt`
      : `justificante-${s.modelType}-${s.year}-${s.period}.pdf`;
  const download = await apiDownload(
    'taxSubmissions.file',
    { params: { companyId: companyId ?? '', submissionId: s.submissionId }, query: { kind }, companyId },
    fallback,
  );
  deliver(download, fallback, kind === 'file' ? 'text/plain;charset=ISO-8859-1' : 'application/pdf');
}

export function useDownloadSubmissionFile(companyId: string | null) {
  return useMutation({
    mutationFn: ({ submission, kind }: { submission: SubmissionDetail; kind: SubmissionFileKind }) =>
      downloadSubmissionFile(companyId, submission, kind),
  });
}
