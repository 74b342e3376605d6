import { useMutation } from '@tanstack/react-query';
import { apiDownload, deliver } from '@web/lib/api-download';

export interface ExchangeRef {
  submissionId: string;
  attemptId: string;
  part: 'request' | 'response';
}

/**
 * `GET verifactu.submissionExchange?attempt=&part=`: the exact SOAP message sent to the AEAT, or its
 * raw answer, as archived before and after the call.
 */
export async function downloadExchange(ref: ExchangeRef, companyId: string | null) {
  const fallback = `verifactu-${ref.submissionId}-${ref.attemptId}-${ref.part === 'request' ? 'peticion' : 'respuesta'}.xml`;
  const download = await apiDownload(
    'verifactu.submissionExchange',
    {
      params: { submissionId: ref.submissionId },
      query: { attempt: ref.attemptId, part: ref.part },
      companyId,
    },
    fallback,
  );
  deliver(download, fallback, 'application/xml');
}

export function useDownloadExchange(companyId: string | null) {
  return useMutation({ mutationFn: (ref: ExchangeRef) => downloadExchange(ref, companyId) });
}
