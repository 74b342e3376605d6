import { useMutation } from '@tanstack/react-query';
import { apiDownload, deliver } from '@web/lib/api-download';
import { type SubmissionListParams, submissionListQuery } from './get-submissions';

/** `GET verifactu.exportSubmissions?format=EXCEL` with the list's filters (no paging): downloaded. */
export async function exportSubmissions(
  filters: Partial<SubmissionListParams>,
  companyId: string | null,
  format: 'EXCEL' | 'CSV' = 'EXCEL',
): Promise<void> {
  const fallback = `envios-verifactu.${format === 'EXCEL' ? 'xlsx' : 'csv'}`;
  const { page: _page, size: _size, ...query } = submissionListQuery(filters);
  const download = await apiDownload(
    'verifactu.exportSubmissions',
    { query: { ...query, format }, companyId },
    fallback,
  );
  deliver(download, fallback);
}

export function useExportSubmissions(companyId: string | null) {
  return useMutation({
    mutationFn: (filters: Partial<SubmissionListParams>) => exportSubmissions(filters, companyId),
  });
}
