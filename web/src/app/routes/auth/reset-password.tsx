import { AuthShell } from '@web/features/auth/components/auth-shell';
import { ResetPasswordForm } from '@web/features/auth/components/reset-password-form';
import { useSearchParams } from 'react-router-dom';

export default function ResetPasswordRoute() {
  const [searchParams] = useSearchParams();
  return (
    <AuthShell title="Restablecer contraseña">
      <ResetPasswordForm token={searchParams.get('token')?.trim() ?? ''} />
    </AuthShell>
  );
}
