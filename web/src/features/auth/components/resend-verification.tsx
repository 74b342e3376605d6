import MailOutlined from '@ant-design/icons/MailOutlined';
import { errorMessage } from '@web/lib/api-error';
import { Alert, Button, Form, Input } from 'antd';
import { useResendVerification } from '../api/resend-verification';
import { emailRules } from '../utils/email-rules';

/** The answer when the API gives none: neutral, whether the account exists or not. */
export const RESEND_NEUTRAL_MESSAGE =
  'Si la cuenta existe y está pendiente de verificación, te hemos enviado un nuevo enlace de verificación.';

/**
 * 'Reenviar email' for a known address (the registration confirmation), or an e-mail field when
 * the page does not know it (an expired link). The result is always the same neutral message.
 */
export function ResendVerification({ email }: { email?: string | null }) {
  const resend = useResendVerification();
  const [form] = Form.useForm<{ email: string }>();
  const sent = resend.isSuccess ? (resend.data?.message ?? RESEND_NEUTRAL_MESSAGE) : null;

  const feedback = sent ? (
    <Alert type="success" showIcon title={sent} style={{ marginBottom: 16 }} />
  ) : resend.isError ? (
    <Alert type="error" showIcon title={errorMessage(resend.error)} style={{ marginBottom: 16 }} />
  ) : null;

  if (email) {
    return (
      <div>
        {feedback}
        <Button
          icon={<MailOutlined />}
          block
          size="large"
          loading={resend.isPending}
          onClick={() => resend.mutate(email)}
        >
          Reenviar email
        </Button>
      </div>
    );
  }

  return (
    <Form
      form={form}
      name="resend-verification"
      layout="vertical"
      requiredMark={false}
      noValidate
      onFinish={(values) => resend.mutate(values.email)}
      disabled={resend.isPending}
    >
      {feedback}
      <Form.Item label="Email de tu cuenta" name="email" rules={emailRules}>
        <Input prefix={<MailOutlined />} type="email" autoComplete="email" />
      </Form.Item>
      <Button htmlType="submit" block size="large" loading={resend.isPending}>
        Reenviar email
      </Button>
    </Form>
  );
}
