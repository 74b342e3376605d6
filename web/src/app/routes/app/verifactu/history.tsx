import { SubmissionsHistory } from '@web/features/verifactu/components/submissions-history';

/** /app/verifactu/history */
export default function VerifactuHistoryRoute() {
  return <SubmissionsHistory />;
}
