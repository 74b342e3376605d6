import { defineCompanyAction } from '@functions/platform/http';
import { verifyChain } from '@shared/fiscal/verifactu-record';
import type { ChainVerification, VerifactuRecord } from '@shared/schemas/verifactu';
import type { VerifactuDeps } from '../store/deps';
import { listChainPage, readChainHead } from '../store/records';

/** Records read per Query: a page of the chain is verified and dropped before the next is read. */
export const CHAIN_PAGE_SIZE = 250;

type Break = ChainVerification['breaks'][number];

/**
 * Recomputes every huella and every link of the company's chain (RD 1007/2023 art. 8: integrity
 * and traceability of the records), page by page in seq order: each page is verified together with
 * the last record of the page before, so links across pages are checked and memory stays one page.
 * Finally the chain head must name the last record (its seq and huella): a head ahead of the records
 * means records are missing at the end (SEQUENCE_GAP), a different huella a forged head (LINK_MISMATCH).
 */
export async function verifyCompanyChain(deps: VerifactuDeps, companyId: string): Promise<ChainVerification> {
  const breaks: Break[] = [];
  let count = 0;
  let previous: VerifactuRecord | null = null;
  let afterSeq = 0;
  for (;;) {
    const page = await listChainPage(deps.db, deps.table, companyId, afterSeq, CHAIN_PAGE_SIZE);
    if (page.records.length > 0) {
      const carried = previous;
      const result = verifyChain(carried ? [carried, ...page.records] : page.records);
      // The carried-over record was judged with its own page; here it only anchors the first link.
      breaks.push(...(carried ? result.breaks.filter((b) => b.seq !== carried.seq) : result.breaks));
      count += page.records.length;
      previous = page.records.at(-1)!;
    }
    if (page.nextAfterSeq === null) break;
    afterSeq = page.nextAfterSeq;
  }
  const head = await readChainHead(deps.db, deps.table, companyId);
  const last = previous;
  if (head && (!last || head.seq > last.seq)) {
    breaks.push({ seq: head.seq, recordId: `${companyId}-${head.seq}`, reason: 'SEQUENCE_GAP' });
  } else if (last && (!head || head.seq !== last.seq || head.huella !== last.huella)) {
    breaks.push({ seq: last.seq, recordId: last.recordId, reason: 'LINK_MISMATCH' });
  }
  return { records: count, breaks, headSeq: head?.seq ?? null, verifiedAt: deps.now().toISOString() };
}

/** GET /verifactu/chain/verification (company from x-company-id): readers with VIEW_TAX_DOCUMENTS. */
export const verifyChainRoute = defineCompanyAction({
  run: ({ scope }, deps: VerifactuDeps) => {
    return verifyCompanyChain(deps, scope.companyId);
  },
});
