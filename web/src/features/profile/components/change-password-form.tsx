import { ChangePasswordInput, PASSWORD_MAX_LENGTH, passwordProblems } from '@shared/schemas/identity';
import { PASSWORD_HINT } from '@shared/schemas/password';
import { isApiError } from '@web/lib/api-error';
import { useAuth } from '@web/lib/auth';
import { toast } from '@web/lib/toast';
import { Button, Card, Flex, Form, Input } from 'antd';
import { useChangePassword } from '../api/change-password';

interface PasswordValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/**
 * Change password: current, new (the policy of shared/schemas/password) and its confirmation. A
 * changed password ends every session, this one included (issue #12 item 3), so the form signs out
 * and the login page asks for the new password.
 */
export function ChangePasswordForm() {
  const [form] = Form.useForm<PasswordValues>();
  const change = useChangePassword();
  const { signOut } = useAuth();

  const onFinish = ({ currentPassword, newPassword }: PasswordValues) => {
    const input = ChangePasswordInput.safeParse({ currentPassword, newPassword });
    if (!input.success) {
      const issue = input.error.issues[0];
      const name = issue?.path[0] === 'currentPassword' ? 'currentPassword' : 'newPassword';
      form.setFields([{ name, errors: [issue?.message ?? ''] }]);
      return;
    }
    change.mutate(input.data, {
      onSuccess: (result) => {
        toast.success(`${result.message} Inicia sesión con la nueva contraseña.`);
        form.resetFields();
        void signOut();
      },
      onError: (error) => {
        if (isApiError(error) && (error.field === 'currentPassword' || error.field === 'newPassword')) {
          form.setFields([{ name: error.field, errors: [error.message] }]);
        } else toast.fromError(error, { title: 'No se ha podido cambiar la contraseña' });
      },
    });
  };

  return (
    <Card title="Cambiar contraseña">
      <Form<PasswordValues>
        form={form}
        layout="vertical"
        onFinish={onFinish}
        disabled={change.isPending}
        initialValues={{ currentPassword: '', newPassword: '', confirmPassword: '' }}
      >
        <Form.Item
          label="Contraseña actual"
          name="currentPassword"
          rules={[{ required: true, message: 'Introduce tu contraseña actual.' }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          label="Nueva contraseña"
          name="newPassword"
          extra={PASSWORD_HINT}
          rules={[
            { required: true, message: 'Introduce la nueva contraseña.' },
            {
              max: PASSWORD_MAX_LENGTH,
              message: `La contraseña no puede superar ${PASSWORD_MAX_LENGTH} caracteres.`,
            },
            {
              validator: async (_rule, value: string) => {
                const [problem] = passwordProblems(value ?? '');
                if (value && problem) throw new Error(problem);
              },
            },
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          label="Confirmar nueva contraseña"
          name="confirmPassword"
          dependencies={['newPassword']}
          rules={[
            { required: true, message: 'Repite la nueva contraseña.' },
            ({ getFieldValue }) => ({
              validator: async (_rule, value: string) => {
                if (value && value !== getFieldValue('newPassword'))
                  throw new Error('Las contraseñas no coinciden.');
              },
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Flex justify="end">
          <Button type="primary" htmlType="submit" loading={change.isPending}>
            Cambiar contraseña
          </Button>
        </Flex>
      </Form>
    </Card>
  );
}
