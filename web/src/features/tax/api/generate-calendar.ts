import type { CalendarView } from '@shared/schemas/tax';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { refreshTaxQueries } from '@web/lib/tax-api';

/** The calendar with what the run changed (functions/domains/tax/actions/generate-calendar.ts). */
export interface GeneratedCalendar extends CalendarView {
  created: number;
  updated: number;
  removed: number;
}

/** `POST taxCalendar.generate {year}`: plans the year's obligations from the profile (idempotent). */
export function generateTaxCalendar(companyId: string, year: number): Promise<GeneratedCalendar> {
  return apiRequest<GeneratedCalendar>('taxCalendar.generate', {
    params: { companyId },
    body: { year },
    companyId,
  });
}

export function useGenerateTaxCalendar(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (year: number) => generateTaxCalendar(companyId, year),
    onSuccess: () => refreshTaxQueries(queryClient, companyId),
  });
}
