import { defineCompanyAction } from '@functions/platform/http';
import type { Page } from '@shared/api/envelope';
import { matchesSearch, paginate } from '@shared/api/listing';
import { EntryListQuery, type JournalEntry } from '@shared/schemas/accounting';
import type { AccountingDeps } from '../store/deps';
import { journalEntryView } from '../store/engine';
import { entriesBetween, ledgerLines } from '../store/queries';
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
