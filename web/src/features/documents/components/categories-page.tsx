/**
 * /app/document-categories and /app/companies/:companyId/document-categories (issue 17 item 5;
 * spec part 3 §7 document categories): the table with search and status toggle, create / edit /
 * delete, statistics, default categories, export and import as JSON, optimize (proposed first,
 * then applied) and the recommendations for the uncategorised documents.
 */
import {
  type CategoryOptimization,
  DocumentCategoriesExport,
  type DocumentCategory,
} from '@shared/schemas/document-categories';
import { DOCUMENT_TYPE_LABELS, DOCUMENT_TYPES, type DocumentType } from '@shared/schemas/documents';
import { EmptyState, LoadError, LoadingBlock } from '@web/components/load-states';
import { PageHeader } from '@web/components/page-header';
import { useCanCall } from '@web/lib/access';
import { errorMessage } from '@web/lib/api-error';
import { useCompanyId } from '@web/lib/company';
import { formatDate, formatInteger } from '@web/lib/format';
import { showToast } from '@web/lib/toast';
import {
  Button,
  Card,
  Col,
  Flex,
  Form,
  Input,
  Modal,
  Popconfirm,
  Row,
  Select,
  Statistic,
  Switch,
  Table,
  Tag,
} from 'antd';
import { useRef, useState } from 'react';
import { type CategoryCommand, exportCategories, useCategoryCommand } from '../api/category-actions';
import { useCategories } from '../api/get-categories';
import { useCategoryRecommendations, useCategoryStats } from '../api/get-category-insights';

interface CategoryForm {
  name: string;
  description: string;
  documentType: DocumentType;
  keywords: string;
  color: string;
}

const formOf = (c: DocumentCategory | null): CategoryForm => ({
  name: c?.name ?? '',
  description: c?.description ?? '',
  documentType: c?.documentType ?? 'RECEIPT',
  keywords: c?.keywords.join(', ') ?? '',
  color: c?.color ?? '#8c8c8c',
});

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

export function CategoriesPage({ companyIdFromUrl }: { companyIdFromUrl?: string }) {
  const selected = useCompanyId();
  const companyId = companyIdFromUrl ?? selected;
  if (!companyId) {
    return (
      <>
        <PageHeader title="Categorías de documentos" />
        <EmptyState description="Selecciona una empresa para ver sus categorías." />
      </>
    );
  }
  return <CategoriesContent companyId={companyId} />;
}

