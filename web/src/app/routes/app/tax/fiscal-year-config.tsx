import { FiscalYearConfig } from '@web/features/tax/components/fiscal-year-config';

/** /app/tax/fiscal-year-config */
export default function FiscalYearConfigRoute() {
  return <FiscalYearConfig />;
}
