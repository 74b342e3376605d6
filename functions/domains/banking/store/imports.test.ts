import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeEach, describe, expect, it } from 'vitest';
import { N43ParseError } from '../model/n43/parse';
import { bankingHarness, COMPANY, USER } from '../testing/harness';
import { createAccount, getAccountItem, listAccountItems } from './accounts';
import { importN43File, lastImportAt, listImports } from './imports';
import { listMovements } from './movements';

const DATA = fileURLToPath(new URL('../../../../../shared/data/n43/', import.meta.url));
const file = (name: string) => new Uint8Array(readFileSync(`${DATA}${name}`));

const h = bankingHarness();
beforeEach(() => h.reset());

describe('importN43File', () => {
  it('creates the accounts of a multi-account file, their movements and balances', async () => {
    const r = await importN43File(h.deps, COMPANY, {
      fileName: 'testmulti.n43',
      bytes: file('oca_l10n_es_testmulti.n43'),
      importedBy: USER,
    });
    expect(r.accounts.map((a) => [a.iban, a.accountCreated, a.created, a.duplicates])).toEqual([
      ['ES8200000000000000000000', true, 3, 0],
      ['ES2610000000711000000000', true, 3, 0],
    ]);
    expect(r.accounts[0]).toMatchObject({
      fromDate: '2016-02-01',
      toDate: '2016-05-31',
      openingCents: 0,
      closingCents: 10196,
    });
    expect([r.created, r.duplicates]).toEqual([6, 0]);
    const accounts = await listAccountItems(h.deps, COMPANY);
    expect(accounts.map((a) => [a.balanceCents, a.balanceDate, a.movementCount, a.feed.n43])).toEqual([
      [10196, '2016-05-31', 3, true],
      [10196, '2016-05-31', 3, true],
    ]);
    expect(accounts.map((a) => a.alias).sort()).toEqual(['Cuenta ···0000', 'Cuenta ···0000']);
  });

  it('imports the same file twice: the second time everything is a duplicate', async () => {
    const input = { fileName: 'c43.txt', bytes: file('nantic_trytond_csb43_c43.txt'), importedBy: USER };
    const first = await importN43File(h.deps, COMPANY, input);
    const second = await importN43File(h.deps, COMPANY, input);
    expect([first.created, first.duplicates]).toEqual([22, 0]);
    expect([second.created, second.duplicates]).toEqual([0, 22]);
    expect(second.accounts[0]!.accountCreated).toBe(false);
    expect(second.sha256).toBe(first.sha256);
    const account = (await listAccountItems(h.deps, COMPANY))[0]!;
    expect(account).toMatchObject({
      iban: 'ES4820590060248000314221',
      balanceCents: 5381811,
      balanceDate: '2011-11-20',
      movementCount: 22,
      unreconciledCount: 22,
      lastMovementDate: '2011-11-20',
    });
    // Two identical highway tolls on 2011-11-19 are both kept.
    const day = await listMovements(h.deps, COMPANY, account.accountId, {
      from: '2011-11-19',
      to: '2011-11-19',
    });
    expect(day.items.map((m) => m.amountCents)).toEqual([-355, -355]);
    const all = await listMovements(h.deps, COMPANY, account.accountId);
    expect(all.items.reduce((s, m) => s + m.amountCents, 0)).toBe(5381811 - 5253044);

    const page = await listImports(h.deps, COMPANY, { limit: 1 });
    expect(page.items).toHaveLength(1);
    expect(page.nextCursor).not.toBeNull();
    const rest = await listImports(h.deps, COMPANY, { limit: 5, cursor: page.nextCursor ?? undefined });
    expect(rest.items).toHaveLength(1);
    expect(await lastImportAt(h.deps, COMPANY)).toBe(first.importedAt);
  });

  it('adds movements to an account created by hand with the same IBAN', async () => {
    const a = await createAccount(h.deps, COMPANY, {
      iban: 'ES0600815398730001414452',
      alias: 'Sabadell oficina',
    });
    const r = await importN43File(h.deps, COMPANY, {
      fileName: 'n43.txt',
      bytes: file('tryton_account_statement_aeb43_n43.txt'),
      importedBy: USER,
    });
    expect(r.accounts[0]).toMatchObject({
      accountId: a.accountId,
      alias: 'Sabadell oficina',
      accountCreated: false,
      created: 1,
    });
    const now = await getAccountItem(h.deps, COMPANY, a.accountId);
    expect([now?.balanceCents, now?.feed.n43]).toEqual([299402, true]);
  });

  it('writes nothing for an invalid file', async () => {
    await expect(
      importN43File(h.deps, COMPANY, {
        fileName: 'x.n43',
        bytes: file('sequra_norma43_parser_example1.n43'),
        importedBy: USER,
      }),
    ).rejects.toBeInstanceOf(N43ParseError);
    expect(h.table.writes).toHaveLength(0);
  });
});
