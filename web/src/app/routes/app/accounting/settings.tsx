import { SettingsPage } from '@web/features/accounting/components/settings-page';
import { AccountingPlanGate } from './plan-gate';

/** /app/accounting/settings: Configuración contable. */
export default function SettingsPageRoute() {
  return (
    <AccountingPlanGate>
      <SettingsPage />
    </AccountingPlanGate>
  );
}
