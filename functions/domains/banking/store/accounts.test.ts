import { AppError } from '@shared/api/errors';
import { beforeEach, describe, expect, it } from 'vitest';
import { spanishIbanOf } from '../model/iban-banks';
import { bankingHarness, COMPANY } from '../testing/harness';
import {
  createAccount,
  deleteAccount,
  ensureAccountByIban,
  getAccountItem,
  listAccountItems,
  updateAccount,
  updateAccountBalance,
} from './accounts';
import { insertMovements, type NewMovement } from './movements';

const h = bankingHarness();
beforeEach(() => h.reset());

const IBAN = 'ES9121000418450200051332';

async function codeOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (e) {
    if (e instanceof AppError) return e.code;
    throw e;
  }
  return 'none';
}

const movement = (over: Partial<NewMovement> = {}): NewMovement => ({
  bookingDate: '2026-03-02',
  valueDate: '2026-03-02',
  amountCents: -1500,
  currency: 'EUR',
  commonConcept: '17',
  ownConcept: null,
  documentNumber: null,
  reference1: null,
  reference2: null,
  conceptLines: ['2301COMISION'],
  description: 'COMISION',
  counterpartyName: null,
  counterpartyIban: null,
  counterpartyNif: null,
  endToEndId: null,
  mandateId: null,
  fingerprint: 'fp-1',
  ...over,
});

describe('bank accounts', () => {
  it('creates an account with its bank and default alias, and claims its IBAN', async () => {
    const a = await createAccount(h.deps, COMPANY, { iban: 'es91 2100 0418 4502 0005 1332' });
    expect(a).toMatchObject({
      iban: IBAN,
      bankCode: '2100',
      bankName: 'CaixaBank',
      alias: 'CaixaBank ···1332',
      accountingAccountCode: '572',
      balanceCents: 0,
      active: true,
    });
    expect(h.table.all('BankAccountIbanClaim')).toHaveLength(1);
    expect(await listAccountItems(h.deps, COMPANY)).toHaveLength(1);
  });

  it('refuses an invalid IBAN and a second account with the same IBAN', async () => {
    expect(await codeOf(createAccount(h.deps, COMPANY, { iban: 'ES9121000418450200051333' }))).toBe(
      'CORE_004',
    );
    await createAccount(h.deps, COMPANY, { iban: IBAN });
    const second = createAccount(h.deps, COMPANY, { iban: IBAN, alias: 'Otra' });
    await expect(second).rejects.toMatchObject({
      code: 'BANK_CONFLICT',
      message: 'Ya existe una cuenta con este IBAN',
    });
    expect(h.table.all('BankAccount')).toHaveLength(1);
  });

  it('keeps one account per IBAN per company, not across companies', async () => {
    await createAccount(h.deps, COMPANY, { iban: IBAN });
    await createAccount(h.deps, 'co-other', { iban: IBAN });
    expect(await listAccountItems(h.deps, COMPANY)).toHaveLength(1);
    expect(await listAccountItems(h.deps, 'co-other')).toHaveLength(1);
  });

  it('ensureAccountByIban finds the existing account or creates one', async () => {
    const first = await ensureAccountByIban(h.deps, COMPANY, {
      iban: IBAN,
      holderName: 'X SL',
      currency: 'EUR',
    });
    const again = await ensureAccountByIban(h.deps, COMPANY, {
      iban: IBAN,
      holderName: 'X SL',
      currency: 'EUR',
    });
    expect([first.created, again.created]).toEqual([true, false]);
    expect(again.account.accountId).toBe(first.account.accountId);
  });

  it('updates alias, accounting account and active; 404 for an unknown account', async () => {
    const a = await createAccount(h.deps, COMPANY, { iban: IBAN });
    const u = await updateAccount(h.deps, COMPANY, a.accountId, {
      alias: 'Cuenta principal',
      accountingAccountCode: '5720001',
      active: false,
    });
    expect([u.alias, u.accountingAccountCode, u.active]).toEqual(['Cuenta principal', '5720001', false]);
    expect(await codeOf(updateAccount(h.deps, COMPANY, 'nope', { alias: 'x' }))).toBe('CORE_006');
  });

  it('deletes an account without movements (and frees its IBAN) but not one with movements', async () => {
    const a = await createAccount(h.deps, COMPANY, { iban: IBAN });
    await deleteAccount(h.deps, COMPANY, a.accountId);
    expect(h.table.all('BankAccount')).toHaveLength(0);
    expect(h.table.all('BankAccountIbanClaim')).toHaveLength(0);

    const b = await createAccount(h.deps, COMPANY, { iban: IBAN });
    await insertMovements(h.deps, COMPANY, b.accountId, [movement()], 'N43', 'imp-1');
    expect(await codeOf(deleteAccount(h.deps, COMPANY, b.accountId))).toBe('BANK_CONFLICT');
    expect(await codeOf(deleteAccount(h.deps, COMPANY, 'nope'))).toBe('CORE_006');
  });

  it('moves the balance forward in date only', async () => {
    const a = await createAccount(h.deps, COMPANY, { iban: spanishIbanOf('0049', '1500', '0512345678') });
    expect(a.bankName).toBe('Banco Santander');
    expect(await updateAccountBalance(h.deps, COMPANY, a.accountId, 100_00, '2026-03-31')).toBe(true);
    expect(await updateAccountBalance(h.deps, COMPANY, a.accountId, 50_00, '2026-02-28')).toBe(false);
    expect(await updateAccountBalance(h.deps, COMPANY, a.accountId, 120_00, '2026-03-31')).toBe(true);
    const now = await getAccountItem(h.deps, COMPANY, a.accountId);
    expect([now?.balanceCents, now?.balanceDate]).toEqual([120_00, '2026-03-31']);
  });
});
