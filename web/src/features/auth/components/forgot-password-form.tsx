import MailOutlined from '@ant-design/icons/MailOutlined';
import { errorMessage } from '@web/lib/api-error';
import { paths } from '@web/lib/paths';
import { Alert, Button, Form, Input } from 'antd';
import { Link } from 'react-router-dom';
import { useRequestPasswordReset } from '../api/forgot-password';
import { emailRules } from '../utils/email-rules';

/** Shown whatever the API found: whether an account has that e-mail is never revealed. */
export const FORGOT_PASSWORD_CONFIRMATION =
  'Si existe una cuenta con ese email, recibirás en unos minutos un enlace para restablecer tu contraseña.';

/** /auth/forgot-password: one e-mail field, then always the same neutral confirmation. */
export function ForgotPasswordForm() {
  const request = useRequestPasswordReset();

  if (request.isSuccess) {
    return (
      <div>
        <Alert type="success" showIcon title={FORGOT_PASSWORD_CONFIRMATION} />
        <p style={{ margin: '16px 0 0', lineHeight: 1.6 }}>
          El enlace es válido durante una hora y solo se puede usar una vez. Si no lo recibes, revisa la
          carpeta de correo no deseado o vuelve a pedirlo.
        </p>
        <Button block size="large" style={{ marginTop: 24 }} onClick={() => request.reset()}>
          Volver a pedir el enlace
        </Button>
        <p style={{ margin: '24px 0 0', textAlign: 'center' }}>
          <Link to={paths.auth.login}>Volver a iniciar sesión</Link>
        </p>
      </div>
    );
  }

  return (
    <Form<{ email: string }>
      name="forgot-password"
      layout="vertical"
      requiredMark={false}
      noValidate
      onFinish={(values) => request.mutate(values.email)}
      onValuesChange={() => request.isError && request.reset()}
      disabled={request.isPending}
    >
      {request.isError ? (
        <Alert type="error" showIcon title={errorMessage(request.error)} style={{ marginBottom: 24 }} />
      ) : null}
      <Form.Item label="Email" name="email" rules={emailRules}>
        <Input prefix={<MailOutlined />} type="email" autoComplete="email" autoFocus size="large" />
      </Form.Item>
      <Button type="primary" htmlType="submit" size="large" block loading={request.isPending}>
        Enviar enlace
      </Button>
      <p style={{ margin: '24px 0 0', textAlign: 'center' }}>
        <Link to={paths.auth.login}>Volver a iniciar sesión</Link>
      </p>
    </Form>
  );
}
