import type { VerifactuDashboard } from '@shared/schemas/verifactu';
import { Alert } from 'antd';
import { obligationMessage } from '../utils/obligation';

/** When VeriFacTu becomes mandatory for the company and what that means for its invoicing now. */
export function ObligationNotice({
  dashboard,
}: {
  dashboard: Pick<VerifactuDashboard, 'obligation' | 'sending'> | null | undefined;
}) {
  const message = obligationMessage(dashboard?.obligation, dashboard?.sending);
  if (!message) return null;
  return <Alert type={message.type} showIcon title={message.text} role="note" />;
}
