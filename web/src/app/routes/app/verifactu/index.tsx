import { VerifactuOverview } from '@web/features/verifactu/components/verifactu-overview';

/** /app/verifactu */
export default function VerifactuRoute() {
  return <VerifactuOverview />;
}
