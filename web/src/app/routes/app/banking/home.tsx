import { BankingHomePage } from '@web/features/banking/accounts/home-page';

/** /app/banking: Resumen bancario. */
export default function BankingHomeRoute() {
  return <BankingHomePage />;
}
