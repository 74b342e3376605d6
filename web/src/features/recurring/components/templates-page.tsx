import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import SearchOutlined from '@ant-design/icons/SearchOutlined';
import type { RecurringTemplate } from '@shared/schemas/recurring-invoices';
import { LoadError } from '@web/components/load-states';
import { PageHeader } from '@web/components/page-header';
import { useCompanyId } from '@web/lib/company';
import { formatCents, formatDate } from '@web/lib/format';
import { paths } from '@web/lib/paths';
import { toast } from '@web/lib/toast';
import { useDebouncedValue } from '@web/lib/use-debounced-value';
import { Button, Empty, Flex, Input, Popconfirm, Table, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import {
  TEMPLATES_PAGE_SIZE,
  useDeleteRecurringTemplate,
  useGenerateNow,
  useRecurringTemplates,
  useSaveRecurringTemplate,
} from '../api/recurring';
import { FREQUENCY_LABELS, MODE_LABELS } from '../utils/labels';
import { fromTemplate, toTemplateBody } from '../utils/template-form-values';
import { NoCompany } from './no-company';
import { TemplateDrawer } from './template-drawer';

/** /app/invoices/recurring/templates */
export function TemplatesPage() {
  const companyId = useCompanyId();
  return companyId ? <Templates companyId={companyId} /> : <NoCompany />;
}

export function Templates({ companyId }: { companyId: string }) {
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(TEMPLATES_PAGE_SIZE);
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim());
  const { data, error, isError, isPending, isFetching, refetch } = useRecurringTemplates(companyId, {
    page,
    size,
    search,
  });
  const generate = useGenerateNow(companyId);
  const remove = useDeleteRecurringTemplate(companyId);
  const save = useSaveRecurringTemplate(companyId);
  const [editing, setEditing] = useState<{ template: RecurringTemplate | null } | null>(null);

  const toggle = (t: RecurringTemplate) =>
    save.mutate(
      { templateId: t.templateId, body: toTemplateBody({ ...fromTemplate(t), isActive: !t.isActive }) },
      {
        onSuccess: () => toast.success(t.isActive ? 'Plantilla desactivada.' : 'Plantilla activada.'),
        onError: (e) => toast.fromError(e),
      },
    );

  const columns: TableColumnsType<RecurringTemplate> = [
    { title: 'Nombre', dataIndex: 'name', key: 'name', render: (n: string) => <strong>{n}</strong> },
    { title: 'Cliente', dataIndex: 'customerName', key: 'customerName' },
    {
      title: 'Frecuencia',
      key: 'frequency',
      render: (_, t) => `${FREQUENCY_LABELS[t.frequency]}${t.interval > 1 ? ` (cada ${t.interval})` : ''}`,
    },
    { title: 'Próxima', key: 'next', render: (_, t) => (t.nextRunDate ? formatDate(t.nextRunDate) : '—') },
    { title: 'Importe', key: 'total', align: 'right', render: (_, t) => formatCents(t.totals.totalCents) },
    { title: 'Generadas', dataIndex: 'generatedCount', key: 'generatedCount', align: 'right' },
    {
      title: 'Modo',
      key: 'mode',
      render: (_, t) => (t.generationMode ? MODE_LABELS[t.generationMode] : 'Según configuración'),
    },
    {
      title: 'Estado',
      key: 'isActive',
      render: (_, t) => (t.isActive ? <Tag color="success">Activa</Tag> : <Tag>Inactiva</Tag>),
    },
    {
      title: 'Acciones',
      key: 'actions',
      render: (_, t) => (
        <Flex gap={8} wrap>
          <Button size="small" onClick={() => setEditing({ template: t })} aria-label={`Editar ${t.name}`}>
            Editar
          </Button>
          <Popconfirm
            title="¿Generar la factura ahora?"
            okText="Generar"
            cancelText="Cancelar"
            onConfirm={() =>
              generate.mutate(t.templateId, {
                onSuccess: (result) =>
                  toast.success(
                    result?.generation?.status === 'FAILED'
                      ? `No se ha podido generar: ${result.generation.reason ?? 'error'}`
                      : 'Factura generada.',
                  ),
                onError: (e) => toast.fromError(e),
              })
            }
          >
            <Button
              size="small"
              type="primary"
              ghost
              disabled={!t.isActive}
              loading={generate.isPending && generate.variables === t.templateId}
            >
              Generar ahora
            </Button>
          </Popconfirm>
          <Button size="small" onClick={() => toggle(t)}>
            {t.isActive ? 'Desactivar' : 'Activar'}
          </Button>
          <Popconfirm
            title="¿Eliminar esta plantilla?"
            description="Las facturas ya generadas se conservan."
            okText="Eliminar"
            cancelText="Cancelar"
            onConfirm={() =>
              remove.mutate(t.templateId, {
                onSuccess: () => toast.success('Plantilla eliminada.'),
                onError: (e) => toast.fromError(e),
              })
            }
          >
            <Button size="small" danger icon={<DeleteOutlined />} aria-label={`Eliminar ${t.name}`} />
          </Popconfirm>
        </Flex>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Plantillas recurrentes"
        back={{ to: paths.app.recurring.dashboard, label: 'Facturas recurrentes' }}
        actions={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ template: null })}>
            Nueva plantilla
          </Button>
        }
      />
      <Flex vertical gap={16}>
        <Input
          aria-label="Buscar plantillas"
          placeholder="Buscar por nombre o cliente"
          prefix={<SearchOutlined />}
          allowClear
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setPage(0);
          }}
          style={{ maxWidth: 320 }}
        />
        {isError ? (
          <LoadError
            title="No se han podido cargar las plantillas"
            error={error}
            onRetry={() => void refetch()}
          />
        ) : (
          <Table<RecurringTemplate>
            rowKey="templateId"
            columns={columns}
            dataSource={data?.content ?? []}
            loading={isFetching}
            scroll={{ x: 'max-content' }}
            locale={{
              emptyText: isPending ? ' ' : <Empty description="No hay plantillas recurrentes" />,
            }}
            pagination={{
              current: page + 1,
              pageSize: size,
              total: data?.totalElements ?? 0,
              showSizeChanger: true,
              showTotal: (total) => (total === 1 ? '1 plantilla' : `${total} plantillas`),
            }}
            onChange={(p) => {
              const nextSize = p.pageSize ?? size;
              setPage(nextSize === size ? (p.current ?? 1) - 1 : 0);
              setSize(nextSize);
            }}
          />
        )}
        <Link to={paths.app.recurring.dashboard}>Ver el panel de facturas recurrentes</Link>
      </Flex>
      <TemplateDrawer
        companyId={companyId}
        open={editing !== null}
        template={editing?.template ?? null}
        onClose={() => setEditing(null)}
      />
    </>
  );
}
