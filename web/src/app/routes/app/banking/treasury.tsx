import { TreasuryPage } from '@web/features/banking/treasury/treasury-page';

/** /app/banking/treasury: Tesorería. */
export default function TreasuryPageRoute() {
  return <TreasuryPage />;
}
