import { BankAccountsPage } from '@web/features/banking/accounts/accounts-page';

/** /app/banking/accounts and /app/bank-accounts: Cuentas bancarias. */
export default function BankAccountsRoute() {
  return <BankAccountsPage />;
}
