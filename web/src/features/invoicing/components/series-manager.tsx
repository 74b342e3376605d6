/**
 * The invoice series manager (a drawer, loaded on demand): the company's series with their
 * purpose, number format and example, default and active flags and issued count; create and edit
 * (code, purpose and format frozen once a series issued numbers), set as default, deactivate and
 * delete (only a series that never issued a number). The API's errors are shown under the fields
 * they name, or above the table.
 */
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { type InvoiceSeriesView, numberFormatProblem, SERIES_PURPOSES } from '@shared/schemas/invoice-series';
import { errorMessage } from '@web/lib/api-error';
import { useCompanyId } from '@web/lib/company';
import { formatInteger } from '@web/lib/format';
import { showToast } from '@web/lib/toast';
import {
  Alert,
  Button,
  Checkbox,
  Drawer,
  Flex,
  Form,
  Grid,
  Input,
  Popconfirm,
  Select,
  Switch,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useCreateInvoiceSeries } from '../api/create-invoice-series';
import { useDeleteInvoiceSeries } from '../api/delete-invoice-series';
import { useAllInvoiceSeries } from '../api/get-invoice-series';
import { useUpdateInvoiceSeries } from '../api/update-invoice-series';
import {
  formatExample,
  newSeriesValues,
  SERIES_CODE_MESSAGE,
  SERIES_CODE_PATTERN,
  SERIES_PURPOSE_LABELS,
  type SeriesFormValues,
  seriesFieldErrors,
  toCreateSeriesBody,
  toUpdateSeriesBody,
  valuesFromSeries,
} from '../utils/series';

type View =
  | { kind: 'list' }
  | { kind: 'create'; values: SeriesFormValues }
  | { kind: 'edit'; series: InvoiceSeriesView };

export interface SeriesManagerProps {
  open: boolean;
  onClose: () => void;
  /** Opens straight on a new series with these values (e.g. code F, ordinary, default). */
  preset?: Partial<SeriesFormValues>;
}

export function SeriesManager({ open, onClose, preset }: SeriesManagerProps) {
  const [view, setView] = useState<View>(() =>
    preset ? { kind: 'create', values: newSeriesValues(preset) } : { kind: 'list' },
  );
  const title =
    view.kind === 'create'
      ? 'Nueva serie'
      : view.kind === 'edit'
        ? `Editar la serie ${view.series.code}`
        : 'Series de facturación';
  // The whole screen on a phone, like every drawer (web/src/components/form-drawer.tsx).
  const screens = Grid.useBreakpoint();
  return (
    <Drawer
      title={title}
      open={open}
      onClose={onClose}
      size={screens.md === false ? '100%' : 820}
      destroyOnHidden
    >
      {view.kind === 'list' ? (
        <SeriesTable
          onCreate={(values) => setView({ kind: 'create', values })}
          onEdit={(series) => setView({ kind: 'edit', series })}
        />
      ) : (
        <SeriesForm
          key={view.kind === 'edit' ? view.series.seriesId : 'new'}
          series={view.kind === 'edit' ? view.series : undefined}
          initial={view.kind === 'edit' ? valuesFromSeries(view.series) : view.values}
          onDone={() => setView({ kind: 'list' })}
        />
      )}
    </Drawer>
  );
}

