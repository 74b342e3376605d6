import CheckCircleOutlined from '@ant-design/icons/CheckCircleOutlined';
import CloseCircleOutlined from '@ant-design/icons/CloseCircleOutlined';
import { errorMessage } from '@web/lib/api-error';
import { paths } from '@web/lib/paths';
import { Button, Spin } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useVerifyEmail } from '../api/verify-email';
import { isLinkRefusal } from '../utils/link-refusal';
import { loginNoticeState } from '../utils/login-notice';
import { AuthResult } from './auth-shell';
import { ResendVerification } from './resend-verification';

export const INVALID_VERIFICATION_LINK = 'El enlace no es válido o ha caducado.';

/** /auth/verify-email?token=: checks the link, confirms the account, says what happened. */
export function VerifyEmailStatus({ token }: { token: string }) {
  const navigate = useNavigate();
  const verification = useVerifyEmail(token);

  if (token === '' || verification.data?.status === 'invalid' || isLinkRefusal(verification.error)) {
    return (
      <>
        <AuthResult
          icon={<CloseCircleOutlined />}
          status="error"
          title={INVALID_VERIFICATION_LINK}
          description="Los enlaces de verificación son de un solo uso y caducan a las 24 horas. Si ya verificaste tu email, inicia sesión; si no, pide uno nuevo."
        />
        <div style={{ marginTop: 24 }}>
          <ResendVerification />
        </div>
      </>
    );
  }

  if (verification.isPending) {
    return (
      <div role="status" style={{ textAlign: 'center', padding: '24px 0' }}>
        <Spin size="large" />
        <p style={{ margin: '16px 0 0' }}>Verificando tu email…</p>
      </div>
    );
  }

  if (verification.isError) {
    return (
      <AuthResult
        icon={<CloseCircleOutlined />}
        status="error"
        title="No hemos podido verificar tu email"
        description={errorMessage(verification.error)}
        actions={
          <Button type="primary" onClick={() => void verification.refetch()}>
            Reintentar
          </Button>
        }
      />
    );
  }

  const message = verification.data.message;
  return (
    <AuthResult
      icon={<CheckCircleOutlined />}
      status="success"
      title="Email verificado"
      description={message}
      actions={
        <Button
          type="primary"
          size="large"
          block
          onClick={() =>
            navigate(paths.auth.login, { state: loginNoticeState({ type: 'success', message }) })
          }
        >
          Iniciar sesión
        </Button>
      }
    />
  );
}
