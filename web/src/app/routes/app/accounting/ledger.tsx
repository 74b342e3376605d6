import { LedgerPage } from '@web/features/accounting/components/ledger-page';
import { useParams } from 'react-router-dom';
import { AccountingPlanGate } from './plan-gate';

/** /app/accounting/ledger and /app/accounting/ledger/:accountId: 'Libro mayor'. */
export default function LedgerRoute() {
  const { accountId } = useParams();
  return (
    <AccountingPlanGate>
      <LedgerPage accountId={accountId} />
    </AccountingPlanGate>
  );
}
