import { errorMessage } from '@web/lib/api-error';
import { showApiErrorOnForm } from '@web/lib/api-field-errors';
import { toast } from '@web/lib/toast';
import { Alert, AutoComplete, Col, Form, Input, Modal, Radio, Row } from 'antd';
import { useState } from 'react';
import { type InviteCompanyUserInput, useInviteCompanyUser } from '../api/invite-company-user';
import type { ClientPermission } from '../types';
import { companyRoleLabels } from '../utils/labels';
import { PermissionsField } from './permissions-field';

type InviteRole = InviteCompanyUserInput['companyRole'];

interface InviteFormValues {
  email: string;
  firstName: string;
  lastName?: string;
  companyRole: InviteRole;
  permissions?: ClientPermission[];
  department?: string;
  position?: string;
}

const ROLE_OPTIONS = (['GESTOR', 'CLIENTE', 'MEMBER'] as const).map((value) => ({
  value,
  label: companyRoleLabels[value],
}));
const FIELDS = ['email', 'firstName', 'lastName', 'companyRole', 'permissions', 'department', 'position'];
const INITIAL: Partial<InviteFormValues> = { companyRole: 'CLIENTE', permissions: [] };

/** The request body: blanks left out, permissions only for a CLIENTE (the others have them all). */
export function toInviteBody(values: InviteFormValues): InviteCompanyUserInput {
  const optional = (value: string | undefined) => value?.trim() || undefined;
  const lastName = optional(values.lastName);
  const department = optional(values.department);
  const position = optional(values.position);
  return {
    email: values.email.trim().toLowerCase(),
    firstName: values.firstName.trim(),
    ...(lastName ? { lastName } : {}),
    companyRole: values.companyRole,
    ...(values.companyRole === 'CLIENTE' ? { permissions: values.permissions ?? [] } : {}),
    ...(department ? { department } : {}),
    ...(position ? { position } : {}),
  };
}

/** Invites someone by e-mail: a person with an account joins at once, anybody else is e-mailed. */
export function InviteUserModal({
  companyId,
  open,
  departments,
  onClose,
}: {
  companyId: string;
  open: boolean;
  departments: string[];
  onClose: () => void;
}) {
  const [form] = Form.useForm<InviteFormValues>();
  const invite = useInviteCompanyUser(companyId);
  const [formError, setFormError] = useState<string | null>(null);

  const onFinish = async (values: InviteFormValues) => {
    setFormError(null);
    try {
      const result = await invite.mutateAsync(toInviteBody(values));
      toast.success(`Invitación enviada a ${result.email}`);
      form.resetFields();
      onClose();
    } catch (error) {
      if (!showApiErrorOnForm(form, error, FIELDS)) setFormError(errorMessage(error));
    }
  };

  return (
    <Modal
      title="Invitar usuario"
      open={open}
      okText="Enviar invitación"
      cancelText="Cancelar"
      onOk={() => form.submit()}
      okButtonProps={{ loading: invite.isPending }}
      onCancel={() => {
        setFormError(null);
        form.resetFields();
        onClose();
      }}
      // Rendered while closed too, so the form instance is always connected.
      forceRender
    >
      <Form form={form} name="invite-user" layout="vertical" initialValues={INITIAL} onFinish={onFinish}>
        {formError ? (
          <Alert type="error" showIcon role="alert" title={formError} style={{ marginBottom: 16 }} />
        ) : null}
        <Form.Item
          name="email"
          label="Email"
          rules={[
            { required: true, whitespace: true, message: 'El email es obligatorio.' },
            { type: 'email', message: 'El email no es válido.' },
          ]}
        >
          <Input type="email" autoComplete="off" />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item
              name="firstName"
              label="Nombre"
              rules={[{ required: true, whitespace: true, message: 'El nombre es obligatorio.' }]}
            >
              <Input autoComplete="off" maxLength={100} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="lastName" label="Apellidos">
              <Input autoComplete="off" maxLength={100} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="companyRole" label="Rol" rules={[{ required: true, message: 'Elige el rol.' }]}>
          <Radio.Group options={ROLE_OPTIONS} aria-label="Rol" />
        </Form.Item>
        <PermissionsField />
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item name="department" label="Departamento">
              <AutoComplete
                options={departments.map((value) => ({ value }))}
                showSearch={{ filterOption: true }}
                maxLength={100}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="position" label="Puesto">
              <Input autoComplete="off" maxLength={100} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
