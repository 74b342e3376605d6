import { AuthShell } from '@web/features/auth/components/auth-shell';
import { ForgotPasswordForm } from '@web/features/auth/components/forgot-password-form';

export default function ForgotPasswordRoute() {
  return (
    <AuthShell
      title="¿Has olvidado tu contraseña?"
      subtitle="Escribe el email de tu cuenta y te enviaremos un enlace para elegir una contraseña nueva."
    >
      <ForgotPasswordForm />
    </AuthShell>
  );
}
