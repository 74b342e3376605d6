import { AnnualReturnsPage } from '@web/features/tax-models/components/annual-returns-page';

/** /app/tax/annual-returns */
export default function AnnualReturnsRoute() {
  return <AnnualReturnsPage />;
}
