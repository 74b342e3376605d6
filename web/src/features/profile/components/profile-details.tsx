import EditOutlined from '@ant-design/icons/EditOutlined';
import type { ProfileResult } from '@shared/schemas/identity';
import { UpdateProfileBody } from '@shared/schemas/identity';
import { formatDate } from '@web/lib/format';
import { ROLE_LABELS } from '@web/lib/roles';
import { toast } from '@web/lib/toast';
import { Button, Card, Descriptions, Flex, Form, Input, Tag } from 'antd';
import { useState } from 'react';
import { useUpdateProfile } from '../api/update-profile';
import { zodRule } from '../utils/zod-rule';

interface ProfileValues {
  firstName: string;
  lastName: string;
  phone: string;
}

/** The user's profile: read, then edit names and phone. E-mail and role are not editable here. */
export function ProfileDetails({ profile }: { profile: ProfileResult }) {
  const [editing, setEditing] = useState(false);
  const update = useUpdateProfile();
  const [form] = Form.useForm<ProfileValues>();

  const onFinish = (values: ProfileValues) => {
    const phone = values.phone.trim();
    update.mutate(
      { firstName: values.firstName, lastName: values.lastName, phone: phone ? phone : null },
      {
        onSuccess: () => {
          toast.success('Perfil actualizado');
          setEditing(false);
        },
        onError: (error) => {
          const field = (error as { field?: string | null }).field;
          if (field === 'firstName' || field === 'lastName' || field === 'phone') {
            form.setFields([{ name: field, errors: [(error as Error).message] }]);
          } else toast.fromError(error, { title: 'No se ha podido guardar el perfil' });
        },
      },
    );
  };

  return (
    <Card
      title="Datos personales"
      extra={
        editing ? null : (
          <Button icon={<EditOutlined />} onClick={() => setEditing(true)}>
            Editar
          </Button>
        )
      }
    >
      {editing ? (
        <Form<ProfileValues>
          form={form}
          layout="vertical"
          requiredMark="optional"
          initialValues={{
            firstName: profile.firstName,
            lastName: profile.lastName,
            phone: profile.phone ?? '',
          }}
          onFinish={onFinish}
          disabled={update.isPending}
        >
          <Form.Item
            label="Nombre"
            name="firstName"
            required
            rules={[zodRule(UpdateProfileBody.shape.firstName.unwrap())]}
          >
            <Input autoComplete="given-name" />
          </Form.Item>
          <Form.Item
            label="Apellidos"
            name="lastName"
            required
            rules={[zodRule(UpdateProfileBody.shape.lastName.unwrap())]}
          >
            <Input autoComplete="family-name" />
          </Form.Item>
          <Form.Item
            label="Teléfono"
            name="phone"
            extra="Opcional. Por ejemplo, +34 612 345 678."
            rules={[
              {
                validator: async (_rule, value: string) => {
                  if (!value?.trim()) return;
                  const result = UpdateProfileBody.shape.phone.safeParse(value);
                  if (!result.success)
                    throw new Error(result.error.issues[0]?.message ?? 'El teléfono no es válido.');
                },
              },
            ]}
          >
            <Input type="tel" autoComplete="tel" />
          </Form.Item>
          <Flex gap={8} justify="end">
            <Button onClick={() => setEditing(false)}>Cancelar</Button>
            <Button type="primary" htmlType="submit" loading={update.isPending}>
              Guardar cambios
            </Button>
          </Flex>
        </Form>
      ) : (
        <Descriptions
          column={1}
          items={[
            {
              key: 'name',
              label: 'Nombre',
              children: `${profile.firstName} ${profile.lastName}`.trim() || '—',
            },
            { key: 'email', label: 'Email', children: profile.email },
            { key: 'phone', label: 'Teléfono', children: profile.phone || 'Sin teléfono' },
            { key: 'role', label: 'Rol', children: <Tag>{ROLE_LABELS[profile.role]}</Tag> },
            ...(profile.firmName ? [{ key: 'firm', label: 'Gestoría', children: profile.firmName }] : []),
            {
              key: 'verified',
              label: 'Email verificado',
              children: profile.emailVerified ? <Tag color="success">Sí</Tag> : <Tag color="warning">No</Tag>,
            },
            { key: 'since', label: 'Alta', children: formatDate(profile.createdAt) },
          ]}
        />
      )}
    </Card>
  );
}
