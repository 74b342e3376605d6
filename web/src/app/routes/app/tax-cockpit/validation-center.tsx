import { ValidationCenterPage } from '@web/features/tax-cockpit/components/validation-center-page';

/** /app/tax/validation-center: the selected company's VAT models of a year, checked together. */
export default function ValidationCenterRoute() {
  return <ValidationCenterPage />;
}
