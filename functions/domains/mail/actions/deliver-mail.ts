/**
 * Delivers one queued mail: at most once in the normal case, at least once in every case.
 *
 * claim (SENDING) -> SES -> SENT. A duplicate delivery finds SENT and stops. A crashed attempt
 * leaves SENDING behind, which the queue's retry takes over once it is older than the visibility
 * timeout. A failed send releases the claim and throws, so SQS retries and, after maxReceiveCount,
 * dead-letters the message. Mail bodies are never logged: they carry verification and reset tokens.
 *
 * A mail with attachments reads them from the documents bucket and goes out as raw MIME. A mail
 * that points at a log entry (an invoice e-mail) turns it SENT after the send, or FAILED when the
 * last attempt the queue allows fails (the message then goes to the DLQ).
 */

import { randomUUID } from 'node:crypto';
import type { Logger } from '@functions/platform/logger';
import type { MailJob } from '../model/mail-job';
import { readAttachments } from '../store/attachments';
import { failureText, markLogFailed, markLogSent } from '../store/mail-log';
import { claimSending, markSent, releaseSending } from '../store/sent-mail';
import { sendEmail } from '../store/ses';

/** Thrown so the message returns to the queue while another attempt owns the mail. */
export class MailInProgressError extends Error {
  override name = 'MailInProgressError';
}

export interface DeliverMailDeps {
  log: Logger;
  now?: () => Date;
  newAttemptId?: () => string;
  /** This is the queue's last receive of the message: a failure now is final. */
  lastAttempt?: boolean;
}

export type DeliverOutcome = 'sent' | 'already-sent';

export async function deliverMail(job: MailJob, deps: DeliverMailDeps): Promise<DeliverOutcome> {
  try {
    return await deliver(job, deps);
  } catch (e) {
    // Another attempt owns the mail: not a failure of this mail.
    if (deps.lastAttempt && job.mail.log && !(e instanceof MailInProgressError)) {
      const failedAt = (deps.now ?? (() => new Date()))().toISOString();
      await markLogFailed(job.mail.log, { error: failureText(e), failedAt }).catch((markError: unknown) =>
        deps.log.error('Could not mark the mail log FAILED', { errorName: (markError as Error)?.name }),
      );
    }
    throw e;
  }
}

async function deliver(job: MailJob, deps: DeliverMailDeps): Promise<DeliverOutcome> {
  const { log, now = () => new Date(), newAttemptId = randomUUID } = deps;
  const attemptId = newAttemptId();

  const claim = await claimSending(job.outboxId, attemptId, now());
  if (claim === 'already-sent') {
    log.info('Mail already sent; duplicate delivery ignored');
    return 'already-sent';
  }
  // Dropping the message here could lose the mail if the owner is a dead attempt whose lease has
  // not expired yet; retrying later is always safe.
  if (claim === 'in-progress') throw new MailInProgressError('Another attempt is sending this mail');

  let sesMessageId: string;
  try {
    const attachments = await readAttachments(job.mail);
    sesMessageId = await sendEmail(job.mail, attachments, now());
  } catch (e) {
    await releaseSending(job.outboxId, attemptId).catch((releaseError: unknown) =>
      log.warn('Could not release the claim; it expires with its lease', {
        errorName: (releaseError as Error)?.name,
      }),
    );
    throw e;
  }

  const sentAt = now().toISOString();
  try {
    const recorded = await markSent(job, attemptId, { sesMessageId, sentAt });
    if (!recorded)
      log.warn('Claim was taken over during the send; the mail may go out twice', { sesMessageId });
  } catch (e) {
    // SES accepted the mail: throwing now would send it again. Keep the evidence in the log instead.
    log.error('Mail sent but not recorded', { sesMessageId, errorName: (e as Error)?.name });
  }
  if (job.mail.log) {
    try {
      await markLogSent(job.mail.log, { sesMessageId, sentAt });
    } catch (e) {
      log.error('Mail sent but its log entry not updated', { sesMessageId, errorName: (e as Error)?.name });
    }
  }
  log.info('Mail sent', {
    sesMessageId,
    template: job.mail.template,
    recipients: job.mail.to.length + (job.mail.cc?.length ?? 0),
    attachments: job.mail.attachments?.length ?? 0,
  });
  return 'sent';
}
