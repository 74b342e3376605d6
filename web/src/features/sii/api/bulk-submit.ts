import type { SiiBook, SiiBulkSubmitBody } from '@shared/schemas/sii';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { refreshSii } from './keys';

/** What a bulk submit may tell: how many records it queued. */
export interface SiiBulkSubmitAnswer {
  queued?: number;
  message?: string;
}

/** `POST sii.bulkSubmit { invoiceIds?, book? }`: every pending record (of one book), or those invoices'. */
export function bulkSubmitSii(
  body: SiiBulkSubmitBody,
  companyId: string | null,
): Promise<SiiBulkSubmitAnswer> {
  return apiRequest<SiiBulkSubmitAnswer | null>('sii.bulkSubmit', { body, companyId }).then(
    (answer) => answer ?? {},
  );
}

/** The Spanish summary of a bulk submit for the toast. */
export function bulkSubmitSummary(answer: SiiBulkSubmitAnswer, book?: SiiBook): string {
  const scope = book ? ` del libro ${book}` : '';
  if (typeof answer.queued !== 'number') return `Envío de los registros pendientes${scope} iniciado.`;
  if (answer.queued === 0) return `No hay registros pendientes${scope} de envío.`;
  return `${answer.queued} ${answer.queued === 1 ? 'registro puesto' : 'registros puestos'} en cola de envío al SII${scope}.`;
}

export function useBulkSubmitSii(companyId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SiiBulkSubmitBody) => bulkSubmitSii(body, companyId),
    onSuccess: () => refreshSii(queryClient, companyId),
  });
}
