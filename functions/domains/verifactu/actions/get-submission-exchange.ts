import { once } from '@functions/platform/aws/env';
import { binaryResponse, defineCompanyAction } from '@functions/platform/http';
import { AppError } from '@shared/api/errors';
import { type SubmissionAttempt, SubmissionExchangeQuery, SubmissionPath } from '@shared/schemas/verifactu';
import { type ArchiveStore, isArchiveKeyOf, s3ArchiveStore } from '../store/archive';
import type { VerifactuDeps } from '../store/deps';
import { loadSubmission } from './get-submission';

export const EXCHANGE_NOT_FOUND = 'El intercambio con la AEAT de ese intento no está archivado.';

const archiveStore = once(() => s3ArchiveStore());

/** The exchange id of an archived request key (`…/<exchangeId>-request.xml`). */
const exchangeIdOf = (key: string): string | null =>
  /\/([A-Za-z0-9_-]+)-request\.xml$/.exec(key)?.[1] ?? null;

/**
 * The history entry whose archived exchange `attempt` names: first the entry whose own exchange
 * has that id (a RegFactu message is archived under its attemptId, a ConsultaLR under its own id),
 * else the first archived entry of that attemptId (e.g. the ConsultaLR that resolved it).
 */
export function entryOfExchange(history: SubmissionAttempt[], attempt: string): SubmissionAttempt | null {
  const archived = history.filter((h) => h.archive?.request);
  return (
    archived.find((h) => exchangeIdOf(h.archive!.request) === attempt) ??
    archived.find((h) => h.attemptId === attempt) ??
    null
  );
}

/**
 * GET /verifactu/submissions/{submissionId}/exchange?attempt=<id>&part=request|response: the exact
 * SOAP envelope sent to the AEAT for that attempt, or the raw answer received (an XML file, or a
 * text with the HTTP status / transport outcome when no XML came), from the verifactu-archive
 * bucket. The key comes from the submission's own history (ids only), so the attempt must belong
 * to that submission of the scoped company; anything else is 404.
 */
export const getSubmissionExchangeRoute = defineCompanyAction({
  params: SubmissionPath,
  query: SubmissionExchangeQuery,
  run: async ({ scope, params, query }, deps: VerifactuDeps & { archive?: ArchiveStore }) => {
    const companyId = scope.companyId;
    const { submission } = await loadSubmission(deps, companyId, params.submissionId);
    const entry = entryOfExchange(submission.history ?? [], query.attempt);
    const key = entry?.archive?.[query.part];
    if (!key || !isArchiveKeyOf(companyId, key)) throw new AppError('CORE_006', EXCHANGE_NOT_FOUND);
    const object = await (deps.archive ?? archiveStore()).get(key);
    if (!object) throw new AppError('CORE_006', EXCHANGE_NOT_FOUND);
    const ext = key.endsWith('.xml') ? 'xml' : 'txt';
    return binaryResponse({
      contentType: ext === 'xml' ? 'application/xml; charset=utf-8' : 'text/plain; charset=utf-8',
      body: object.body,
      filename: `verifactu-${submission.invoiceNumber || params.submissionId}-${query.attempt}-${query.part}.${ext}`,
    });
  },
});
