import MailOutlined from '@ant-design/icons/MailOutlined';
import { AuthResult, AuthShell } from '@web/features/auth/components/auth-shell';
import { ResendVerification } from '@web/features/auth/components/resend-verification';
import { paths } from '@web/lib/paths';
import { Link, useSearchParams } from 'react-router-dom';

/** /auth/register-confirmation?email=: check your mailbox, with 'Reenviar email'. */
export default function RegisterConfirmationRoute() {
  const [searchParams] = useSearchParams();
  const email = searchParams.get('email')?.trim() || null;
  return (
    <AuthShell
      title="Revisa tu correo"
      footer={
        <>
          ¿Ya has verificado tu email? <Link to={paths.auth.login}>Iniciar sesión</Link>
        </>
      }
    >
      <AuthResult
        icon={<MailOutlined />}
        status="info"
        title="Tu cuenta está casi lista"
        description={
          <>
            <p style={{ margin: 0 }}>
              {email ? (
                <>
                  Hemos enviado un enlace de verificación a <strong>{email}</strong>.
                </>
              ) : (
                'Te hemos enviado un enlace de verificación a tu email.'
              )}{' '}
              Ábrelo para activar tu cuenta; es válido durante 24 horas.
            </p>
            <p style={{ margin: '12px 0 0' }}>
              Si no lo ves en unos minutos, revisa la carpeta de correo no deseado o pide que te lo
              reenviemos.
            </p>
          </>
        }
      />
      <div style={{ marginTop: 24 }}>
        <ResendVerification email={email} />
      </div>
    </AuthShell>
  );
}
