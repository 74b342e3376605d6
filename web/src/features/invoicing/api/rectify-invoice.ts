import type { Invoice, RectificationMethod, RectificativaType } from '@shared/schemas/invoices';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { refreshInvoice } from './keys';

export interface RectifyLine {
  description: string;
  quantity: string;
  unitPriceCents: number;
  discountBp?: number;
  vatRateBp: number;
  exemptionCause?: string;
  notSubject?: string;
  reverseCharge?: boolean;
  /** Substitution: the original line this one copies (0-based). */
  sourceLine?: number;
  /** Substitution: the line differs from its original (or is new); unchanged lines must equal it. */
  changed?: boolean;
}

export interface RectifyBody {
  rectificationType: RectificativaType;
  method: RectificationMethod;
  reason: string;
  /** The corrected lines (substitution) or the differences (negative amounts allowed). */
  invoiceLines?: RectifyLine[];
  /** A RECTIFICATIVA series (id or code); the company's default one when absent. */
  series?: string;
  /** Annuls every amount of the rectified invoice instead of giving lines. */
  cancelAll?: boolean;
}

/** `POST invoices.rectify`: answers the rectificativa (a new invoice). */
export function rectifyInvoice(invoiceId: string, body: RectifyBody, companyId: string | null) {
  return apiRequest<Invoice>('invoices.rectify', { params: { invoiceId }, body, companyId });
}

export function useRectifyInvoice(companyId: string | null, invoiceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RectifyBody) => rectifyInvoice(invoiceId, body, companyId),
    onSuccess: () => refreshInvoice(queryClient, companyId, invoiceId),
  });
}
