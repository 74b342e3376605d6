import { BankAccountDetailPage } from '@web/features/banking/accounts/account-detail-page';

/** /app/banking/accounts/:accountId: a bank account and its movements. */
export default function BankAccountDetailRoute() {
  return <BankAccountDetailPage />;
}
