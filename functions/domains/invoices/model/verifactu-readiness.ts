/**
 * A company invoices from its first day, and from the date VeriFacTu is mandatory for it only with
 * VeriFacTu working: RD 1007/2023 (Reglamento de los sistemas informáticos de facturación) as amended
 * by RD-ley 15/2025 — Impuesto sobre Sociedades taxpayers from 1 January 2027, everyone else from
 * 1 July 2027 (the dates are data in shared/fiscal/verifactu-obligation.ts). From that date an
 * invoice is confirmed only when the company's records are really sent to the AEAT: VeriFacTu
 * configured and enabled in VERI*FACTU mode with a certificate valid today (the company's own, or
 * its gestoría's as representative; shared/fiscal/verifactu-sending.ts). Otherwise the confirmation
 * is refused with the reason and where to fix it (`details.link`), so no record ever waits silently.
 * Before the date it confirms as always (the VeriFacTu pages say from when it becomes mandatory),
 * and a company in the SII is outside RD 1007/2023. Pure.
 */

import { AppError } from '@shared/api/errors';
import type { CompanyType } from '@shared/db/records';
import {
  deadlineRuleOn,
  madridDate,
  mandatoryRefusal,
  verifactuObligationOf,
} from '@shared/fiscal/verifactu-obligation';
import type { SendingState } from '@shared/schemas/verifactu';

export interface VerifactuReadiness {
  companyId: string;
  companyType: CompanyType;
  siiEnabled: boolean;
  sending: SendingState;
}

/** Where a company configures VeriFacTu (web/src/app: the company's VeriFacTu page). */
export const verifactuConfigLink = (companyId: string): string => `/app/companies/${companyId}/verifactu`;

/**
 * Whether VeriFacTu can be mandatory for anyone on `at`: before the earliest date of the version in
 * force the confirmation needs no read at all.
 */
export function verifactuMayBeMandatory(at: Date): boolean {
  const day = madridDate(at);
  return Object.values(deadlineRuleOn(day).mandatoryFrom).some((from) => from <= day);
}

/** The refusal of a confirmation, or null when the invoice may be confirmed. */
export function verifactuConfirmRefusal(r: VerifactuReadiness, at: Date): AppError | null {
  const obligation = verifactuObligationOf(r, at);
  if (!obligation.mandatory || !obligation.mandatoryFrom || r.sending.ready) return null;
  return new AppError(
    'DOC_047',
    `${mandatoryRefusal(obligation.mandatoryFrom)} ${r.sending.reason.message}`,
    {
      details: {
        reason: 'VERIFACTU_REQUIRED',
        sendingBlock: r.sending.reason.code,
        mandatoryFrom: obligation.mandatoryFrom,
        link: verifactuConfigLink(r.companyId),
      },
    },
  );
}

/** Throws the refusal (DOC_047, 409) when VeriFacTu is mandatory and the company cannot send. */
export function assertVerifactuReady(r: VerifactuReadiness | null, at: Date): void {
  const refusal = r ? verifactuConfirmRefusal(r, at) : null;
  if (refusal) throw refusal;
}
