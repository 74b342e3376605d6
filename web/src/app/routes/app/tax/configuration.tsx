import { TaxConfigurationPage } from '@web/features/tax/components/tax-configuration';

/** /app/tax/configuration */
export default function TaxConfigurationRoute() {
  return <TaxConfigurationPage />;
}
