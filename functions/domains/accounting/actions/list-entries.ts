import { defineCompanyAction } from '@functions/platform/http';
import type { Page } from '@shared/api/envelope';
import { matchesSearch, paginate } from '@shared/api/listing';
import { EntryListQuery, type JournalEntry } from '@shared/schemas/accounting';
import type { AccountingDeps } from '../store/deps';
import { journalEntryView } from '../store/engine';
import { entriesBetween, entriesByIds, ledgerLines } from '../store/queries';
import { readScope } from './report-scope';

/**
 * GET accounting/entries?fromDate=&toDate=&accountId=&onlyUnlocked=&source=&search=&page=&size=: the
 * journal, newest first (gsi1 by date and number); `accountId` keeps the entries with a line on the
 * account (its ledger lines in the same dates); `search` looks in the description, the number and the
 * lines' accounts.
 */
export const listEntriesRoute = defineCompanyAction({
  query: EntryListQuery,
  run: async ({ auth, scope, query }, deps: AccountingDeps): Promise<Page<JournalEntry>> => {
    const settings = await readScope(deps, auth, scope.companyId);
    const range = { fromDate: query.fromDate, toDate: query.toDate };
    // No filter but the dates (the journal as it opens): read only the keys of the range (a few bytes
    // per entry, so a year of 100,000 entries is a few Query pages) and then the page's entries.
    const filtered = query.accountId || query.onlyUnlocked || query.source || query.search;
    if (!filtered) {
      const heads = await entriesBetween(deps, scope.companyId, range, { newestFirst: true, keysOnly: true });
      const page = paginate(heads, query.page, query.size);
      const items = await entriesByIds(
        deps,
        scope.companyId,
        page.content.map((e) => e.entryId),
      );
      return { ...page, content: items.map((e) => journalEntryView(e, settings.closedThrough)) };
    }
    const [entries, onAccount] = await Promise.all([
      entriesBetween(deps, scope.companyId, range, { newestFirst: true }),
      query.accountId
        ? ledgerLines(deps, scope.companyId, query.accountId, range).then(
            (ls) => new Set(ls.map((l) => l.entryId)),
          )
        : Promise.resolve(null),
    ]);
    const kept = entries
      .filter((e) => !onAccount || onAccount.has(e.entryId))
      .filter((e) => !query.onlyUnlocked || !e.locked)
      .filter((e) => !query.source || e.source === query.source)
      .filter((e) =>
        matchesSearch(
          query.search,
          e.description,
          String(e.entryNumber),
          e.document?.documentNumber ?? undefined,
          ...e.lines.flatMap((l) => [l.accountCode, l.accountName]),
        ),
      );
    const page = paginate(kept, query.page, query.size);
    return { ...page, content: page.content.map((e) => journalEntryView(e, settings.closedThrough)) };
  },
});
