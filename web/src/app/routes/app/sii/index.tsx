import { SiiDashboard } from '@web/features/sii/components/sii-dashboard';

/** /app/tax/sii */
export default function SiiRoute() {
  return <SiiDashboard />;
}
