import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { AppError } from '@shared/api/errors';
import {
  type BankAccount,
  type BankingOverview,
  type BankMovement,
  CreateBankAccountBody,
  type IbanInfo,
  ImportN43Body,
  MovementListQuery,
  type MovementPage,
  type N43ImportResult,
} from '@shared/schemas/banking';
import { beforeEach, describe, expect, it } from 'vitest';
import { actionCaller, bankingHarness } from '../testing/harness';
import { createAccountRoute } from './create-account';
import { getMovementRoute } from './get-movement';
import { importN43Route } from './import-n43';
import { listMovementsRoute } from './list-movements';
import { overviewRoute } from './overview';
import { validateIbanRoute } from './validate-iban';

const DATA = fileURLToPath(new URL('../../../../../shared/data/n43/', import.meta.url));
const base64 = (name: string) => readFileSync(`${DATA}${name}`).toString('base64');

const h = bankingHarness();
beforeEach(() => h.reset());
const caller = actionCaller();
const none = { params: undefined, query: undefined, body: undefined };

/** Actions answer `unknown` to the pipeline; the tests read what each one declares. */
const as = async <T>(p: Promise<unknown>): Promise<T> => (await p) as T;

const importFile = (name: string) =>
  as<N43ImportResult>(
    importN43Route.run(
      { ...caller, ...none, body: ImportN43Body.parse({ fileName: name, contentBase64: base64(name) }) },
      h.deps,
    ),
  );

describe('banking actions', () => {
  it('importN43 answers BANK_FILE_INVALID with the line and reason of a malformed file', async () => {
    const e = await importFile('sequra_norma43_parser_example2.n43').catch((x: unknown) => x);
    expect(e).toBeInstanceOf(AppError);
    expect(e).toMatchObject({
      code: 'BANK_FILE_INVALID',
      details: { line: 13, reason: 'Falta el registro 33 de final de la cuenta que empieza en la línea 1.' },
    });
  });

  it('imports a file, then the overview and the movement list show it', async () => {
    const r = await importFile('nantic_trytond_csb43_c43.txt');
    expect(r.created).toBe(22);
    const o = await as<BankingOverview>(overviewRoute.run({ ...caller, ...none }, h.deps));
    expect(o).toMatchObject({
      totalBalanceCents: 5381811,
      unreconciledCount: 22,
      lastImportAt: r.importedAt,
    });
    expect(o.recentMovements).toHaveLength(10);
    expect(o.recentMovements[0]!.bookingDate).toBe('2011-11-20');

    const accountId = r.accounts[0]!.accountId;
    const page = await as<MovementPage>(
      listMovementsRoute.run(
        { ...caller, ...none, query: MovementListQuery.parse({ accountId, sign: 'IN', limit: '10' }) },
        h.deps,
      ),
    );
    // Credits of the file, newest booking date first.
    expect(page.items.map((m) => m.bookingDate)).toEqual([
      '2011-11-17',
      '2011-11-15',
      '2011-11-14',
      '2011-11-14',
    ]);
    expect(page.items.reduce((s, m) => s + m.amountCents, 0)).toBe(203616);
    expect(page.items[0]!.commonConceptLabel).toBe('Giros / transferencias / traspasos / cheques');

    const one = await as<BankMovement>(
      getMovementRoute.run(
        { ...caller, ...none, params: { accountId, movementId: page.items[0]!.movementId } },
        h.deps,
      ),
    );
    expect(one.movementId).toBe(page.items[0]!.movementId);
    await expect(
      getMovementRoute.run(
        { ...caller, ...none, params: { accountId, movementId: 'm20111120aaaaaaaaaaaaaaaa' } },
        h.deps,
      ),
    ).rejects.toMatchObject({ code: 'CORE_006' });
  });

  it('validateIban names the bank, createAccount refuses a taken IBAN', async () => {
    const info = await as<IbanInfo>(
      validateIbanRoute.run(
        { ...caller, ...none, params: { iban: 'ES91 2100 0418 4502 0005 1332' } },
        h.deps,
      ),
    );
    expect(info).toMatchObject({ valid: true, bankName: 'CaixaBank', iban: 'ES9121000418450200051332' });
    const body = CreateBankAccountBody.parse({ iban: 'ES9121000418450200051332' });
    const created = await as<BankAccount>(createAccountRoute.run({ ...caller, ...none, body }, h.deps));
    expect(created.accountingAccountCode).toBe('572');
    await expect(createAccountRoute.run({ ...caller, ...none, body }, h.deps)).rejects.toMatchObject({
      code: 'BANK_CONFLICT',
    });
  });

  it('validates the request bodies', () => {
    expect(CreateBankAccountBody.safeParse({ iban: 'ES91', accountingAccountCode: '430' }).success).toBe(
      false,
    );
    expect(ImportN43Body.safeParse({ fileName: 'a.n43', contentBase64: 'no base64!' }).success).toBe(false);
    expect(
      MovementListQuery.safeParse({ accountId: 'a', from: '2026-03-10', to: '2026-03-01' }).success,
    ).toBe(false);
  });
});
