import type { ChainVerification } from '@shared/schemas/verifactu';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';

/** `GET verifactu.chainVerification`: every huella and link recomputed; `{ records, breaks }`. */
export function verifyChain(companyId: string | null): Promise<ChainVerification> {
  return apiRequest<ChainVerification>('verifactu.chainVerification', { companyId });
}

/** A mutation, not a query: the check runs when the user asks for it (it reads the whole chain). */
export function useVerifyChain(companyId: string | null) {
  return useMutation({ mutationFn: () => verifyChain(companyId) });
}
