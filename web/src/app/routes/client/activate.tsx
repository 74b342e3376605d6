import { ActivationForm } from '@web/features/auth/components/activation-form';
import { AuthShell } from '@web/features/auth/components/auth-shell';
import { useSearchParams } from 'react-router-dom';

/** /client/activate?token=: an invited person sets up the account and enters the company. */
export default function ActivateRoute() {
  const [searchParams] = useSearchParams();
  return (
    <AuthShell
      title="Activa tu cuenta"
      subtitle="Te han invitado a Cuadra. Completa tus datos y elige una contraseña para entrar."
    >
      <ActivationForm token={searchParams.get('token')?.trim() ?? ''} />
    </AuthShell>
  );
}
