/**
 * /app/smart-inbox/advanced (issue 17 item 4; spec part 3 §7): the configuration (enabled, automatic
 * processing, allowed senders, authentication required), an IMAP mailbox tested then configured
 * (the password is sent, never shown back), process now (forceProcess), the export of the
 * processed invoices (dates, CSV or XLSX), the daily statistics and the accuracy.
 */
import { type ImapSettingsBody, type InboxConfiguration, UpdateInboxConfigBody } from '@shared/schemas/inbox';
import { EmptyState, LoadError, LoadingBlock } from '@web/components/load-states';
import { PageHeader } from '@web/components/page-header';
import { useCanCall } from '@web/lib/access';
import { errorMessage } from '@web/lib/api-error';
import { useCompanyId } from '@web/lib/company';
import { formatDate, formatDateTime, formatInteger } from '@web/lib/format';
import { paths } from '@web/lib/paths';
import { showToast } from '@web/lib/toast';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Col,
  DatePicker,
  Flex,
  Form,
  Input,
  InputNumber,
  Progress,
  Row,
  Select,
  Statistic,
  Switch,
  Table,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useInboxAccuracy, useInboxConfig, useInboxDailyStatistics } from '../api/get-inbox-data';
import { exportInboxInvoices, useTestImap } from '../api/inbox-actions';
import { useInboxRunner } from './smart-inbox-page';
import { percent } from './status-tags';

export function SmartInboxAdvancedPage() {
  const companyId = useCompanyId();
  return (
    <>
      <PageHeader
        title="Buzón inteligente: configuración avanzada"
        back={{ to: paths.app.smartInbox, label: 'Buzón inteligente' }}
      />
      {companyId ? (
        <AdvancedContent companyId={companyId} />
      ) : (
        <EmptyState description="Selecciona una empresa para configurar su buzón." />
      )}
    </>
  );
}

function AdvancedContent({ companyId }: { companyId: string }) {
  const config = useInboxConfig(companyId);
  if (config.isPending) return <LoadingBlock label="Cargando la configuración" />;
  if (config.isError)
    return (
      <LoadError
        title="Error cargando la configuración"
        error={config.error}
        onRetry={() => void config.refetch()}
      />
    );
  return (
    <Flex vertical gap={16}>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <ConfigCard companyId={companyId} config={config.data} />
        </Col>
        <Col xs={24} lg={12}>
          <ImapCard companyId={companyId} config={config.data} />
        </Col>
      </Row>
      <ProcessAndExport companyId={companyId} />
      <DailyStatistics companyId={companyId} />
      <Accuracy companyId={companyId} />
    </Flex>
  );
}

function ConfigCard({ companyId, config }: { companyId: string; config: InboxConfiguration }) {
  const { run, pending } = useInboxRunner(companyId);
  const can = useCanCall();
  const [enabled, setEnabled] = useState(config.enabled);
  const [autoProcess, setAutoProcess] = useState(config.autoProcess);
  const [requireAuthentication, setRequire] = useState(config.requireAuthentication);
  const [senders, setSenders] = useState(config.allowedSenders.join('\n'));
  const [error, setError] = useState<string | null>(null);
  const save = () => {
    const parsed = UpdateInboxConfigBody.safeParse({
      enabled,
      autoProcess,
      requireAuthentication,
      allowedSenders: senders
        .split(/[\n,;]/)
        .map((s) => s.trim())
        .filter(Boolean),
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Revisa los datos.');
      return;
    }
    setError(null);
    run({ kind: 'config', body: parsed.data });
  };
  const editable = can('inbox.updateConfig');
  return (
    <Card size="small" title="Configuración">
      <Form layout="vertical" component="div" disabled={!editable}>
        <Form.Item>
          <Checkbox checked={enabled} onChange={(e) => setEnabled(e.target.checked)}>
            Buzón activado
          </Checkbox>
        </Form.Item>
        <Form.Item>
          <Checkbox checked={autoProcess} onChange={(e) => setAutoProcess(e.target.checked)}>
            Procesar automáticamente los adjuntos
          </Checkbox>
        </Form.Item>
        <Form.Item>
          <Checkbox checked={requireAuthentication} onChange={(e) => setRequire(e.target.checked)}>
            Exigir autenticación del remitente (SPF, DKIM, DMARC)
          </Checkbox>
        </Form.Item>
        <Form.Item label="Remitentes permitidos (uno por línea; vacío: cualquiera)">
          <Input.TextArea
            aria-label="Remitentes permitidos"
            rows={4}
            placeholder={'facturas@proveedor.es\n@otroproveedor.com'}
            value={senders}
            onChange={(e) => setSenders(e.target.value)}
          />
        </Form.Item>
        {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 8 }} /> : null}
        {editable ? (
          <Button type="primary" loading={pending} onClick={save}>
            Guardar configuración
          </Button>
        ) : null}
      </Form>
    </Card>
  );
}

