/**
 * Issue 19: the accounting consumer's BANK_POSTING, what an approved bank reconciliation wants in the
 * books for one movement (a fee, a difference, an account assignment), applied state-based: post,
 * change (reversal + new entry), remove (reversal only), repeated or older versions change nothing.
 */

import { postingSourceKey } from '@shared/db/keys/accounting';
import type { BankPostingMessage } from '@shared/schemas/reconciliation';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  accountingHarness,
  balancesFromLines,
  books,
  COMPANY,
  companyOf,
  workerCtx,
} from '../testing/harness';
import { processMessage } from './post-events';

const h = accountingHarness();

beforeEach(() => {
  h.reset();
  h.table.put(companyOf('SL'));
});

const post = (body: unknown) => processMessage(h.deps, body, workerCtx);

const message = (over: Partial<BankPostingMessage> = {}): BankPostingMessage => ({
  kind: 'BANK_POSTING',
  companyId: COMPANY,
  sourceKey: postingSourceKey.bankMovement('m20260305abcdef0123456789'),
  version: 1,
  date: '2026-03-05',
  description: 'Cuota de la Seguridad Social (TGSS)',
  lines: [
    { accountCode: '642', debitCents: 95_000, creditCents: 0 },
    { accountCode: '572', debitCents: 0, creditCents: 95_000 },
  ],
  ...over,
});

describe('post-events: BANK_POSTING', () => {
  it('posts the movement against the bank with source BANK_RECONCILIATION', async () => {
    expect(await post(message())).toBe('posted');
    const b = books(h);
    expect(b.entries).toHaveLength(1);
    expect(b.entries[0]).toMatchObject({
      source: 'BANK_RECONCILIATION',
      entryDate: '2026-03-05',
      description: 'Cuota de la Seguridad Social (TGSS)',
      totalDebitCents: 95_000,
      sourceKey: 'BNK#m20260305abcdef0123456789',
    });
    expect(balancesFromLines(b.lines)).toEqual({ '642': 95_000, '572': -95_000 });
  });

  it('a repeated or older version changes nothing', async () => {
    await post(message({ version: 2 }));
    expect(await post(message({ version: 2 }))).toBe('skipped');
    expect(await post(message({ version: 1, lines: [] }))).toBe('skipped');
    expect(books(h).entries).toHaveLength(1);
  });

  it('a change reverses what was posted and posts the new lines', async () => {
    await post(message());
    const changed = message({
      version: 2,
      lines: [
        { accountCode: '476', debitCents: 95_000, creditCents: 0 },
        { accountCode: '572', debitCents: 0, creditCents: 95_000 },
      ],
    });
    expect(await post(changed)).toBe('posted');
    const b = books(h);
    expect(b.entries).toHaveLength(3);
    expect(b.entries.filter((e) => e.reversalOf !== null)).toHaveLength(1);
    expect(balancesFromLines(b.lines)).toEqual({ '476': 95_000, '572': -95_000 });
  });

  it('empty lines remove it: only the reversal, the balances back to zero', async () => {
    await post(message());
    expect(await post(message({ version: 2, lines: [] }))).toBe('posted');
    const b = books(h);
    expect(b.entries).toHaveLength(2);
    expect(b.entries[1]).toMatchObject({ reversalOf: b.entries[0]!.entryId });
    expect(balancesFromLines(b.lines)).toEqual({});
  });

  it('refuses lines that do not balance, and drops a malformed message', async () => {
    const unbalanced = message({
      lines: [
        { accountCode: '626', debitCents: 500, creditCents: 0 },
        { accountCode: '572', debitCents: 0, creditCents: 400 },
      ],
    });
    expect(await post(unbalanced)).toBe('unbuildable');
    expect(await post({ ...message(), sourceKey: 'INV#x' })).toBe('ignored');
    expect(books(h).entries).toHaveLength(0);
  });

  it('posts nothing (and does not retry) to an account neither the chart nor the PGC has', async () => {
    const unknown = message({
      lines: [
        { accountCode: '6299999', debitCents: 500, creditCents: 0 },
        { accountCode: '572', debitCents: 0, creditCents: 500 },
      ],
    });
    expect(await post(unknown)).toBe('unbuildable');
    expect(books(h).entries).toHaveLength(0);
  });
});
