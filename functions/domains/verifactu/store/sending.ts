/**
 * The company's sending state for a set of submissions: read (configuration and certificate
 * validity, lib/verifactu-sending) only when one of them is QUEUED, the only state it explains.
 */

import { readSendingState } from '@functions/lib/verifactu-sending';
import type { SendingState, VerifactuSubmission } from '@shared/schemas/verifactu';
import { hasQueued, SENDS } from '../model/submission-views';
import type { VerifactuDeps } from './deps';

export async function sendingStateFor(
  deps: VerifactuDeps,
  companyId: string,
  submissions: readonly Pick<VerifactuSubmission, 'status'>[],
): Promise<SendingState> {
  return hasQueued(submissions) ? readSendingState(deps, companyId, deps.now()) : SENDS;
}
