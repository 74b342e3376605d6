import { defineCompanyAction } from '@functions/platform/http';
import { type IbanInfo, IbanPath } from '@shared/schemas/banking';
import { ibanDetails } from '../model/iban-banks';
import type { BankingDeps } from '../store/deps';

/**
 * GET banking/iban/{iban}: whether an IBAN is valid (ISO 13616 mod 97; Spanish ones also their CCC
 * control digits) and, for a Spanish one, its bank. An invalid IBAN is an answer, not an error.
 */
export const validateIbanRoute = defineCompanyAction({
  params: IbanPath,
  run: async ({ params }, _deps: BankingDeps): Promise<IbanInfo> => {
    const d = ibanDetails(params.iban.replace(/%20/g, ' '));
    return {
      valid: d.valid,
      iban: d.iban,
      formatted: d.formatted,
      bankCode: d.bankCode,
      bankName: d.bankName,
      reason: d.reason,
    };
  },
});
