import type {
  GenerationMode,
  GenerationStatus,
  RecurringGeneration,
  RecurringScheduledItem,
  UpdateRecurringSettingsBody,
} from '@shared/schemas/recurring-invoices';
import { MAX_DAYS_IN_ADVANCE } from '@shared/schemas/recurring-invoices';
import { CompanyFromUrlGate } from '@web/components/company-from-url-gate';
import { LoadError, LoadingBlock } from '@web/components/load-states';
import { PageHeader } from '@web/components/page-header';
import { useCompanyId } from '@web/lib/company';
import { formatCents, formatDate, formatDateTime } from '@web/lib/format';
import { paths } from '@web/lib/paths';
import { toast } from '@web/lib/toast';
import {
  Button,
  Card,
  Col,
  Empty,
  Flex,
  Form,
  InputNumber,
  Radio,
  Row,
  Select,
  Statistic,
  Switch,
  Table,
  type TableColumnsType,
  Tag,
} from 'antd';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  GENERATIONS_PAGE_SIZE,
  useRecurringGenerations,
  useRecurringScheduled,
  useRecurringSettings,
  useRecurringStats,
  useUpdateRecurringSettings,
} from '../api/recurring';
import { GENERATION_STATUS_LABELS, MODE_LABELS, optionsOf } from '../utils/labels';
import { NoCompany } from './no-company';

/** /app/invoices/recurring/dashboard */
/** A notification's link names its company (`?company=`): that company is selected first. */
export function DashboardPage() {
  return (
    <CompanyFromUrlGate>
      <SelectedCompanyDashboard />
    </CompanyFromUrlGate>
  );
}

function SelectedCompanyDashboard() {
  const companyId = useCompanyId();
  return companyId ? <RecurringDashboard companyId={companyId} /> : <NoCompany />;
}

export function RecurringDashboard({ companyId }: { companyId: string }) {
  return (
    <>
      <PageHeader
        title="Facturas recurrentes"
        actions={
          <Link to={paths.app.recurring.templates}>
            <Button type="primary">Plantillas</Button>
          </Link>
        }
      />
      <Flex vertical gap={16}>
        <Stats companyId={companyId} />
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={12}>
            <Upcoming companyId={companyId} />
          </Col>
          <Col xs={24} xl={12}>
            <SettingsCard companyId={companyId} />
          </Col>
        </Row>
        <Generations companyId={companyId} />
      </Flex>
    </>
  );
}

