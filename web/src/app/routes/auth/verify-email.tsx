import { AuthShell } from '@web/features/auth/components/auth-shell';
import { VerifyEmailStatus } from '@web/features/auth/components/verify-email-status';
import { useSearchParams } from 'react-router-dom';

export default function VerifyEmailRoute() {
  const [searchParams] = useSearchParams();
  return (
    <AuthShell title="Verificación de email">
      <VerifyEmailStatus token={searchParams.get('token')?.trim() ?? ''} />
    </AuthShell>
  );
}
