import CloseCircleOutlined from '@ant-design/icons/CloseCircleOutlined';
import LockOutlined from '@ant-design/icons/LockOutlined';
import { errorMessage } from '@web/lib/api-error';
import { paths } from '@web/lib/paths';
import { Alert, Button, Form, Input, Spin } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useResetPassword, useResetToken } from '../api/reset-password';
import { applyApiFieldErrors } from '../utils/api-field-errors';
import { confirmPasswordRules, newPasswordRules, PASSWORD_HINT } from '../utils/form-rules';
import { isLinkRefusal } from '../utils/link-refusal';
import { loginNoticeState } from '../utils/login-notice';
import { AuthResult } from './auth-shell';

export const INVALID_RESET_LINK = 'El enlace no es válido o ha caducado.';
export const PASSWORD_RESET_DONE = 'Tu contraseña se ha restablecido. Ya puedes iniciar sesión.';

interface ResetValues {
  newPassword: string;
  confirmPassword: string;
}

/**
 * /auth/reset-password?token=: checks the link (showing the account's masked e-mail), asks for the
 * new password twice, and on success goes to the login with a success message.
 */
export function ResetPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const [form] = Form.useForm<ResetValues>();
  const validation = useResetToken(token);
  const reset = useResetPassword();
  const [error, setError] = useState<string | null>(null);

  const linkDead =
    token === '' ||
    validation.data?.valid === false ||
    isLinkRefusal(validation.error) ||
    isLinkRefusal(reset.error);

  if (linkDead) {
    return (
      <AuthResult
        icon={<CloseCircleOutlined />}
        status="error"
        title={INVALID_RESET_LINK}
        description="Los enlaces para restablecer la contraseña son de un solo uso y caducan a la hora. Pide uno nuevo."
        actions={
          <Button type="primary" size="large" block onClick={() => navigate(paths.auth.forgotPassword)}>
            Solicitar un nuevo enlace
          </Button>
        }
      />
    );
  }

  if (validation.isPending) {
    return (
      <div role="status" style={{ textAlign: 'center', padding: '24px 0' }}>
        <Spin size="large" />
        <p style={{ margin: '16px 0 0' }}>Comprobando el enlace…</p>
      </div>
    );
  }

  if (validation.isError) {
    return (
      <AuthResult
        icon={<CloseCircleOutlined />}
        status="error"
        title="No hemos podido comprobar el enlace"
        description={errorMessage(validation.error)}
        actions={
          <Button type="primary" onClick={() => void validation.refetch()}>
            Reintentar
          </Button>
        }
      />
    );
  }

  const onFinish = ({ newPassword }: ResetValues) => {
    setError(null);
    reset.mutate(
      { token, newPassword },
      {
        onSuccess: (result) => {
          navigate(paths.auth.login, {
            replace: true,
            state: loginNoticeState({ type: 'success', message: result?.message || PASSWORD_RESET_DONE }),
          });
        },
        onError: (caught) => {
          if (isLinkRefusal(caught)) return; // rendered as the dead-link screen above
          if (!applyApiFieldErrors(form, caught, ['newPassword'])) setError(errorMessage(caught));
        },
      },
    );
  };

  return (
    <Form<ResetValues>
      form={form}
      name="reset-password"
      layout="vertical"
      requiredMark={false}
      noValidate
      onFinish={onFinish}
      onValuesChange={() => setError(null)}
      disabled={reset.isPending}
    >
      {validation.data.email ? (
        <p style={{ margin: '0 0 16px' }}>
          Cuenta: <strong>{validation.data.email}</strong>
        </p>
      ) : null}
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 24 }} /> : null}
      <Form.Item label="Nueva contraseña" name="newPassword" rules={newPasswordRules} extra={PASSWORD_HINT}>
        <Input.Password prefix={<LockOutlined />} autoComplete="new-password" autoFocus size="large" />
      </Form.Item>
      <Form.Item
        label="Repite la nueva contraseña"
        name="confirmPassword"
        dependencies={['newPassword']}
        rules={confirmPasswordRules('newPassword')}
      >
        <Input.Password prefix={<LockOutlined />} autoComplete="new-password" size="large" />
      </Form.Item>
      <Button type="primary" htmlType="submit" size="large" block loading={reset.isPending}>
        Cambiar contraseña
      </Button>
    </Form>
  );
}
