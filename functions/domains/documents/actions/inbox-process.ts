import { defineCompanyAction } from '@functions/platform/http';
import { type InboxEmail, ProcessInboxQuery } from '@shared/schemas/inbox';
import type { DocumentsDeps } from '../store/deps';
import { type InboxDeps, inboxDeps } from '../store/inbox-deps';
import { listInboxEmails } from '../store/inbox-emails';
import { reprocessRecorded } from '../store/inbox-intake';

/** Mails one call reads at most (the API answers within its 29 s; call again for the rest). */
const MAX_PER_CALL = 20;
/** A mail PROCESSING for longer than this was left midway. */
const STUCK_MS = 15 * 60_000;

/**
 * Which mails `process` reads: RECEIVED and FAILED ones and those left PROCESSING; with forceProcess
 * the PROCESSED ones too (their documents are found again, not duplicated). Never an IGNORED one: a
 * mail that failed its checks is not read by a button (reprocess it one by one after fixing the rules).
 */
export function toProcess(emails: readonly InboxEmail[], force: boolean, now: Date): InboxEmail[] {
  return emails.filter(
    (e) =>
      e.status === 'RECEIVED' ||
      e.status === 'FAILED' ||
      (e.status === 'PROCESSING' && now.getTime() - Date.parse(e.updatedAt) > STUCK_MS) ||
      (force && e.status === 'PROCESSED'),
  );
}

export async function processInbox(deps: InboxDeps, companyId: string, force: boolean) {
  const candidates = toProcess(await listInboxEmails(deps, companyId), force, deps.now());
  const results: { inboxId: string; status: InboxEmail['status'] }[] = [];
  for (const email of candidates.slice(0, MAX_PER_CALL)) {
    const after = await reprocessRecorded(deps, email);
    results.push({ inboxId: after.inboxId, status: after.status });
  }
  return {
    processed: results.length,
    remaining: Math.max(0, candidates.length - results.length),
    emails: results,
  };
}

export const inboxProcessRoute = defineCompanyAction({
  query: ProcessInboxQuery,
  run: ({ scope, query }, deps: DocumentsDeps) =>
    processInbox(inboxDeps(deps), scope.companyId, query.forceProcess),
});