function ImapCard({ companyId, config }: { companyId: string; config: InboxConfiguration }) {
  const { run, pending } = useInboxRunner(companyId);
  const test = useTestImap(companyId);
  const can = useCanCall();
  const [form] = Form.useForm<ImapSettingsBody>();
  const imap = config.imap;
  const values = (): ImapSettingsBody => {
    const v = form.getFieldsValue();
    return { ...v, port: Number(v.port), folder: v.folder || 'INBOX', secure: v.secure ?? true };
  };
  if (!can('inbox.configureImap') && !can('inbox.testImap')) return null;
  return (
    <Card size="small" title="Buzón IMAP (opcional)">
      {imap ? (
        <Alert
          type={imap.lastError ? 'error' : 'info'}
          showIcon
          style={{ marginBottom: 12 }}
          title={`Configurado: ${imap.username} en ${imap.host}`}
          description={
            imap.lastError ??
            (imap.lastPolledAt
              ? `Última lectura: ${formatDateTime(imap.lastPolledAt)}`
              : 'Aún no se ha leído.')
          }
        />
      ) : null}
      <Form<ImapSettingsBody>
        form={form}
        layout="vertical"
        initialValues={{
          host: imap?.host ?? '',
          port: imap?.port ?? 993,
          secure: imap?.secure ?? true,
          username: imap?.username ?? '',
          password: '',
          folder: imap?.folder ?? 'INBOX',
        }}
        onFinish={() =>
          run({ kind: 'configureImap', body: values() }, () => form.setFieldValue('password', ''))
        }
      >
        <Row gutter={8}>
          <Col span={16}>
            <Form.Item
              name="host"
              label="Servidor"
              rules={[{ required: true, message: 'Indica el servidor IMAP' }]}
            >
              <Input aria-label="Servidor IMAP" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="port" label="Puerto">
              <InputNumber aria-label="Puerto" min={1} max={65535} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="secure" label="Conexión segura (TLS)" valuePropName="checked">
          <Switch aria-label="TLS" />
        </Form.Item>
        <Form.Item name="username" label="Usuario" rules={[{ required: true, message: 'Indica el usuario' }]}>
          <Input aria-label="Usuario IMAP" autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="password"
          label="Contraseña"
          rules={[{ required: true, message: 'Indica la contraseña' }]}
        >
          <Input.Password aria-label="Contraseña IMAP" autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="folder" label="Carpeta">
          <Input aria-label="Carpeta" />
        </Form.Item>
        <Flex gap={8}>
          {can('inbox.testImap') ? (
            <Button
              loading={test.isPending}
              onClick={() =>
                form.validateFields().then(() =>
                  test.mutate(values(), {
                    onSuccess: (r) =>
                      r.ok
                        ? showToast(
                            'success',
                            `Conexión correcta${r.messages === null ? '' : `: ${formatInteger(r.messages)} mensajes`}`,
                          )
                        : showToast('error', r.error ?? 'No se pudo conectar'),
                    onError: (e) => showToast('error', errorMessage(e)),
                  }),
                )
              }
            >
              Probar conexión
            </Button>
          ) : null}
          {can('inbox.configureImap') ? (
            <Button type="primary" htmlType="submit" loading={pending}>
              Guardar IMAP
            </Button>
          ) : null}
        </Flex>
      </Form>
    </Card>
  );
}

