import { CLIENT_PERMISSIONS, type ClientPermission } from '@shared/db/records';
import { isApiError } from '@web/lib/api-error';
import { CLIENT_PERMISSION_LABELS } from '@web/lib/roles';
import { toast } from '@web/lib/toast';
import { Checkbox, Form, Input, Modal, Select } from 'antd';
import { useInviteUser } from '../api/invite-user';
import { COMPANY_ROLE_LABELS } from '../types';

interface InviteValues {
  email: string;
  firstName: string;
  lastName: string;
  companyRole: 'GESTOR' | 'CLIENTE' | 'MEMBER';
  permissions: ClientPermission[];
  department: string;
  position: string;
}

const FIELDS = ['email', 'firstName', 'lastName', 'companyRole', 'permissions', 'department', 'position'];

/** Invites a person to the company; a CLIENTE gets the permissions ticked here. */
export function InviteUserModal({
  companyId,
  companyName,
  onClose,
}: {
  companyId: string;
  companyName: string;
  onClose: () => void;
}) {
  const [form] = Form.useForm<InviteValues>();
  const invite = useInviteUser(companyId);
  const role = Form.useWatch('companyRole', form);

  const onFinish = (values: InviteValues) => {
    invite.mutate(
      {
        email: values.email.trim(),
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        companyRole: values.companyRole,
        permissions: values.companyRole === 'CLIENTE' ? values.permissions : [],
        ...(values.department.trim() ? { department: values.department.trim() } : {}),
        ...(values.position.trim() ? { position: values.position.trim() } : {}),
      },
      {
        onSuccess: (result) => {
          toast.success(
            result.status === 'ADDED'
              ? `${result.email} ya tenía cuenta y se ha añadido a ${companyName}.`
              : `Hemos enviado una invitación a ${result.email}.`,
          );
          onClose();
        },
        onError: (error) => {
          if (isApiError(error) && error.field && FIELDS.includes(error.field)) {
            form.setFields([{ name: error.field as keyof InviteValues, errors: [error.message] }]);
          } else toast.fromError(error, { title: 'No se ha podido enviar la invitación' });
        },
      },
    );
  };

  return (
    <Modal
      open
      title={`Invitar a ${companyName}`}
      okText="Enviar invitación"
      cancelText="Cancelar"
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={invite.isPending}
      destroyOnHidden
    >
      <Form<InviteValues>
        form={form}
        layout="vertical"
        requiredMark="optional"
        onFinish={onFinish}
        disabled={invite.isPending}
        initialValues={{
          email: '',
          firstName: '',
          lastName: '',
          companyRole: 'CLIENTE',
          permissions: ['VIEW_INVOICES', 'VIEW_TAX_DOCUMENTS', 'UPLOAD_DOCUMENTS'],
          department: '',
          position: '',
        }}
      >
        <Form.Item
          label="Email"
          name="email"
          rules={[
            { required: true, message: 'Introduce el email.' },
            { type: 'email', message: 'Introduce un email válido.' },
          ]}
        >
          <Input type="email" autoComplete="off" />
        </Form.Item>
        <Form.Item
          label="Nombre"
          name="firstName"
          rules={[{ required: true, whitespace: true, message: 'Introduce el nombre.' }]}
        >
          <Input />
        </Form.Item>
        <Form.Item label="Apellidos" name="lastName">
          <Input />
        </Form.Item>
        <Form.Item label="Rol en la empresa" name="companyRole" rules={[{ required: true }]}>
          <Select
            options={(['CLIENTE', 'MEMBER', 'GESTOR'] as const).map((value) => ({
              value,
              label: COMPANY_ROLE_LABELS[value],
            }))}
          />
        </Form.Item>
        {role === 'CLIENTE' ? (
          <Form.Item label="Permisos del cliente" name="permissions">
            <Checkbox.Group
              options={CLIENT_PERMISSIONS.map((value) => ({ value, label: CLIENT_PERMISSION_LABELS[value] }))}
            />
          </Form.Item>
        ) : null}
        <Form.Item label="Departamento" name="department">
          <Input />
        </Form.Item>
        <Form.Item label="Cargo" name="position">
          <Input />
        </Form.Item>
      </Form>
    </Modal>
  );
}
