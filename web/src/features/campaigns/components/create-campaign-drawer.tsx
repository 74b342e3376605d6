/**
 * A new document-request campaign (issue 21 item 5): name, period, due date, a message for the
 * clients, the companies asked, and what each must send: by default what each client's tax profile
 * suggests (previewed here for one of the chosen companies), or one list for all of them. Checked
 * against `CreateCampaignBody` with its messages before sending; the campaign is created as a draft
 * ('Borrador') and sent from its page.
 */
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import {
  type Campaign,
  CreateCampaignBody,
  REQUEST_KINDS,
  type RequestKind,
  requestKindLabels,
} from '@shared/schemas/campaigns';
import { FormDrawer } from '@web/components/form-drawer';
import { errorMessage } from '@web/lib/api-error';
import { showApiErrorOnForm } from '@web/lib/api-field-errors';
import { spanishToday } from '@web/lib/spanish-today';
import { toast } from '@web/lib/toast';
import {
  Alert,
  Button,
  Flex,
  Form,
  Input,
  InputNumber,
  Radio,
  Select,
  Skeleton,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import type * as z from 'zod';
import { useSuggestions } from '../api/get-suggestions';
import { useCreateCampaign } from '../api/mutations';
import { useTargetCompanies } from '../api/target-companies';
import { buildPeriod, formatPeriod, previousQuarter } from '../utils/labels';
import { PeriodPicker } from './period-picker';

export type ItemsMode = 'suggested' | 'custom';

interface ItemRow {
  kind?: RequestKind;
  label?: string;
  minDocuments?: number | null;
}

export interface CampaignFormValues {
  name?: string;
  period?: string;
  dueDate?: string;
  message?: string;
  companyIds?: string[];
  itemsMode?: ItemsMode;
  items?: ItemRow[];
}

export const ITEMS_REQUIRED = 'Añade al menos un documento a la lista';
export const KIND_REQUIRED = 'Elige qué documento pides';
export const MIN_DOCUMENTS_INVALID = 'Indica cuántos documentos (de 1 a 50)';
export const CREATED_MESSAGE = 'Campaña creada como borrador. Revísala y envíala a tus clientes.';

/** The form's fields the server's validation errors can land on. */
const FORM_FIELDS = ['name', 'period', 'dueDate', 'message', 'companyIds'];

type CheckResult =
  | { ok: true; body: z.input<typeof CreateCampaignBody> }
  | { ok: false; fields: { name: (string | number)[]; errors: string[] }[]; itemsError: string | null };

/**
 * The request body from the form, checked by the schema. Empty optional text is left out; with the
 * suggested items no `items` are sent (the server asks each company for what its profile suggests).
 */
export function checkCampaignForm(values: CampaignFormValues): CheckResult {
  const custom = values.itemsMode === 'custom';
  const rows = values.items ?? [];
  const body: z.input<typeof CreateCampaignBody> = {
    name: (values.name ?? '').trim(),
    period: values.period ?? '',
    dueDate: values.dueDate ?? '',
    companyIds: values.companyIds ?? [],
    ...(values.message?.trim() ? { message: values.message.trim() } : {}),
    ...(custom
      ? {
          items: rows.map((row) => ({
            kind: row.kind as RequestKind,
            ...(row.label?.trim() ? { label: row.label.trim() } : {}),
            minDocuments: row.minDocuments ?? Number.NaN,
          })),
        }
      : {}),
  };
  const parsed = CreateCampaignBody.safeParse(body);
  if (parsed.success) return { ok: true, body };
  const byField = new Map<string, { name: (string | number)[]; errors: string[] }>();
  let itemsError: string | null = null;
  for (const issue of parsed.error.issues) {
    const [head, index, leaf] = issue.path;
    if (head === 'items') {
      if (index === undefined) itemsError = ITEMS_REQUIRED;
      else if (leaf === 'kind') add(byField, ['items', index as number, 'kind'], KIND_REQUIRED);
      else if (leaf === 'minDocuments')
        add(byField, ['items', index as number, 'minDocuments'], MIN_DOCUMENTS_INVALID);
      else add(byField, ['items', index as number, String(leaf ?? 'label')], issue.message);
      continue;
    }
    if (typeof head === 'string') add(byField, [head], issue.message);
  }
  return { ok: false, fields: [...byField.values()], itemsError };
}

function add(
  map: Map<string, { name: (string | number)[]; errors: string[] }>,
  name: (string | number)[],
  message: string,
) {
  const key = name.join('.');
  const entry = map.get(key) ?? { name, errors: [] };
  if (!entry.errors.includes(message)) entry.errors.push(message);
  map.set(key, entry);
}

const KIND_OPTIONS = REQUEST_KINDS.map((kind) => ({ value: kind, label: requestKindLabels[kind] }));

export function CreateCampaignDrawer({
  open,
  onClose,
  onCreated,
  today = spanishToday(),
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (campaign: Campaign) => void;
  /** `YYYY-MM-DD` in Spain (tests pass their own). */
  today?: string;
}) {
  const [form] = Form.useForm<CampaignFormValues>();
  const [itemsError, setItemsError] = useState<string | null>(null);
  const create = useCreateCampaign();
  const thisYear = Number(today.slice(0, 4));

  const submit = (values: CampaignFormValues) => {
    const checked = checkCampaignForm(values);
    setItemsError(checked.ok ? null : checked.itemsError);
    if (!checked.ok) {
      type FieldName = Parameters<typeof form.setFields>[0][number]['name'];
      form.setFields(checked.fields.map(({ name, errors }) => ({ name: name as FieldName, errors })));
      if (checked.fields[0]) form.scrollToField(checked.fields[0].name as FieldName);
      return;
    }
    create.mutate(checked.body, {
      onSuccess: (campaign) => {
        toast.success(CREATED_MESSAGE);
        onCreated(campaign);
      },
      onError: (error) => {
        if (!showApiErrorOnForm(form, error, FORM_FIELDS)) toast.error(errorMessage(error));
      },
    });
  };

  return (
    <FormDrawer
      title="Nueva campaña de documentación"
      open={open}
      onClose={onClose}
      onSave={() => form.submit()}
      saving={create.isPending}
      saveLabel="Crear borrador"
      size={720}
    >
      <Form<CampaignFormValues>
        form={form}
        layout="vertical"
        aria-label="Nueva campaña de documentación"
        onFinish={submit}
        initialValues={{
          period: buildPeriod(previousQuarter(today)),
          itemsMode: 'suggested',
          companyIds: [],
          items: [{ kind: 'BANK_STATEMENTS', minDocuments: 3 }],
        }}
      >
        <Form.Item name="name" label="Nombre">
          <Input aria-label="Nombre" maxLength={120} placeholder="Documentación del 3.er trimestre" />
        </Form.Item>
        <Form.Item name="period" label="Periodo">
          <PeriodPicker thisYear={thisYear} />
        </Form.Item>
        <Form.Item name="dueDate" label="Fecha límite">
          <Input aria-label="Fecha límite" type="date" min={today} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="message" label="Mensaje para tus clientes">
          <Input.TextArea
            aria-label="Mensaje para tus clientes"
            rows={3}
            maxLength={2000}
            placeholder="Necesitamos esta documentación para presentar los modelos del trimestre."
          />
        </Form.Item>
        <CompaniesField />
        <Form.Item name="itemsMode" label="Documentación que se pide">
          <Radio.Group
            aria-label="Documentación que se pide"
            options={[
              { value: 'suggested', label: 'Sugeridos por el perfil fiscal de cada cliente' },
              { value: 'custom', label: 'La misma lista para todos' },
            ]}
          />
        </Form.Item>
        <Form.Item noStyle shouldUpdate={(a, b) => a.itemsMode !== b.itemsMode}>
          {({ getFieldValue }) =>
            getFieldValue('itemsMode') === 'custom' ? (
              <CustomItems error={itemsError} />
            ) : (
              <SuggestionsPreview />
            )
          }
        </Form.Item>
      </Form>
    </FormDrawer>
  );
}

function CompaniesField() {
  const form = Form.useFormInstance<CampaignFormValues>();
  const chosen = Form.useWatch('companyIds', form) ?? [];
  const companies = useTargetCompanies();
  const options = (companies.data ?? []).map((c) => ({ value: c.companyId, label: `${c.name} · ${c.nif}` }));
  return (
    <Form.Item
      name="companyIds"
      label="Clientes"
      extra={
        companies.isError ? (
          <Typography.Text type="danger">
            No se han podido cargar tus clientes: {errorMessage(companies.error)}{' '}
            <Button size="small" type="link" onClick={() => void companies.refetch()}>
              Reintentar
            </Button>
          </Typography.Text>
        ) : (
          <Flex gap={8} align="center" wrap>
            <span>
              {chosen.length} de {options.length} clientes
            </span>
            <Button
              size="small"
              type="link"
              disabled={options.length === 0}
              onClick={() =>
                form.setFields([{ name: 'companyIds', value: options.map((o) => o.value), errors: [] }])
              }
            >
              Elegir todos
            </Button>
          </Flex>
        )
      }
    >
      <Select
        aria-label="Clientes"
        mode="multiple"
        loading={companies.isPending}
        options={options}
        optionFilterProp="label"
        placeholder="Elige los clientes a los que pides la documentación"
        maxCount={500}
      />
    </Form.Item>
  );
}

function SuggestionsPreview() {
  const form = Form.useFormInstance<CampaignFormValues>();
  const companyIds = Form.useWatch('companyIds', form) ?? [];
  const period = Form.useWatch('period', form) ?? null;
  const companies = useTargetCompanies();
  const [chosen, setChosen] = useState<string | null>(null);
  const previewId = chosen && companyIds.includes(chosen) ? chosen : (companyIds[0] ?? null);
  const suggestions = useSuggestions(previewId, period);
  const nameOf = new Map((companies.data ?? []).map((c) => [c.companyId, c.name]));

  if (companyIds.length === 0) {
    return (
      <Alert
        type="info"
        showIcon
        title="Cada cliente recibirá lo que pide su perfil fiscal"
        description="Elige clientes para ver qué se pedirá a cada uno."
      />
    );
  }
  return (
    <Flex vertical gap={8}>
      <Flex gap={8} align="center" wrap>
        <Typography.Text>Vista previa para</Typography.Text>
        <Select
          aria-label="Vista previa para"
          style={{ minWidth: 260 }}
          value={previewId}
          options={companyIds.map((id) => ({ value: id, label: nameOf.get(id) ?? id }))}
          onChange={setChosen}
        />
        {period ? <Typography.Text type="secondary">{formatPeriod(period)}</Typography.Text> : null}
      </Flex>
      {suggestions.isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : suggestions.isError ? (
        <Alert
          type="warning"
          showIcon
          title="No se han podido cargar las sugerencias"
          description={errorMessage(suggestions.error)}
          action={
            <Button size="small" onClick={() => void suggestions.refetch()}>
              Reintentar
            </Button>
          }
        />
      ) : suggestions.data.length === 0 ? (
        <Alert
          type="warning"
          showIcon
          title="Su perfil fiscal no sugiere documentación para este periodo"
          description="Usa la misma lista para todos si quieres pedirle algo."
        />
      ) : (
        <Flex vertical gap={8} role="list" aria-label="Documentación sugerida">
          {suggestions.data.map((s) => (
            <Flex key={`${s.kind}-${s.label}`} role="listitem" gap={8} align="start" justify="space-between">
              <Flex vertical gap={0}>
                <Typography.Text>
                  {s.label}
                  {s.minDocuments > 1 ? ` (${s.minDocuments} documentos)` : ''}
                </Typography.Text>
                <Typography.Text type="secondary">{s.reason}</Typography.Text>
              </Flex>
              <Tag>{requestKindLabels[s.kind]}</Tag>
            </Flex>
          ))}
        </Flex>
      )}
    </Flex>
  );
}

function CustomItems({ error }: { error: string | null }) {
  return (
    <Form.List name="items">
      {(fields, { add, remove }) => (
        <Flex vertical gap={8}>
          {fields.map((field, index) => (
            <Flex
              key={field.key}
              gap={8}
              align="start"
              wrap
              role="group"
              aria-label={`Documento ${index + 1}`}
            >
              <Form.Item name={[field.name, 'kind']} style={{ marginBottom: 0, minWidth: 240 }}>
                <Select
                  aria-label={`Tipo del documento ${index + 1}`}
                  options={KIND_OPTIONS}
                  placeholder="Documento"
                />
              </Form.Item>
              <Form.Item name={[field.name, 'label']} style={{ marginBottom: 0, flex: 1, minWidth: 180 }}>
                <Input
                  aria-label={`Texto para el cliente del documento ${index + 1}`}
                  maxLength={120}
                  placeholder="Texto para el cliente (opcional)"
                />
              </Form.Item>
              <Form.Item name={[field.name, 'minDocuments']} style={{ marginBottom: 0 }}>
                <InputNumber
                  aria-label={`Cuántos del documento ${index + 1}`}
                  min={1}
                  max={50}
                  precision={0}
                  style={{ width: 90 }}
                />
              </Form.Item>
              <Button
                aria-label={`Quitar el documento ${index + 1}`}
                icon={<DeleteOutlined />}
                onClick={() => remove(field.name)}
              />
            </Flex>
          ))}
          {error ? <Typography.Text type="danger">{error}</Typography.Text> : null}
          <Button
            icon={<PlusOutlined />}
            onClick={() => add({ kind: undefined, minDocuments: 1 })}
            disabled={fields.length >= 20}
            style={{ width: 'fit-content' }}
          >
            Añadir documento
          </Button>
        </Flex>
      )}
    </Form.List>
  );
}
