import { SecurityOverviewPage } from '@web/features/banking/security/overview';

/** /app/banking/security: Seguridad bancaria. */
export default function SecurityRoute() {
  return <SecurityOverviewPage />;
}
