/**
 * 'Mi ficha de cliente' (/app/client-profile): what the gestoría holds about the caller and its
 * company, so the client keeps it right. The caller edits its own contact (phone, position,
 * preferred channel and hours); the company's identification is read-only, and its contact fields
 * (address, e-mail, phone) are editable only by its owner or gestor (`canEditCompanyContact`).
 */
import EditOutlined from '@ant-design/icons/EditOutlined';
import {
  ClientEmail,
  ClientPhone,
  type ClientProfileView,
  CONTACT_CHANNELS,
  type ContactChannel,
  contactChannelLabels,
  PHONE_NEEDED_FOR_CALLS,
  Position,
  PreferredHours,
  type UpdateClientProfileBody,
} from '@shared/schemas/client-profile';
import { companyTypeLabels } from '@shared/schemas/companies';
import { AddressFields } from '@web/components/address-fields';
import { LoadError, LoadingBlock } from '@web/components/load-states';
import { errorMessage } from '@web/lib/api-error';
import { showApiErrorOnForm, showMappedApiErrors } from '@web/lib/api-field-errors';
import { CLIENT_PERMISSION_LABELS } from '@web/lib/roles';
import { toast } from '@web/lib/toast';
import type { FormRule } from 'antd';
import {
  Alert,
  Button,
  Card,
  Col,
  Descriptions,
  Flex,
  Form,
  Input,
  Row,
  Select,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import type * as z from 'zod';
import { useClientProfile } from '../api/get-client-profile';
import { useUpdateClientProfile } from '../api/update-client-profile';

/** The permissions as the rest of the interface names them (web/src/lib/roles.ts). */
export const CLIENT_PERMISSION_TAGS = CLIENT_PERMISSION_LABELS;

export const COMPANY_ROLE_NAMES = {
  OWNER: 'Propietario',
  GESTOR: 'Gestor',
  MEMBER: 'Miembro',
  CLIENTE: 'Cliente',
} as const;

export const SAVED_MESSAGE = 'Tus datos de contacto se han guardado.';
export const COMPANY_SAVED_MESSAGE = 'Los datos de contacto de la empresa se han guardado.';

/** An optional text field checked by a shared schema when it is not blank. */
const optionalRule = (schema: z.ZodType): FormRule => ({
  validator: async (_rule, value: unknown) => {
    if (typeof value !== 'string' || !value.trim()) return;
    const result = schema.safeParse(value);
    if (!result.success) throw new Error(result.error.issues[0]?.message ?? 'El valor no es válido.');
  },
});

const blankToNull = (value: string | undefined): string | null => (value?.trim() ? value.trim() : null);

interface ContactValues {
  phone: string;
  position: string;
  preferredChannel: ContactChannel | undefined;
  preferredHours: string;
}

/** The contact form's values as the PUT body: every field sent, blanks as null. */
export function contactBody(values: ContactValues): UpdateClientProfileBody {
  return {
    phone: blankToNull(values.phone),
    position: blankToNull(values.position),
    preferredChannel: values.preferredChannel ?? null,
    preferredHours: blankToNull(values.preferredHours),
  };
}

const CHANNEL_OPTIONS = CONTACT_CHANNELS.map((value) => ({ value, label: contactChannelLabels[value] }));

function ContactForm({ companyId, profile }: { companyId: string; profile: ClientProfileView }) {
  const [form] = Form.useForm<ContactValues>();
  const update = useUpdateClientProfile(companyId);
  const [failure, setFailure] = useState<string | null>(null);

  const onFinish = (values: ContactValues) => {
    setFailure(null);
    update.mutate(contactBody(values), {
      onSuccess: () => toast.success(SAVED_MESSAGE),
      onError: (error) => {
        if (!showApiErrorOnForm(form, error, ['phone', 'position', 'preferredChannel', 'preferredHours']))
          setFailure(errorMessage(error));
      },
    });
  };

  return (
    <Card title="Tus datos de contacto">
      <Descriptions
        column={1}
        size="small"
        items={[
          {
            key: 'name',
            label: 'Nombre',
            children: `${profile.account.firstName} ${profile.account.lastName}`.trim() || '—',
          },
          { key: 'email', label: 'Email', children: profile.account.email },
          { key: 'role', label: 'Rol', children: COMPANY_ROLE_NAMES[profile.companyRole] },
          ...(profile.companyRole === 'CLIENTE'
            ? [
                {
                  key: 'permissions',
                  label: 'Permisos',
                  children:
                    profile.permissions.length > 0 ? (
                      <Flex wrap gap={4}>
                        {profile.permissions.map((p) => (
                          <Tag key={p}>{CLIENT_PERMISSION_TAGS[p]}</Tag>
                        ))}
                      </Flex>
                    ) : (
                      'Sin permisos'
                    ),
                },
              ]
            : []),
        ]}
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
        Tu nombre y tu email son los de tu cuenta: se cambian en Mi perfil.
      </Typography.Paragraph>
      <Form<ContactValues>
        form={form}
        name="client-contact"
        layout="vertical"
        requiredMark="optional"
        disabled={update.isPending}
        initialValues={{
          phone: profile.contact.phone ?? '',
          position: profile.contact.position ?? '',
          preferredChannel: profile.contact.preferredChannel ?? undefined,
          preferredHours: profile.contact.preferredHours ?? '',
        }}
        onFinish={onFinish}
      >
        <Form.Item
          label="Teléfono"
          name="phone"
          dependencies={['preferredChannel']}
          extra="Por ejemplo, +34 612 345 678."
          rules={[
            optionalRule(ClientPhone),
            ({ getFieldValue }) => ({
              validator: async (_rule, value: string | undefined) => {
                if (getFieldValue('preferredChannel') === 'PHONE' && !value?.trim())
                  throw new Error(PHONE_NEEDED_FOR_CALLS);
              },
            }),
          ]}
        >
          <Input type="tel" autoComplete="tel" />
        </Form.Item>
        <Form.Item label="Cargo" name="position" rules={[optionalRule(Position)]}>
          <Input placeholder="Por ejemplo, Administradora" />
        </Form.Item>
        <Form.Item label="Canal de contacto preferido" name="preferredChannel">
          <Select allowClear placeholder="Sin preferencia" options={CHANNEL_OPTIONS} />
        </Form.Item>
        <Form.Item label="Horario preferido" name="preferredHours" rules={[optionalRule(PreferredHours)]}>
          <Input placeholder="Por ejemplo, mañanas de 9:00 a 14:00" />
        </Form.Item>
        {failure ? (
          <Alert type="error" showIcon title="No se han podido guardar tus datos" description={failure} />
        ) : null}
        <Flex justify="end" style={{ marginTop: 16 }}>
          <Button type="primary" htmlType="submit" loading={update.isPending}>
            Guardar cambios
          </Button>
        </Flex>
      </Form>
    </Card>
  );
}

interface CompanyContactValues {
  address: ClientProfileView['company']['address'];
  email: string;
  phone: string;
}

function CompanyCard({ companyId, profile }: { companyId: string; profile: ClientProfileView }) {
  const [editing, setEditing] = useState(false);
  const [form] = Form.useForm<CompanyContactValues>();
  const update = useUpdateClientProfile(companyId);
  const [failure, setFailure] = useState<string | null>(null);
  const { company } = profile;
  const address = `${company.address.street}, ${company.address.postalCode} ${company.address.city} (${company.address.province})`;

  const onFinish = (values: CompanyContactValues) => {
    setFailure(null);
    update.mutate(
      {
        company: {
          address: { ...values.address, country: values.address.country || 'ES' },
          email: blankToNull(values.email),
          phone: blankToNull(values.phone),
        },
      },
      {
        onSuccess: () => {
          toast.success(COMPANY_SAVED_MESSAGE);
          setEditing(false);
        },
        onError: (error) => {
          // The API names the company's fields `company.email`, `company.address.city`...
          const placed = showMappedApiErrors(form, error, (field) =>
            field.startsWith('company.') ? field.slice('company.'.length).split('.') : undefined,
          );
          if (!placed) setFailure(errorMessage(error));
        },
      },
    );
  };

  return (
    <Card
      title="Datos de la empresa"
      extra={
        profile.canEditCompanyContact && !editing ? (
          <Button icon={<EditOutlined />} onClick={() => setEditing(true)}>
            Editar contacto
          </Button>
        ) : null
      }
    >
      <Descriptions
        column={1}
        size="small"
        items={[
          { key: 'name', label: 'Razón social', children: company.name },
          { key: 'nif', label: 'NIF', children: company.nif },
          { key: 'type', label: 'Tipo de empresa', children: companyTypeLabels[company.companyType] },
          ...(editing
            ? []
            : [
                { key: 'address', label: 'Dirección', children: address },
                { key: 'email', label: 'Email', children: company.email ?? 'Sin email' },
                { key: 'phone', label: 'Teléfono', children: company.phone ?? 'Sin teléfono' },
              ]),
        ]}
      />
      {editing ? (
        <Form<CompanyContactValues>
          form={form}
          name="company-contact"
          layout="vertical"
          requiredMark="optional"
          disabled={update.isPending}
          style={{ marginTop: 16 }}
          initialValues={{ address: company.address, email: company.email ?? '', phone: company.phone ?? '' }}
          onFinish={onFinish}
        >
          <AddressFields prefix={['address']} />
          <Form.Item label="Email de la empresa" name="email" rules={[optionalRule(ClientEmail)]}>
            <Input type="email" autoComplete="email" />
          </Form.Item>
          <Form.Item label="Teléfono de la empresa" name="phone" rules={[optionalRule(ClientPhone)]}>
            <Input type="tel" autoComplete="tel" />
          </Form.Item>
          {failure ? (
            <Alert
              type="error"
              showIcon
              title="No se han podido guardar los datos de la empresa"
              description={failure}
            />
          ) : null}
          <Flex gap={8} justify="end" style={{ marginTop: 16 }}>
            <Button onClick={() => setEditing(false)}>Cancelar</Button>
            <Button type="primary" htmlType="submit" loading={update.isPending}>
              Guardar cambios
            </Button>
          </Flex>
        </Form>
      ) : (
        <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
          {profile.canEditCompanyContact
            ? 'El nombre, el NIF y el tipo de empresa se cambian en la ficha de la empresa.'
            : 'Si algún dato de la empresa no es correcto, avisa a tu gestoría.'}
        </Typography.Paragraph>
      )}
    </Card>
  );
}

/** The page's body for the selected company. */
export function ClientProfile({ companyId }: { companyId: string }) {
  const profile = useClientProfile(companyId);
  return (
    <Flex vertical gap={16}>
      <h1 style={{ fontSize: 24, fontWeight: 600, margin: 0 }}>Mi ficha de cliente</h1>
      {profile.isPending ? (
        <LoadingBlock label="Cargando tu ficha" />
      ) : profile.isError ? (
        <LoadError
          title="No se ha podido cargar tu ficha"
          error={profile.error}
          onRetry={() => void profile.refetch()}
        />
      ) : (
        <Row gutter={[16, 16]}>
          <Col xs={24} lg={12}>
            <ContactForm key={profile.data.updatedAt} companyId={companyId} profile={profile.data} />
          </Col>
          <Col xs={24} lg={12}>
            <CompanyCard companyId={companyId} profile={profile.data} />
          </Col>
        </Row>
      )}
    </Flex>
  );
}