function Stats({ companyId }: { companyId: string }) {
  const { data, isPending, isError, error, refetch } = useRecurringStats(companyId);
  if (isError)
    return (
      <LoadError
        title="No se han podido cargar las estadísticas"
        error={error}
        onRetry={() => void refetch()}
      />
    );
  const cards = [
    { title: 'Plantillas activas', value: data ? String(data.activeTemplates) : '—' },
    { title: 'Generadas este mes', value: data ? String(data.generatedThisMonth) : '—' },
    { title: 'Generadas este año', value: data ? String(data.generatedThisYear) : '—' },
    { title: 'Fallidas este año', value: data ? String(data.failedThisYear) : '—' },
    { title: 'Facturación mensual prevista', value: data ? formatCents(data.expectedMonthlyCents) : '—' },
    { title: 'Próxima generación', value: data?.nextRunDate ? formatDate(data.nextRunDate) : '—' },
  ];
  return (
    <Row gutter={[12, 12]}>
      {cards.map((c) => (
        <Col key={c.title} xs={12} md={8} xl={4}>
          <Card size="small">
            <Statistic title={c.title} value={c.value} loading={isPending} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}

function Upcoming({ companyId }: { companyId: string }) {
  const { data, isPending, isError, error, refetch } = useRecurringScheduled(companyId);
  return (
    <Card size="small" title="Próximas facturas">
      {isError ? (
        <LoadError
          title="No se han podido cargar las próximas facturas"
          error={error}
          onRetry={() => void refetch()}
        />
      ) : (
        <Table<RecurringScheduledItem>
          size="small"
          loading={isPending}
          rowKey={(s) => `${s.templateId}-${s.date}`}
          dataSource={data ?? []}
          pagination={{ pageSize: 8, hideOnSinglePage: true }}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Empty description="No hay facturas programadas" /> }}
          columns={[
            { title: 'Fecha', key: 'date', render: (_, s) => formatDate(s.date) },
            { title: 'Plantilla', dataIndex: 'templateName', key: 'templateName' },
            { title: 'Cliente', dataIndex: 'customerName', key: 'customerName' },
            { title: 'Importe', key: 'total', align: 'right', render: (_, s) => formatCents(s.totalCents) },
            { title: 'Modo', key: 'mode', render: (_, s) => MODE_LABELS[s.mode] },
          ]}
        />
      )}
    </Card>
  );
}

const STATUS_OPTIONS = (Object.keys(GENERATION_STATUS_LABELS) as GenerationStatus[]).map((value) => ({
  value,
  label: GENERATION_STATUS_LABELS[value].label,
}));

function Generations({ companyId }: { companyId: string }) {
  const [page, setPage] = useState(0);
  const [status, setStatus] = useState<GenerationStatus | undefined>();
  const { data, isPending, isFetching, isError, error, refetch } = useRecurringGenerations(companyId, {
    page,
    status,
  });
  const columns: TableColumnsType<RecurringGeneration> = [
    { title: 'Generada', key: 'generatedAt', render: (_, g) => formatDateTime(g.generatedAt) },
    { title: 'Periodo', key: 'occurrence', render: (_, g) => formatDate(g.occurrenceDate) },
    { title: 'Plantilla', dataIndex: 'templateName', key: 'templateName' },
    { title: 'Cliente', key: 'customer', render: (_, g) => g.customerName ?? '' },
    {
      title: 'Factura',
      key: 'invoice',
      render: (_, g) =>
        g.invoiceId ? (
          <Link to={paths.app.invoicing.invoice(g.invoiceId)}>{g.invoiceNumber ?? 'Borrador'}</Link>
        ) : (
          '—'
        ),
    },
    {
      title: 'Importe',
      key: 'total',
      align: 'right',
      render: (_, g) => (g.totalCents === null ? '' : formatCents(g.totalCents)),
    },
    {
      title: 'Estado',
      key: 'status',
      render: (_, g) => (
        <Flex vertical>
          <Tag color={GENERATION_STATUS_LABELS[g.status].color} style={{ width: 'fit-content' }}>
            {GENERATION_STATUS_LABELS[g.status].label}
          </Tag>
          {g.reason ? <span style={{ opacity: 0.65, fontSize: 12 }}>{g.reason}</span> : null}
        </Flex>
      ),
    },
    { title: 'Origen', key: 'trigger', render: (_, g) => (g.trigger === 'MANUAL' ? 'Manual' : 'Programada') },
  ];
  return (
    <Card
      size="small"
      title="Últimas generaciones"
      extra={
        <Select
          size="small"
          allowClear
          placeholder="Todos los estados"
          aria-label="Filtrar generaciones por estado"
          options={STATUS_OPTIONS}
          value={status}
          onChange={(v?: GenerationStatus) => {
            setStatus(v);
            setPage(0);
          }}
          style={{ minWidth: 160 }}
        />
      }
    >
      {isError ? (
        <LoadError
          title="No se han podido cargar las generaciones"
          error={error}
          onRetry={() => void refetch()}
        />
      ) : (
        <Table<RecurringGeneration>
          size="small"
          loading={isFetching}
          rowKey={(g) => `${g.templateId}-${g.occurrenceDate}-${g.generatedAt}`}
          dataSource={data?.content ?? []}
          columns={columns}
          scroll={{ x: 'max-content' }}
          locale={{
            emptyText: isPending ? ' ' : <Empty description="Todavía no se ha generado ninguna factura" />,
          }}
          pagination={{
            current: page + 1,
            pageSize: GENERATIONS_PAGE_SIZE,
            total: data?.totalElements ?? 0,
            hideOnSinglePage: true,
          }}
          onChange={(p) => setPage((p.current ?? 1) - 1)}
        />
      )}
    </Card>
  );
}

interface SettingsValues {
  generationMode: GenerationMode;
  daysInAdvance: number;
  notifyOnFailure: boolean;
}

function SettingsCard({ companyId }: { companyId: string }) {
  const { data, isPending, isError, error, refetch } = useRecurringSettings(companyId);
  const update = useUpdateRecurringSettings(companyId);
  const [form] = Form.useForm<SettingsValues>();

  useEffect(() => {
    if (data)
      form.setFieldsValue({
        generationMode: data.generationMode,
        daysInAdvance: data.daysInAdvance,
        notifyOnFailure: data.notifyOnFailure,
      });
  }, [data, form]);

  const submit = (v: SettingsValues) => {
    const body: UpdateRecurringSettingsBody = {
      generationMode: v.generationMode,
      daysInAdvance: v.daysInAdvance,
      notifyOnFailure: v.notifyOnFailure,
      defaultSeriesId: data?.defaultSeriesId ?? null,
    };
    update.mutate(body, {
      onSuccess: () => toast.success('Configuración guardada.'),
      onError: (e) => toast.fromError(e),
    });
  };

  return (
    <Card size="small" title="Configuración">
      {isError ? (
        <LoadError
          title="No se ha podido cargar la configuración"
          error={error}
          onRetry={() => void refetch()}
        />
      ) : isPending ? (
        <LoadingBlock />
      ) : (
        <Form<SettingsValues>
          form={form}
          layout="vertical"
          onFinish={submit}
          aria-label="Configuración de facturas recurrentes"
        >
          <Form.Item name="generationMode" label="Al llegar la fecha">
            <Radio.Group options={optionsOf(MODE_LABELS)} optionType="button" />
          </Form.Item>
          <Form.Item
            name="daysInAdvance"
            label="Días de antelación"
            rules={[
              {
                type: 'integer',
                min: 0,
                max: MAX_DAYS_IN_ADVANCE,
                message: `Los días de antelación van de 0 a ${MAX_DAYS_IN_ADVANCE}.`,
              },
            ]}
          >
            <InputNumber min={0} max={MAX_DAYS_IN_ADVANCE} precision={0} />
          </Form.Item>
          <Form.Item name="notifyOnFailure" label="Avisarme si una generación falla" valuePropName="checked">
            <Switch />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={update.isPending}>
            Guardar configuración
          </Button>
        </Form>
      )}
    </Card>
  );
}
