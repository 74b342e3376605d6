import { defineCompanyAction } from '@functions/platform/http';
import { type BankAccount, CreateBankAccountBody } from '@shared/schemas/banking';
import { accountView, createAccount } from '../store/accounts';
import type { BankingDeps } from '../store/deps';

/**
 * POST banking/accounts: a bank account by IBAN (validated; the bank's name from the Banco de España
 * register). The IBAN is claimed in the same transaction: a second account with it answers
 * BANK_CONFLICT 'Ya existe una cuenta con este IBAN'.
 */
export const createAccountRoute = defineCompanyAction({
  body: CreateBankAccountBody,
  status: 201,
  run: async ({ scope, body }, deps: BankingDeps): Promise<BankAccount> =>
    accountView(
      await createAccount(deps, scope.companyId, {
        iban: body.iban,
        alias: body.alias,
        holderName: body.holderName ?? null,
        bic: body.bic ?? null,
        currency: body.currency,
        accountingAccountCode: body.accountingAccountCode,
      }),
    ),
});
