import type { SiiBook, SiiQueryBody, SiiStatus } from '@shared/schemas/sii';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { refreshSii } from './keys';

/** One record whose copy at the AEAT is not what Cuadra holds. */
export interface SiiBookDifference {
  entryId: string;
  documentId: string;
  documentNumber: string;
  status: SiiStatus;
  /** Cuadra believes the AEAT holds it (accepted, with or without errors). */
  registered: boolean;
  /** EstadoRegistro at the AEAT ('Correcta', 'AceptadaConErrores', 'Anulada'), null when it has none. */
  aeatState: string | null;
  reason: string;
}

/** A record the AEAT holds that no record of Cuadra names (sent by other software, or by hand). */
export interface SiiBookUnknownRecord {
  invoiceNumber: string;
  issueDate: string;
  issuerNif: string | null;
  aeatState: string;
}

/** What `POST sii.queryBook` answers: the ConsultaLR of one book and period compared with the records. */
export interface SiiBookQueryResult {
  book: SiiBook;
  year: number;
  period: string;
  checkedAt: string;
  /** Records compared (one in flight is left to the sender). */
  compared: number;
  matches: number;
  /** The AEAT holds something Cuadra does not think it holds (or holds it annulled). */
  mismatches: SiiBookDifference[];
  /** Cuadra holds the record as accepted and the AEAT does not have it. */
  missing: SiiBookDifference[];
  unknown: SiiBookUnknownRecord[];
  /** Records the AEAT answered with. */
  aeatRecords: number;
  /** False when the AEAT had more pages than were read. */
  complete: boolean;
  submissionIds: string[];
}

export interface QuerySiiBookInput {
  book: SiiBook;
  body: SiiQueryBody;
}

/**
 * `POST sii.queryBook { year, period }`: asks the AEAT (ConsultaLR) what it holds of one book and
 * period; the answer is stored on each record as its `reconciliation`.
 */
export function querySiiBook({ book, body }: QuerySiiBookInput, companyId: string | null) {
  return apiRequest<SiiBookQueryResult>('sii.queryBook', { params: { book }, body, companyId });
}

export function useQuerySiiBook(companyId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: QuerySiiBookInput) => querySiiBook(input, companyId),
    // The records' conciliation, the statistics' 'Pendientes de conciliar' and the CONSULTA submissions.
    onSuccess: () => refreshSii(queryClient, companyId),
  });
}
