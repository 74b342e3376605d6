import { Psd2Page } from '@web/features/banking/psd2/psd2-page';

/** /app/banking/accounts/psd2 and /app/psd2: Conexiones bancarias (PSD2). */
export default function Psd2Route() {
  return <Psd2Page />;
}
