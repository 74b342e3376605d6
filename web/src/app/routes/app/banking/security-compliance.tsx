import { SecurityCompliancePage } from '@web/features/banking/security/compliance';

/** /app/banking/security/compliance-report. */
export default function SecurityComplianceRoute() {
  return <SecurityCompliancePage />;
}
