import { OverduePage } from '@web/features/banking/treasury/overdue-page';

/** /app/banking/treasury/overdue: Cobros vencidos. */
export default function OverduePageRoute() {
  return <OverduePage />;
}
