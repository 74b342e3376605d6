import { defineCompanyAction } from '@functions/platform/http';
import type { SiiSubmission } from '@shared/schemas/sii';
import { type ArchiveStore, isArchiveKeyOf, s3ArchiveStore } from '../store/archive';
import type { SiiDeps } from '../store/deps';
import { loadSubmission } from './get-submission';
import { requireSiiCompany, SiiSubmissionPath } from './sii-scope';

/**
 * Archived messages are shown up to this size each (an API answer stays well under API Gateway's
 * limit); a bigger one (thousands of records) is cut and flagged: the whole file stays in the archive.
 */
export const MAX_ARCHIVED_CHARS = 1_000_000;

export interface ArchivedMessage {
  /** The archive key (`<companyId>/<yyyy>/<mm>/<id>-request.xml`…). */
  key: string;
  contentType: string;
  /** The exact text sent or received (the SOAP envelope; a text note when no XML came back). */
  content: string;
  truncated: boolean;
}

export interface SiiSubmissionDetails {
  submission: SiiSubmission;
  request: ArchivedMessage | null;
  response: ArchivedMessage | null;
}

async function readArchived(
  store: ArchiveStore,
  companyId: string,
  key: string | null,
): Promise<ArchivedMessage | null> {
  // Only keys the archive built for this company are read (never a key of another tenant).
  if (!key || !isArchiveKeyOf(companyId, key)) return null;
  const object = await store.get(key);
  if (!object) return null;
  const text = new TextDecoder('utf-8').decode(object.body);
  const truncated = text.length > MAX_ARCHIVED_CHARS;
  return {
    key,
    contentType: object.contentType,
    content: truncated ? text.slice(0, MAX_ARCHIVED_CHARS) : text,
    truncated,
  };
}

/**
 * GET /sii/submissions/{submissionId}/details: the exchange with its per-record answers and the
 * archived SOAP request and response (the `sii-archive` bucket, store/archive.ts).
 */
export const getSubmissionDetailsRoute = defineCompanyAction({
  params: SiiSubmissionPath,
  run: async (
    { scope, params },
    deps: SiiDeps & { archive?: ArchiveStore },
  ): Promise<SiiSubmissionDetails> => {
    const companyId = scope.companyId;
    await requireSiiCompany(deps, companyId);
    const submission = await loadSubmission(deps, companyId, params.submissionId);
    const store = deps.archive ?? s3ArchiveStore(deps);
    const [request, response] = await Promise.all([
      readArchived(store, companyId, submission.archive?.request ?? null),
      readArchived(store, companyId, submission.archive?.response ?? null),
    ]);
    return { submission, request, response };
  },
});