function CategoriesContent({ companyId }: { companyId: string }) {
  const categories = useCategories({}, companyId);
  const stats = useCategoryStats(companyId);
  const [showRecommendations, setShowRecommendations] = useState(false);
  const recommendations = useCategoryRecommendations(companyId, showRecommendations);
  const command = useCategoryCommand(companyId);
  const can = useCanCall();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<DocumentCategory | 'new' | null>(null);
  const [form, setForm] = useState<CategoryForm>(formOf(null));
  const [proposal, setProposal] = useState<CategoryOptimization | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const run = (c: CategoryCommand, done: string, after?: (result: unknown) => void) =>
    command.mutate(c, {
      onSuccess: (result) => {
        showToast('success', done);
        after?.(result);
      },
      onError: (e) => showToast('error', errorMessage(e)),
    });

  const openForm = (c: DocumentCategory | 'new') => {
    setForm(formOf(c === 'new' ? null : c));
    setEditing(c);
  };

  const save = () => {
    const body = {
      name: form.name,
      description: form.description.trim() || null,
      documentType: form.documentType,
      keywords: form.keywords
        .split(',')
        .map((k) => k.trim())
        .filter(Boolean),
      color: form.color,
    };
    if (editing === 'new')
      run({ kind: 'create', body: { ...body, active: true } }, 'Categoría creada', () => setEditing(null));
    else if (editing)
      run({ kind: 'update', categoryId: editing.categoryId, body }, 'Categoría actualizada', () =>
        setEditing(null),
      );
  };

  const download = async () => {
    try {
      const data = await exportCategories(companyId);
      const url = URL.createObjectURL(
        new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }),
      );
      const link = document.createElement('a');
      link.href = url;
      link.download = 'categorias-documentos.json';
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (e) {
      showToast('error', errorMessage(e));
    }
  };

  const upload = async (file: File) => {
    let parsed: ReturnType<typeof DocumentCategoriesExport.safeParse>;
    try {
      parsed = DocumentCategoriesExport.safeParse(JSON.parse(await file.text()));
    } catch {
      showToast('error', 'El archivo no es un JSON válido.');
      return;
    }
    if (!parsed.success) {
      showToast(
        'error',
        parsed.error.issues[0]?.message ?? 'El archivo no es una exportación de categorías.',
      );
      return;
    }
    run({ kind: 'import', body: parsed.data }, 'Categorías importadas');
  };

  const rows = (categories.data ?? []).filter(
    (c) => !search || fold(c.name).includes(fold(search)) || c.keywords.some((k) => k.includes(fold(search))),
  );

  return (
    <>
      <PageHeader
        title="Categorías de documentos"
        actions={
          <>
            {can('documentCategories.importDefaults') ? (
              <Button
                onClick={() => run({ kind: 'importDefaults' }, 'Categorías predeterminadas importadas')}
              >
                Importar predeterminadas
              </Button>
            ) : null}
            {can('documentCategories.export') ? (
              <Button onClick={() => void download()}>Exportar JSON</Button>
            ) : null}
            {can('documentCategories.import') ? (
              <>
                <Button onClick={() => fileInput.current?.click()}>Importar JSON</Button>
                <input
                  ref={fileInput}
                  type="file"
                  accept=".json,application/json"
                  hidden
                  aria-label="Archivo de categorías"
                  onChange={(e) => {
                    const file = e.target.files?.[0];
                    if (file) void upload(file);
                    e.target.value = '';
                  }}
                />
              </>
            ) : null}
            {can('documentCategories.optimize') ? (
              <Button
                onClick={() =>
                  run({ kind: 'optimize', dryRun: true }, 'Propuesta de optimización lista', (r) =>
                    setProposal(r as CategoryOptimization),
                  )
                }
              >
                Optimizar
              </Button>
            ) : null}
            {can('documentCategories.create') ? (
              <Button type="primary" onClick={() => openForm('new')}>
                Nueva categoría
              </Button>
            ) : null}
          </>
        }
      />
      <Flex vertical gap={16}>
        {stats.data ? (
          <Row gutter={[16, 16]}>
            {[
              ['Categorías', stats.data.totalCategories],
              ['Activas', stats.data.activeCategories],
              ['Documentos', stats.data.totalDocuments],
              ['Sin categoría', stats.data.uncategorised],
            ].map(([title, value]) => (
              <Col key={String(title)} xs={12} md={6}>
                <Card size="small">
                  <Statistic title={title} value={formatInteger(Number(value))} />
                </Card>
              </Col>
            ))}
          </Row>
        ) : null}
        <Flex gap={8} wrap>
          <Input.Search
            allowClear
            aria-label="Buscar categorías"
            placeholder="Buscar por nombre o palabra clave"
            style={{ maxWidth: 320 }}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
          {can('documentCategories.recommendations') ? (
            <Button onClick={() => setShowRecommendations((v) => !v)}>
              {showRecommendations ? 'Ocultar recomendaciones' : 'Ver recomendaciones'}
            </Button>
          ) : null}
        </Flex>
        {showRecommendations ? (
          <Card size="small" title="Recomendaciones">
            {recommendations.isPending ? (
              <LoadingBlock label="Cargando recomendaciones" />
            ) : (recommendations.data ?? []).length === 0 ? (
              <EmptyState description="No hay datos disponibles" />
            ) : (
              <Flex vertical gap={8}>
                {(recommendations.data ?? []).map((r) => (
                  <Flex
                    key={`${r.name}-${r.supplierNif ?? ''}`}
                    justify="space-between"
                    align="center"
                    gap={8}
                  >
                    <span>
                      <strong>{r.name}</strong> · {formatInteger(r.documents)} documentos sin categoría ·{' '}
                      {r.reason === 'FREQUENT_SUPPLIER' ? 'proveedor frecuente' : 'palabras clave habituales'}
                    </span>
                    {can('documentCategories.create') ? (
                      <Button
                        size="small"
                        onClick={() =>
                          run(
                            {
                              kind: 'create',
                              body: {
                                name: r.name,
                                documentType: r.documentType,
                                keywords: r.keywords,
                                color: '#1677ff',
                                active: true,
                              },
                            },
                            'Categoría creada',
                          )
                        }
                      >
                        Crear
                      </Button>
                    ) : null}
                  </Flex>
                ))}
              </Flex>
            )}
          </Card>
        ) : null}
        {categories.isError ? (
          <LoadError
            title="Error cargando categorías"
            error={categories.error}
            onRetry={() => void categories.refetch()}
          />
        ) : (
          <Table<DocumentCategory>
            rowKey="categoryId"
            loading={categories.isPending}
            dataSource={rows}
            locale={{ emptyText: <EmptyState description="No hay datos disponibles" /> }}
            columns={[
              {
                title: 'Nombre',
                dataIndex: 'name',
                render: (name: string, c) => <Tag color={c.color}>{name}</Tag>,
              },
              {
                title: 'Tipo',
                dataIndex: 'documentType',
                render: (t: DocumentType) => DOCUMENT_TYPE_LABELS[t],
              },
              {
                title: 'Palabras clave',
                dataIndex: 'keywords',
                render: (k: string[]) => k.join(', ') || '—',
              },
              {
                title: 'Documentos',
                dataIndex: 'usageCount',
                align: 'right',
                render: (n: number) => formatInteger(n),
              },
              {
                title: 'Último uso',
                dataIndex: 'lastUsedAt',
                render: (d: string | null) => (d ? formatDate(d) : '—'),
              },
              {
                title: 'Activa',
                dataIndex: 'active',
                render: (active: boolean, c) => (
                  <Switch
                    aria-label={`Activa ${c.name}`}
                    checked={active}
                    disabled={!can('documentCategories.setStatus')}
                    onChange={(next) =>
                      run(
                        { kind: 'status', categoryId: c.categoryId, active: next },
                        next ? 'Categoría activada' : 'Categoría desactivada',
                      )
                    }
                  />
                ),
              },
              {
                title: 'Acciones',
                key: 'actions',
                render: (_, c) => (
                  <Flex gap={4}>
                    {can('documentCategories.update') ? (
                      <Button size="small" onClick={() => openForm(c)}>
                        Editar
                      </Button>
                    ) : null}
                    {can('documentCategories.delete') ? (
                      <Popconfirm
                        title="¿Eliminar esta categoría?"
                        okText="Eliminar"
                        cancelText="No"
                        okButtonProps={{ danger: true }}
                        onConfirm={() =>
                          run({ kind: 'delete', categoryId: c.categoryId }, 'Categoría eliminada')
                        }
                      >
                        <Button size="small" danger>
                          Eliminar
                        </Button>
                      </Popconfirm>
                    ) : null}
                  </Flex>
                ),
              },
            ]}
          />
        )}
      </Flex>
      <Modal
        open={editing !== null}
        title={editing === 'new' ? 'Nueva categoría' : 'Editar categoría'}
        okText="Guardar"
        cancelText="Cancelar"
        okButtonProps={{ disabled: form.name.trim() === '', loading: command.isPending }}
        onOk={save}
        onCancel={() => setEditing(null)}
      >
        <Form layout="vertical" component="div">
          <Form.Item label="Nombre" required>
            <Input
              aria-label="Nombre"
              maxLength={80}
              value={form.name}
              onChange={(e) => setForm({ ...form, name: e.target.value })}
            />
          </Form.Item>
          <Form.Item label="Descripción">
            <Input.TextArea
              aria-label="Descripción"
              maxLength={500}
              value={form.description}
              onChange={(e) => setForm({ ...form, description: e.target.value })}
            />
          </Form.Item>
          <Form.Item label="Tipo de documento">
            <Select
              aria-label="Tipo de documento"
              value={form.documentType}
              options={DOCUMENT_TYPES.map((t) => ({ value: t, label: DOCUMENT_TYPE_LABELS[t] }))}
              onChange={(documentType: DocumentType) => setForm({ ...form, documentType })}
            />
          </Form.Item>
          <Form.Item label="Palabras clave (separadas por comas)">
            <Input
              aria-label="Palabras clave"
              value={form.keywords}
              onChange={(e) => setForm({ ...form, keywords: e.target.value })}
            />
          </Form.Item>
          <Form.Item label="Color">
            <Input
              aria-label="Color"
              type="color"
              value={form.color}
              onChange={(e) => setForm({ ...form, color: e.target.value })}
            />
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        open={proposal !== null}
        title="Optimizar categorías"
        okText="Aplicar"
        cancelText="Cancelar"
        okButtonProps={{
          disabled: !proposal || (proposal.merges.length === 0 && proposal.deactivated.length === 0),
          loading: command.isPending,
        }}
        onCancel={() => setProposal(null)}
        onOk={() =>
          run({ kind: 'optimize', dryRun: false }, 'Categorías optimizadas', () => setProposal(null))
        }
      >
        {proposal && proposal.merges.length === 0 && proposal.deactivated.length === 0 ? (
          <p>No hay nada que optimizar.</p>
        ) : (
          <ul>
            {proposal?.merges.map((m) => (
              <li key={m.keepCategoryId}>
                Unir {m.mergedCategoryIds.length} categorías en «{m.keepName}» (
                {formatInteger(m.movedDocuments)} documentos)
              </li>
            ))}
            {proposal?.deactivated.map((d) => (
              <li key={d.categoryId}>Desactivar «{d.name}» (sin uso en 12 meses)</li>
            ))}
          </ul>
        )}
      </Modal>
    </>
  );
}
