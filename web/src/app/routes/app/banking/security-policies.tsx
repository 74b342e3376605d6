import { SecurityPoliciesPage } from '@web/features/banking/security/policies';

/** /app/banking/security/policies. */
export default function SecurityPoliciesRoute() {
  return <SecurityPoliciesPage />;
}
