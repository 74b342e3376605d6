/**
 * From when VeriFacTu is mandatory for the company (RD 1007/2023 as amended by RD-ley 15/2025; the
 * dates are data in shared/fiscal/verifactu-obligation.ts and come with the dashboard), as the
 * sentence and the severity the VeriFacTu pages show.
 */
import { longSpanishDate, mandatoryNotice, mandatoryRefusal } from '@shared/fiscal/verifactu-obligation';
import type { SendingState, VerifactuObligation } from '@shared/schemas/verifactu';

export interface ObligationMessage {
  type: 'info' | 'warning' | 'error';
  text: string;
}

export function obligationMessage(
  obligation: VerifactuObligation | null | undefined,
  sending: SendingState | null | undefined,
): ObligationMessage | null {
  if (!obligation?.applies || !obligation.mandatoryFrom) return null;
  const from = obligation.mandatoryFrom;
  if (sending?.ready) {
    return {
      type: 'info',
      text: `VeriFacTu ${obligation.mandatory ? 'es' : 'será'} obligatorio para esta empresa desde el ${longSpanishDate(from)}; sus registros se envían a la AEAT.`,
    };
  }
  return obligation.mandatory
    ? { type: 'error', text: mandatoryRefusal(from) }
    : { type: 'warning', text: mandatoryNotice(from) };
}
