import LockOutlined from '@ant-design/icons/LockOutlined';
import MailOutlined from '@ant-design/icons/MailOutlined';
import { useAuth } from '@web/lib/auth';
import { paths } from '@web/lib/paths';
import { Alert, Button, Checkbox, Flex, Input, theme } from 'antd';
import { type FormEvent, type ReactNode, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { loginErrorMessage } from '../utils/login-error-message';
import { readLoginNotice } from '../utils/login-notice';

interface LoginValues {
  email: string;
  password: string;
  remember: boolean;
}

type FieldErrors = Partial<Record<'email' | 'password', string>>;

/** The browser's own check would speak its language; this one speaks Spanish. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateLogin({ email, password }: LoginValues): FieldErrors {
  const errors: FieldErrors = {};
  if (!email.trim()) errors.email = 'Introduce tu email.';
  else if (!EMAIL_PATTERN.test(email.trim())) errors.email = 'Introduce un email válido.';
  if (!password) errors.password = 'Introduce tu contraseña.';
  return errors;
}

/**
 * Email and password against Cognito. On success the auth state changes and the /auth guard
 * moves the user on; this form only reports failures.
 *
 * A plain `<form>` with antd inputs rather than antd's Form: Form brings its field store, the grid
 * and Tooltip, about 22 kB gzip of the login route's budget (≤ 250 kB), for two fields.
 */
export function LoginForm({ notice }: { notice?: string }) {
  const { signIn } = useAuth();
  const { token } = theme.useToken();
  const ids = useId();
  const [values, setValues] = useState<LoginValues>({ email: '', password: '', remember: true });
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  // What the previous page reported (password changed, e-mail verified), until the user types.
  const location = useLocation();
  const [dismissedKey, setDismissedKey] = useState<string | null>(null);
  const routeNotice = dismissedKey === location.key ? null : readLoginNotice(location.state);

  const change = <K extends keyof LoginValues>(key: K, value: LoginValues[K]) => {
    setValues((previous) => ({ ...previous, [key]: value }));
    setError(null);
    setDismissedKey(location.key);
    // A corrected field is checked again as the user types, like antd's Form does.
    if (key !== 'remember' && fieldErrors[key as keyof FieldErrors]) {
      setFieldErrors((previous) => {
        const next = validateLogin({ ...values, [key]: value });
        return { ...previous, [key]: next[key as keyof FieldErrors] };
      });
    }
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const errors = validateLogin(values);
    setFieldErrors(errors);
    if (errors.email || errors.password) {
      (errors.email ? emailRef : passwordRef).current?.focus();
      return;
    }
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
    // Plain elements do not get antd's font from the theme: set it on the form.
    <form
      name="login"
      noValidate
      onSubmit={onSubmit}
      style={{ fontFamily: token.fontFamily, fontSize: token.fontSize, color: token.colorText }}
    >
      {alert ? (
        <Alert type={error ? 'error' : 'warning'} showIcon title={alert} style={{ marginBottom: 24 }} />
      ) : routeNotice ? (
        <Alert type={routeNotice.type} showIcon title={routeNotice.message} style={{ marginBottom: 24 }} />
      ) : null}
      <Field id={`${ids}-email`} label="Email" error={fieldErrors.email}>
        <Input
          ref={(input) => {
            emailRef.current = input?.input ?? null;
          }}
          id={`${ids}-email`}
          prefix={<MailOutlined />}
          type="email"
          autoComplete="username"
          autoFocus
          size="large"
          value={values.email}
          disabled={submitting}
          status={fieldErrors.email ? 'error' : undefined}
          aria-invalid={fieldErrors.email ? true : undefined}
          aria-describedby={fieldErrors.email ? `${ids}-email-error` : undefined}
          onChange={(event) => change('email', event.target.value)}
        />
      </Field>
      <Field id={`${ids}-password`} label="Contraseña" error={fieldErrors.password}>
        <Input.Password
          ref={(input) => {
            passwordRef.current = input?.input ?? null;
          }}
          id={`${ids}-password`}
          prefix={<LockOutlined />}
          autoComplete="current-password"
          size="large"
          value={values.password}
          disabled={submitting}
          status={fieldErrors.password ? 'error' : undefined}
          aria-invalid={fieldErrors.password ? true : undefined}
          aria-describedby={fieldErrors.password ? `${ids}-password-error` : undefined}
          onChange={(event) => change('password', event.target.value)}
        />
      </Field>
      <Flex justify="space-between" align="baseline" gap={8} wrap style={{ marginBottom: 24 }}>
        <Checkbox
          checked={values.remember}
          disabled={submitting}
          onChange={(event) => change('remember', event.target.checked)}
        >
          Recordarme
        </Checkbox>
        <Link to={paths.auth.forgotPassword}>¿Has olvidado tu contraseña?</Link>
      </Flex>
      <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
        Iniciar sesión
      </Button>
      <p style={{ margin: '24px 0 0', textAlign: 'center' }}>
        ¿No tienes cuenta? <Link to={paths.auth.register}>Crear cuenta</Link>
      </p>
    </form>
  );
}

/** Label, control and its error message, spaced like an antd form item. */
function Field({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error: string | undefined;
  children: ReactNode;
}) {
  const { token } = theme.useToken();
  return (
    <div style={{ marginBottom: error ? 8 : 24 }}>
      <label htmlFor={id} style={{ display: 'block', paddingBottom: 8, color: token.colorTextHeading }}>
        {label}
      </label>
      {children}
      {error ? (
        <div id={`${id}-error`} style={{ color: token.colorError, minHeight: 24, paddingTop: 2 }}>
          {error}
        </div>
      ) : null}
    </div>
  );
}
