/**
 * The journal's changes (spec part 2 §4, §5, §7): create and edit a manual entry, delete it, lock
 * and unlock. Each refreshes the company's books (journal, ledger, reports, period counts).
 */
import type { CreateEntryBody, JournalEntry, UpdateEntryBody } from '@shared/schemas/accounting';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { refreshAccounting } from './keys';

export type EntryCommand =
  | { kind: 'create'; body: CreateEntryBody }
  | { kind: 'update'; entryId: string; body: UpdateEntryBody }
  | { kind: 'delete'; entryId: string }
  | { kind: 'lock'; entryId: string }
  | { kind: 'unlock'; entryId: string };

export function runEntryCommand(
  c: EntryCommand,
  companyId: string | null,
): Promise<JournalEntry | undefined> {
  switch (c.kind) {
    case 'create':
      return apiRequest('accounting.createEntry', { body: c.body, companyId });
    case 'update':
      return apiRequest('accounting.updateEntry', {
        params: { entryId: c.entryId },
        body: c.body,
        companyId,
      });
    case 'delete':
      return apiRequest('accounting.deleteEntry', { params: { entryId: c.entryId }, companyId });
    case 'lock':
      return apiRequest('accounting.lockEntry', { params: { entryId: c.entryId }, companyId });
    case 'unlock':
      return apiRequest('accounting.unlockEntry', { params: { entryId: c.entryId }, companyId });
  }
}

export function useEntryCommand(companyId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (c: EntryCommand) => runEntryCommand(c, companyId),
    onSettled: () => refreshAccounting(queryClient, companyId),
  });
}