function ProcessAndExport({ companyId }: { companyId: string }) {
  const { run, pending } = useInboxRunner(companyId);
  const can = useCanCall();
  const [force, setForce] = useState(false);
  const [range, setRange] = useState<[Dayjs, Dayjs] | null>(null);
  const [format, setFormat] = useState<'CSV' | 'XLSX'>('XLSX');
  const [exporting, setExporting] = useState(false);
  const doExport = async () => {
    if (!range) return;
    setExporting(true);
    try {
      await exportInboxInvoices(
        { startDate: range[0].format('YYYY-MM-DD'), endDate: range[1].format('YYYY-MM-DD'), format },
        companyId,
      );
    } catch (e) {
      showToast('error', errorMessage(e));
    } finally {
      setExporting(false);
    }
  };
  return (
    <Row gutter={[16, 16]}>
      {can('inbox.process') ? (
        <Col xs={24} lg={12}>
          <Card size="small" title="Procesar ahora">
            <Flex gap={12} align="center" wrap>
              <Checkbox checked={force} onChange={(e) => setForce(e.target.checked)}>
                Forzar (volver a procesar también los ya procesados)
              </Checkbox>
              <Button
                type="primary"
                loading={pending}
                onClick={() => run({ kind: 'process', forceProcess: force })}
              >
                Procesar correos
              </Button>
            </Flex>
          </Card>
        </Col>
      ) : null}
      {can('inbox.exportInvoices') ? (
        <Col xs={24} lg={12}>
          <Card size="small" title="Exportar facturas">
            <Flex gap={8} wrap>
              <DatePicker.RangePicker
                aria-label="Fechas de la exportación"
                format="DD/MM/YYYY"
                value={range}
                onChange={(r) => setRange(r?.[0] && r[1] ? [r[0], r[1]] : null)}
              />
              <Select
                aria-label="Formato"
                value={format}
                options={[
                  { value: 'XLSX', label: 'Excel (XLSX)' },
                  { value: 'CSV', label: 'CSV' },
                ]}
                onChange={(f: 'CSV' | 'XLSX') => setFormat(f)}
              />
              <Button disabled={!range} loading={exporting} onClick={() => void doExport()}>
                Exportar
              </Button>
            </Flex>
          </Card>
        </Col>
      ) : null}
    </Row>
  );
}

function DailyStatistics({ companyId }: { companyId: string }) {
  const daily = useInboxDailyStatistics(companyId, 30);
  const rows = daily.data?.daily ?? [];
  const max = Math.max(1, ...rows.map((r) => r.received));
  return (
    <Card size="small" title="Estadísticas diarias (30 días)">
      {daily.isError ? (
        <LoadError
          title="Error cargando estadísticas"
          error={daily.error}
          onRetry={() => void daily.refetch()}
        />
      ) : (
        <Table
          size="small"
          rowKey="date"
          loading={daily.isPending}
          dataSource={rows}
          pagination={{ pageSize: 10 }}
          locale={{ emptyText: 'No hay datos disponibles' }}
          columns={[
            { title: 'Día', dataIndex: 'date', render: (d: string) => formatDate(d) },
            {
              title: 'Recibidos',
              dataIndex: 'received',
              render: (n: number) => (
                <Progress
                  percent={Math.round((n / max) * 100)}
                  format={() => formatInteger(n)}
                  size="small"
                />
              ),
            },
            { title: 'Procesados', dataIndex: 'processed', align: 'right' },
            { title: 'Facturas', dataIndex: 'invoices', align: 'right' },
            { title: 'Ignorados', dataIndex: 'ignored', align: 'right' },
            { title: 'Con error', dataIndex: 'failed', align: 'right' },
          ]}
        />
      )}
    </Card>
  );
}

function Accuracy({ companyId }: { companyId: string }) {
  const accuracy = useInboxAccuracy(companyId);
  if (!accuracy.data) return null;
  return (
    <Card size="small" title="Precisión de la lectura">
      <Row gutter={16}>
        <Col xs={12} md={6}>
          <Statistic title="Precisión global" value={percent(accuracy.data.overallAccuracy)} />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title="Revisiones" value={formatInteger(accuracy.data.reviews)} />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title="Aprobadas" value={formatInteger(accuracy.data.approved)} />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title="Rechazadas" value={formatInteger(accuracy.data.rejected)} />
        </Col>
      </Row>
    </Card>
  );
}
