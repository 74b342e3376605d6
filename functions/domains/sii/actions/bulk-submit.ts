import { defineCompanyAction } from '@functions/platform/http';
import { type SiiBook, SiiBulkSubmitBody } from '@shared/schemas/sii';
import type { StoredSiiEntry } from '../model/entry-rules';
import type { SiiDeps } from '../store/deps';
import { entriesInStates, entriesOfInvoice } from '../store/queries';
import { requireSiiCompany } from './sii-scope';
import { submitEntries, wakeCompanySender } from './submit-invoice';

/** What a bulk 'Enviar' takes when no invoice is named: the waiting and the failed records. */
export const BULK_STATES = ['NOT_SENT', 'ERROR'] as const;

/** Moves run this many at a time (each is one small transaction). */
const PARALLEL = 10;

export interface SiiBulkSubmitResult {
  /** Records considered. */
  considered: number;
  /** Queued by this request. */
  queued: number;
  /** Already queued or in flight. */
  alreadyPending: number;
  /** Left as they are, with the reason (accepted, held, needing a correction…). */
  skipped: { entryId: string; documentNumber: string; reason: string }[];
  /** Invoice ids without any SII record. */
  notFound: string[];
}

async function entriesOf(
  deps: SiiDeps,
  companyId: string,
  body: SiiBulkSubmitBody,
): Promise<{ entries: StoredSiiEntry[]; notFound: string[] }> {
  const inBook = (b: SiiBook) => !body.book || b === body.book;
  if (!body.invoiceIds) {
    const entries = await entriesInStates(deps, companyId, BULK_STATES, body.book);
    // An entry withdrawn before the AEAT ever held it stays NOT_SENT with nothing due: not asked.
    return { entries: entries.filter((e) => e.pendingOperation !== null || !e.withdrawn), notFound: [] };
  }
  const ids = [...new Set(body.invoiceIds)];
  const found = await Promise.all(ids.map((id) => entriesOfInvoice(deps, companyId, id)));
  return {
    entries: found.flat().filter((e) => inBook(e.book)),
    notFound: ids.filter((_, i) => found[i]!.length === 0),
  };
}

/**
 * POST /sii/submit/bulk: 'Enviar' for these invoices (`invoiceIds`, their records of every book or
 * of `book`), or, without invoices, for every NOT_SENT and ERROR record (of `book`). Answers what
 * happened to each; wakes the sender once.
 */
export const bulkSubmitRoute = defineCompanyAction({
  body: SiiBulkSubmitBody,
  run: async ({ auth, scope, body, log }, deps: SiiDeps): Promise<SiiBulkSubmitResult> => {
    const companyId = scope.companyId;
    await requireSiiCompany(deps, companyId);
    const { entries, notFound } = await entriesOf(deps, companyId, body);
    const outcomes = [];
    for (let i = 0; i < entries.length; i += PARALLEL) {
      const chunk = entries.slice(i, i + PARALLEL);
      outcomes.push(...(await Promise.all(chunk.map((e) => submitEntries(deps, [e], auth.userId)))).flat());
    }
    const queued = outcomes.filter((o) => o.queued).length;
    if (queued > 0) await wakeCompanySender(deps, companyId, log);
    return {
      considered: outcomes.length,
      queued,
      alreadyPending: outcomes.filter((o) => !o.queued && (o.status === 'QUEUED' || o.status === 'SENT'))
        .length,
      skipped: outcomes
        .filter((o) => !o.queued && o.status !== 'QUEUED' && o.status !== 'SENT')
        .map((o) => ({ entryId: o.entryId, documentNumber: o.documentNumber, reason: o.reason ?? '' })),
      notFound,
    };
  },
});
