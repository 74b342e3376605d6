/**
 * S3 ObjectCreated on `inbound/` of the inbound bucket (issue 17 item 4): a raw mail as the SES
 * receipt rule (locally the SMTP listener) stored it. It is taken into the smart inbox of the
 * companies it was addressed to (store/inbox-intake.ts): recorded once, judged by the MTA's verdicts,
 * its invoice attachments sent to the documents pipeline. Every step is idempotent, so S3's retries
 * (and the sweep) are harmless.
 */

import { once } from '@functions/platform/aws/env';
import { createLogger } from '@functions/platform/logger';
import { workerErrorFields } from '@functions/platform/workers';
import type { Context, S3Event } from 'aws-lambda';
import { makeDeps } from '../store/deps';
import { inboxDeps } from '../store/inbox-deps';
import { takeInRawMail } from '../store/inbox-intake';

const deps = once(() => inboxDeps(makeDeps()));

/** S3 event keys are URL-encoded with '+' for spaces. */
const decodeKey = (key: string) => decodeURIComponent(key.replace(/\+/g, ' '));

export const handler = async (event: S3Event, context?: Context): Promise<void> => {
  const log = createLogger({ requestId: context?.awsRequestId, worker: context?.functionName });
  let failed = 0;
  for (const record of event.Records) {
    const rawKey = decodeKey(record.s3.object.key);
    if (!rawKey.startsWith('inbound/')) continue;
    try {
      const bytes = await deps().raw.get(rawKey);
      if (!bytes) {
        log.warn('Inbound mail object missing or too large', { rawKey });
        continue;
      }
      const result = await takeInRawMail(deps(), {
        rawKey,
        bytes,
        origin: 'EMAIL',
        log: log.child({ rawKey }),
      });
      log.info('Inbound mail taken in', {
        rawKey,
        outcome: result.outcome,
        emails: result.emails.map((e) => ({ inboxId: e.inboxId, status: e.status, fresh: e.fresh })),
      });
    } catch (e) {
      failed += 1;
      log.error('Inbound mail failed', { rawKey, ...workerErrorFields(e) });
    }
  }
  // S3 invokes asynchronously: throwing makes Lambda retry the event (each step is idempotent).
  if (failed > 0) throw new Error(`${failed} inbound mails failed`);
};