function SeriesTable({
  onCreate,
  onEdit,
}: {
  onCreate: (values: SeriesFormValues) => void;
  onEdit: (series: InvoiceSeriesView) => void;
}) {
  const companyId = useCompanyId();
  const series = useAllInvoiceSeries(companyId);
  const update = useUpdateInvoiceSeries(companyId);
  const remove = useDeleteInvoiceSeries(companyId);
  const [actionError, setActionError] = useState<string | null>(null);
  const rows = series.data ?? [];
  const year = new Date().getFullYear();

  const change = (s: InvoiceSeriesView, body: { isDefault?: boolean; isActive?: boolean }, done: string) => {
    setActionError(null);
    update.mutate(
      { seriesId: s.seriesId, body },
      {
        onSuccess: () => showToast('success', done),
        onError: (error) => setActionError(errorMessage(error)),
      },
    );
  };

  const newValues = () => {
    const ordinaryDefault = rows.some((s) => s.purpose === 'ORDINARY' && s.isDefault);
    return newSeriesValues({ isDefault: !ordinaryDefault });
  };

  return (
    <Flex vertical gap={12}>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        Cada factura confirmada recibe el siguiente número de su serie. La serie por defecto de cada tipo se
        usa cuando la factura no indica otra.
      </Typography.Paragraph>
      {actionError ? (
        <Alert type="error" showIcon title={actionError} closable onClose={() => setActionError(null)} />
      ) : null}
      {series.isError ? <Alert type="error" showIcon title={errorMessage(series.error)} /> : null}
      <Flex justify="flex-end">
        <Button type="primary" icon={<PlusOutlined />} onClick={() => onCreate(newValues())}>
          Nueva serie
        </Button>
      </Flex>
      <Table<InvoiceSeriesView>
        rowKey="seriesId"
        size="small"
        loading={series.isLoading}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 'max-content' }}
        aria-label="Series de facturación"
        locale={{ emptyText: 'La empresa aún no tiene series. Crea una para poder confirmar facturas.' }}
        columns={[
          {
            title: 'Código',
            key: 'code',
            render: (_, s) => (
              <Flex vertical>
                <Typography.Text strong>{s.code}</Typography.Text>
                {s.description ? <Typography.Text type="secondary">{s.description}</Typography.Text> : null}
              </Flex>
            ),
          },
          { title: 'Tipo', key: 'purpose', render: (_, s) => SERIES_PURPOSE_LABELS[s.purpose] },
          {
            title: 'Formato',
            key: 'format',
            render: (_, s) => (
              <Flex vertical>
                <Typography.Text code>{s.format}</Typography.Text>
                <Typography.Text type="secondary">
                  Ej.: {formatExample(s.format, s.code, 1, year) ?? s.example}
                </Typography.Text>
              </Flex>
            ),
          },
          {
            title: 'Estado',
            key: 'state',
            render: (_, s) => (
              <Flex gap={4} wrap>
                {s.isDefault ? <Tag color="blue">Por defecto</Tag> : null}
                {s.isActive ? <Tag color="green">Activa</Tag> : <Tag>Inactiva</Tag>}
              </Flex>
            ),
          },
          {
            title: 'Emitidas',
            key: 'issued',
            align: 'right',
            render: (_, s) => formatInteger(s.issuedCount),
          },
          {
            title: 'Acciones',
            key: 'actions',
            render: (_, s) => (
              <Flex gap={4} wrap>
                <Button size="small" onClick={() => onEdit(s)} aria-label={`Editar la serie ${s.code}`}>
                  Editar
                </Button>
                {!s.isDefault && s.isActive ? (
                  <Button
                    size="small"
                    onClick={() =>
                      change(s, { isDefault: true }, `La serie ${s.code} es ahora la serie por defecto.`)
                    }
                    aria-label={`Usar ${s.code} por defecto`}
                  >
                    Por defecto
                  </Button>
                ) : null}
                <Button
                  size="small"
                  onClick={() =>
                    s.isActive
                      ? change(s, { isActive: false }, `Serie ${s.code} desactivada.`)
                      : change(s, { isActive: true }, `Serie ${s.code} activada.`)
                  }
                  aria-label={`${s.isActive ? 'Desactivar' : 'Activar'} la serie ${s.code}`}
                >
                  {s.isActive ? 'Desactivar' : 'Activar'}
                </Button>
                {s.issuedCount === 0 ? (
                  <Popconfirm
                    title={`¿Eliminar la serie ${s.code}?`}
                    okText="Eliminar"
                    cancelText="Cancelar"
                    okButtonProps={{ danger: true }}
                    onConfirm={() => {
                      setActionError(null);
                      return remove.mutateAsync(s.seriesId).then(
                        () => showToast('success', `Serie ${s.code} eliminada.`),
                        (error: unknown) => setActionError(errorMessage(error)),
                      );
                    }}
                  >
                    <Button size="small" danger aria-label={`Eliminar la serie ${s.code}`}>
                      Eliminar
                    </Button>
                  </Popconfirm>
                ) : null}
              </Flex>
            ),
          },
        ]}
      />
    </Flex>
  );
}

