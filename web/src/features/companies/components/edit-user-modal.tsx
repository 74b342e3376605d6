import type { UpdateCompanyUserBody } from '@shared/schemas/companies';
import { errorMessage } from '@web/lib/api-error';
import { showApiErrorOnForm } from '@web/lib/api-field-errors';
import { toast } from '@web/lib/toast';
import { Alert, AutoComplete, Col, Form, Input, Modal, Radio, Row } from 'antd';
import { useState } from 'react';
import { useUpdateCompanyUser } from '../api/update-company-user';
import type { ClientPermission, CompanyRole, CompanyUser } from '../types';
import { companyRoleLabels, optionsOf } from '../utils/labels';
import { PermissionsField } from './permissions-field';

interface EditFormValues {
  companyRole: CompanyRole;
  permissions?: ClientPermission[];
  department?: string;
  position?: string;
}

const ROLE_OPTIONS = optionsOf(companyRoleLabels);
const FIELDS = ['companyRole', 'permissions', 'department', 'position'];

export const fullName = (user: Pick<CompanyUser, 'firstName' | 'lastName' | 'email'>) =>
  `${user.firstName} ${user.lastName}`.trim() || user.email;

/** A blank department or position (null) clears it. */
export function toUpdateUserBody(values: EditFormValues): UpdateCompanyUserBody {
  return {
    companyRole: values.companyRole,
    ...(values.companyRole === 'CLIENTE' ? { permissions: values.permissions ?? [] } : {}),
    department: values.department?.trim() || null,
    position: values.position?.trim() || null,
  };
}

/** Changes a member's role, permissions, department and position. */
export function EditUserModal({
  companyId,
  user,
  departments,
  onClose,
}: {
  companyId: string;
  /** The member being edited; the modal is open while there is one. */
  user: CompanyUser & { userId: string };
  departments: string[];
  onClose: () => void;
}) {
  const [form] = Form.useForm<EditFormValues>();
  const update = useUpdateCompanyUser(companyId);
  const [formError, setFormError] = useState<string | null>(null);

  const onFinish = async (values: EditFormValues) => {
    setFormError(null);
    try {
      await update.mutateAsync({ userId: user.userId, body: toUpdateUserBody(values) });
      toast.success('Cambios guardados');
      onClose();
    } catch (error) {
      if (!showApiErrorOnForm(form, error, FIELDS)) setFormError(errorMessage(error));
    }
  };

  return (
    <Modal
      title={`Editar a ${fullName(user)}`}
      open
      okText="Guardar cambios"
      cancelText="Cancelar"
      onOk={() => form.submit()}
      okButtonProps={{ loading: update.isPending }}
      onCancel={onClose}
      forceRender
    >
      <Form<EditFormValues>
        form={form}
        name="edit-user"
        layout="vertical"
        initialValues={{
          companyRole: user.companyRole,
          permissions: user.permissions,
          department: user.department ?? '',
          position: user.position ?? '',
        }}
        onFinish={onFinish}
      >
        {formError ? (
          <Alert type="error" showIcon role="alert" title={formError} style={{ marginBottom: 16 }} />
        ) : null}
        <p style={{ marginTop: 0 }}>{user.email}</p>
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
