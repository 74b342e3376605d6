import { AuthShell } from '@web/features/auth/components/auth-shell';
import { RegisterForm } from '@web/features/auth/components/register-form';

export default function RegisterRoute() {
  return (
    <AuthShell
      title="Crear cuenta"
      subtitle="Gratis y sin tarjeta. Te enviaremos un email para verificar tu dirección."
      width={560}
    >
      <RegisterForm />
    </AuthShell>
  );
}
