import CloseCircleOutlined from '@ant-design/icons/CloseCircleOutlined';
import LockOutlined from '@ant-design/icons/LockOutlined';
import { errorMessage, isApiError } from '@web/lib/api-error';
import { useAuth } from '@web/lib/auth';
import { paths } from '@web/lib/paths';
import { Alert, Button, Col, Form, Input, Row, Spin } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useActivateAccount, useActivation } from '../api/activation';
import { applyApiFieldErrors } from '../utils/api-field-errors';
import { confirmPasswordRules, newPasswordRules, PASSWORD_HINT } from '../utils/form-rules';
import { isLinkRefusal } from '../utils/link-refusal';
import { loginErrorMessage } from '../utils/login-error-message';
import { AuthResult } from './auth-shell';

export const INVALID_INVITATION = 'La invitación no es válida o ha caducado.';

interface ActivationValues {
  firstName: string;
  lastName: string;
  password: string;
  confirmPassword: string;
}

/**
 * /client/activate?token=: the invitation's company and (masked) e-mail, the person's name and a
 * password; the account is created (POST auth/activation), then signed in with the auth provider
 * and taken to the dashboard.
 */
export function ActivationForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const { signIn } = useAuth();
  const [form] = Form.useForm<ActivationValues>();
  const invitation = useActivation(token);
  const activation = useActivateAccount();
  const [signingIn, setSigningIn] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** Activated, but the automatic sign-in failed: the user signs in by hand. */
  const [signInFailure, setSignInFailure] = useState<string | null>(null);

  const refusal = isLinkRefusal(activation.error) ? activation.error : null;
  if (token === '' || invitation.data?.valid === false || isLinkRefusal(invitation.error) || refusal) {
    return (
      <AuthResult
        icon={<CloseCircleOutlined />}
        status="error"
        title={refusal && isApiError(refusal) ? refusal.message : INVALID_INVITATION}
        description={
          refusal
            ? undefined
            : 'Las invitaciones son de un solo uso y caducan a los 7 días. Pide a quien te invitó que te envíe una nueva. Si ya activaste tu cuenta, inicia sesión.'
        }
        actions={
          <Button type="primary" size="large" block onClick={() => navigate(paths.auth.login)}>
            Iniciar sesión
          </Button>
        }
      />
    );
  }

  if (signInFailure) {
    return (
      <AuthResult
        icon={<LockOutlined />}
        status="info"
        title="Tu cuenta está activada"
        description={`No hemos podido iniciar tu sesión automáticamente: ${signInFailure} Inicia sesión con tu email y la contraseña que acabas de elegir.`}
        actions={
          <Button type="primary" size="large" block onClick={() => navigate(paths.auth.login)}>
            Iniciar sesión
          </Button>
        }
      />
    );
  }

  if (invitation.isPending) {
    return (
      <div role="status" style={{ textAlign: 'center', padding: '24px 0' }}>
        <Spin size="large" />
        <p style={{ margin: '16px 0 0' }}>Comprobando la invitación…</p>
      </div>
    );
  }

  if (invitation.isError) {
    return (
      <AuthResult
        icon={<CloseCircleOutlined />}
        status="error"
        title="No hemos podido comprobar la invitación"
        description={errorMessage(invitation.error)}
        actions={
          <Button type="primary" onClick={() => void invitation.refetch()}>
            Reintentar
          </Button>
        }
      />
    );
  }

  const details = invitation.data;
  const onFinish = ({ firstName, lastName, password }: ActivationValues) => {
    setError(null);
    activation.mutate(
      { token, password, firstName: firstName.trim(), lastName: lastName.trim() },
      {
        onSuccess: async (result) => {
          setSigningIn(true);
          try {
            await signIn({ email: result.email, password, remember: true });
            navigate(paths.app.dashboard, { replace: true });
          } catch (caught) {
            setSignInFailure(loginErrorMessage(caught));
          } finally {
            setSigningIn(false);
          }
        },
        onError: (caught) => {
          if (isLinkRefusal(caught)) return; // rendered as the dead-link screen above
          if (!applyApiFieldErrors(form, caught, ['firstName', 'lastName', 'password'])) {
            setError(errorMessage(caught));
          }
        },
      },
    );
  };
  const busy = activation.isPending || signingIn;

  return (
    <Form<ActivationValues>
      form={form}
      name="activate"
      layout="vertical"
      requiredMark={false}
      noValidate
      initialValues={{ firstName: details.firstName ?? '', lastName: details.lastName ?? '' }}
      onFinish={onFinish}
      onValuesChange={() => setError(null)}
      disabled={busy}
    >
      <div
        style={{ margin: '0 0 24px', padding: 16, background: '#eff4ff', borderRadius: 8, lineHeight: 1.6 }}
      >
        <div>
          Empresa: <strong>{details.companyName}</strong>
        </div>
        {details.email ? (
          <div>
            Email: <strong>{details.email}</strong>
          </div>
        ) : null}
      </div>
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 24 }} /> : null}
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item
            label="Nombre"
            name="firstName"
            rules={[
              { required: true, whitespace: true, message: 'El nombre es obligatorio.' },
              { max: 100, message: 'El nombre no puede superar 100 caracteres.' },
            ]}
          >
            <Input autoComplete="given-name" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            label="Apellidos"
            name="lastName"
            rules={[
              { required: true, whitespace: true, message: 'El apellido es obligatorio.' },
              { max: 100, message: 'El apellido no puede superar 100 caracteres.' },
            ]}
          >
            <Input autoComplete="family-name" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item label="Contraseña" name="password" rules={newPasswordRules} extra={PASSWORD_HINT}>
        <Input.Password prefix={<LockOutlined />} autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        label="Repite la contraseña"
        name="confirmPassword"
        dependencies={['password']}
        rules={confirmPasswordRules('password')}
      >
        <Input.Password prefix={<LockOutlined />} autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" size="large" block loading={busy}>
        Activar cuenta
      </Button>
    </Form>
  );
}