function SeriesForm({
  series,
  initial,
  onDone,
}: {
  series?: InvoiceSeriesView;
  initial: SeriesFormValues;
  onDone: () => void;
}) {
  const companyId = useCompanyId();
  const [form] = Form.useForm<SeriesFormValues>();
  const create = useCreateInvoiceSeries(companyId);
  const update = useUpdateInvoiceSeries(companyId);
  const [formError, setFormError] = useState<string | null>(null);
  const frozen = (series?.issuedCount ?? 0) > 0;
  const code = Form.useWatch('code', form) as string | undefined;
  const format = Form.useWatch('format', form) as string | undefined;
  const example = formatExample(format ?? initial.format, code ?? initial.code);
  const saving = create.isPending || update.isPending;

  const onError = (error: unknown) => {
    const fields = seriesFieldErrors(error);
    if (fields.length > 0) form.setFields(fields as Parameters<typeof form.setFields>[0]);
    setFormError(errorMessage(error));
  };

  const submit = (values: SeriesFormValues) => {
    setFormError(null);
    const full = { ...initial, ...values };
    const done = (text: string) => {
      showToast('success', text);
      onDone();
    };
    if (series) {
      const body = toUpdateSeriesBody(full, series);
      if (Object.keys(body).length === 0) return onDone();
      update.mutate(
        { seriesId: series.seriesId, body },
        { onSuccess: () => done('Serie guardada.'), onError },
      );
    } else {
      create.mutate(toCreateSeriesBody(full), {
        onSuccess: (created) => done(`Serie ${created.code} creada.`),
        onError,
      });
    }
  };

  return (
    <Form<SeriesFormValues>
      form={form}
      layout="vertical"
      initialValues={initial}
      onFinish={submit}
      requiredMark="optional"
      aria-label="Formulario de serie"
    >
      {formError ? (
        <Alert
          type="error"
          showIcon
          title={formError}
          closable
          onClose={() => setFormError(null)}
          style={{ marginBottom: 16 }}
        />
      ) : null}
      {frozen ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title="La serie ya tiene facturas emitidas: su código, su tipo y su formato no se pueden cambiar."
        />
      ) : null}
      <Flex gap={16} wrap>
        <Form.Item
          name="code"
          label="Código"
          style={{ flex: '1 1 160px' }}
          normalize={(v?: string) => (v ?? '').toUpperCase()}
          rules={[
            { required: true, whitespace: true, message: 'Indica el código de la serie.' },
            { pattern: SERIES_CODE_PATTERN, message: SERIES_CODE_MESSAGE },
          ]}
        >
          <Input aria-label="Código" maxLength={10} disabled={frozen} placeholder="F" />
        </Form.Item>
        <Form.Item name="purpose" label="Tipo" style={{ flex: '1 1 200px' }}>
          <Select
            aria-label="Tipo"
            disabled={frozen}
            options={SERIES_PURPOSES.map((p) => ({ value: p, label: SERIES_PURPOSE_LABELS[p] }))}
          />
        </Form.Item>
      </Flex>
      <Form.Item
        name="description"
        label="Descripción"
        rules={[{ max: 200, message: 'Como máximo 200 caracteres.' }]}
      >
        <Input aria-label="Descripción" />
      </Form.Item>
      <Form.Item
        name="format"
        label="Formato del número"
        dependencies={['code']}
        extra={
          <>
            Marcadores: {'{SERIES}'} (código), {'{YYYY}'} o {'{YY}'} (año), {'{NNNN}'} (número, de 3 a 8 N).
            {example ? (
              <div data-testid="series-example">
                Próximo número: <strong>{example}</strong>
              </div>
            ) : null}
          </>
        }
        rules={[
          { required: true, whitespace: true, message: 'Indica el formato del número.' },
          ({ getFieldValue }) => ({
            validator: (_, value?: string) => {
              if (!value?.trim()) return Promise.resolve();
              const problem = numberFormatProblem(
                value.trim(),
                (getFieldValue('code') as string) || undefined,
              );
              return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
            },
          }),
        ]}
      >
        <Input aria-label="Formato del número" disabled={frozen} />
      </Form.Item>
      <Flex gap={24} wrap>
        <Form.Item
          name="isDefault"
          valuePropName="checked"
          dependencies={['isActive']}
          rules={[
            ({ getFieldValue }) => ({
              validator: (_, value?: boolean) =>
                value && getFieldValue('isActive') === false
                  ? Promise.reject(new Error('Una serie inactiva no puede ser la serie por defecto.'))
                  : Promise.resolve(),
            }),
          ]}
        >
          <Checkbox>Serie por defecto de su tipo</Checkbox>
        </Form.Item>
        <Form.Item name="isActive" label="Activa" valuePropName="checked" layout="horizontal">
          <Switch aria-label="Activa" />
        </Form.Item>
      </Flex>
      <Flex gap={8} justify="flex-end">
        <Button onClick={onDone}>Volver</Button>
        <Button type="primary" htmlType="submit" loading={saving}>
          {series ? 'Guardar' : 'Crear serie'}
        </Button>
      </Flex>
    </Form>
  );
}
