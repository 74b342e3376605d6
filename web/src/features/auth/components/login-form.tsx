import LockOutlined from '@ant-design/icons/LockOutlined';
import MailOutlined from '@ant-design/icons/MailOutlined';
import { useAuth } from '@web/lib/auth';
import { Alert, Button, Checkbox, Form, Input } from 'antd';
import { useState } from 'react';
import { loginErrorMessage } from '../utils/login-error-message';

interface LoginValues {
  email: string;
  password: string;
  remember: boolean;
}

/**
 * Email and password against Cognito. On success the auth state changes and the /auth guard
 * moves the user on; this form only reports failures.
 */
export function LoginForm({ notice }: { notice?: string }) {
  const { signIn } = useAuth();
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onFinish = async (values: LoginValues) => {
    setSubmitting(true);
    setError(null);
    try {
      await signIn(values);
    } catch (caught) {
      setError(loginErrorMessage(caught));
      setSubmitting(false);
    }
  };

  const alert = error ?? notice;
  return (
    <Form<LoginValues>
      name="login"
      layout="vertical"
      requiredMark={false}
      // The browser's own email check would block the submit with a message in its language.
      noValidate
      initialValues={{ email: '', password: '', remember: true }}
      onFinish={onFinish}
      onValuesChange={() => setError(null)}
      disabled={submitting}
    >
      {alert ? (
        <Alert type={error ? 'error' : 'warning'} showIcon title={alert} style={{ marginBottom: 24 }} />
      ) : null}
      <Form.Item
        label="Email"
        name="email"
        rules={[
          { required: true, message: 'Introduce tu email.' },
          { type: 'email', message: 'Introduce un email válido.' },
        ]}
      >
        <Input prefix={<MailOutlined />} type="email" autoComplete="username" autoFocus size="large" />
      </Form.Item>
      <Form.Item
        label="Contraseña"
        name="password"
        rules={[{ required: true, message: 'Introduce tu contraseña.' }]}
      >
        <Input.Password prefix={<LockOutlined />} autoComplete="current-password" size="large" />
      </Form.Item>
      <Form.Item name="remember" valuePropName="checked">
        <Checkbox>Recordarme</Checkbox>
      </Form.Item>
      <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
        Iniciar sesión
      </Button>
    </Form>
  );
}
