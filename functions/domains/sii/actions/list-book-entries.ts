import { defineCompanyAction } from '@functions/platform/http';
import type { Page } from '@shared/api/envelope';
import { matchesSearch, paginate, sortBy } from '@shared/api/listing';
import { parseSort } from '@shared/schemas/common';
import { SiiBookQuery } from '@shared/schemas/sii';
import type { SiiDeps } from '../store/deps';
import { entriesOfPeriod } from '../store/queries';
import { entryRow, invalidPeriod, requireSiiCompany, SiiBookPath, type SiiEntryRow } from './sii-scope';

const SORTS = ['issueDate', 'documentNumber', 'deadline', 'status', 'totalCents', 'updatedAt'] as const;

/**
 * GET /sii/books/{book}?year=&period=&status=&search=&sort=&page=&size=: the records of one book
 * for a year (and a period: '01'–'12', '0A' for the annual BI book), newest document first unless
 * sorted otherwise; `search` looks in the number and the counterparty.
 */
export const listBookEntriesRoute = defineCompanyAction({
  params: SiiBookPath,
  query: SiiBookQuery,
  run: async ({ scope, params, query }, deps: SiiDeps): Promise<Page<SiiEntryRow>> => {
    await requireSiiCompany(deps, scope.companyId);
    if (query.period === '0A' && params.book !== 'BI')
      throw invalidPeriod('El periodo anual (0A) solo existe en el libro de bienes de inversión.', 'period');
    const sort = parseSort(query.sort, SORTS, { field: 'issueDate', dir: 'desc' });
    const entries = (await entriesOfPeriod(deps, scope.companyId, params.book, query.year, query.period))
      .filter((e) => !query.status || e.status === query.status)
      .filter((e) =>
        matchesSearch(
          query.search,
          e.documentNumber,
          e.counterpartyName ?? undefined,
          e.counterpartyTaxId ?? undefined,
        ),
      )
      .map(entryRow);
    const key = (e: SiiEntryRow): string =>
      sort.field === 'totalCents' ? String(e.totalCents + 1e15).padStart(17, '0') : String(e[sort.field]);
    return paginate(sortBy(entries, key, sort.dir), query.page, query.size);
  },
});
