/**
 * Submissions as the API shows them: the stored state plus, for a QUEUED one of a company that
 * cannot send, why it waits (shared/fiscal/verifactu-sending.ts). The reason is derived when read,
 * from the configuration as it is now, so it is never stale: configuring VeriFacTu clears it from
 * every waiting record at once (and the sender takes them). Pure.
 */

import { pendingReasonOf } from '@shared/fiscal/verifactu-sending';
import type { SendingState, SubmissionView, VerifactuSubmission } from '@shared/schemas/verifactu';

/** What a submission needs when nothing waits: no reason to give. */
export const SENDS: SendingState = { ready: true, reason: null };

export const hasQueued = (submissions: readonly Pick<VerifactuSubmission, 'status'>[]): boolean =>
  submissions.some((s) => s.status === 'QUEUED');

export const submissionView = (s: VerifactuSubmission, sending: SendingState): SubmissionView => ({
  ...s,
  pendingReason: pendingReasonOf(s, sending),
});
