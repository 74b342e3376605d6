import { CompanyRule } from '../../guards/company-rule';
import { CompanySessionGate } from '../../guards/company-session-gate';
import { AppLayout } from '../../layouts/app-layout';

/**
 * /app: the user's companies loaded and one selected, the company-selection rule, then the shell.
 * One lazy chunk, so the login page downloads none of it.
 */
export default function AppRoot() {
  return (
    <CompanySessionGate>
      <CompanyRule>
        <AppLayout />
      </CompanyRule>
    </CompanySessionGate>
  );
}
