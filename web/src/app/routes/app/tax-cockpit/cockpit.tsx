import { CockpitPage } from '@web/features/tax-cockpit/components/cockpit-page';

/** /app/tax/cockpit (GESTOR): one model and period across every client company. */
export default function TaxCockpitRoute() {
  return <CockpitPage />;
}
