import ArrowDownOutlined from '@ant-design/icons/ArrowDownOutlined';
import ArrowUpOutlined from '@ant-design/icons/ArrowUpOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import type { CreateExpenseCategoryBody, ExpenseCategory } from '@shared/schemas/expenses';
import { LoadError } from '@web/components/load-states';
import { PageHeader } from '@web/components/page-header';
import { useCanCall } from '@web/lib/access';
import { showMappedApiErrors } from '@web/lib/api-field-errors';
import { useCompanyId } from '@web/lib/company';
import { formatPercentInput, parsePercentInput } from '@web/lib/money-input';
import { toast } from '@web/lib/toast';
import {
  Button,
  Col,
  Flex,
  Form,
  Input,
  Modal,
  Popconfirm,
  Row,
  Switch,
  Table,
  type TableColumnsType,
  Tag,
  Tooltip,
} from 'antd';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import {
  useCategoryCounts,
  useDeleteExpenseCategory,
  useDuplicateExpenseCategory,
  useExpenseCategories,
  useReorderExpenseCategories,
  useSaveExpenseCategory,
} from '../api/expense-categories';
import { moveItem } from '../utils/reorder';
import { NoCompany } from './no-company';

/**
 * /app/companies/:companyId/expense-categories and /app/configuration/expense-categories (the
 * selected company): the company's expense categories in the user's order.
 */
export function ExpenseCategoriesPage() {
  const { companyId: fromPath } = useParams();
  const selected = useCompanyId();
  const companyId = fromPath ?? selected;
  return companyId ? <ExpenseCategories companyId={companyId} /> : <NoCompany />;
}

interface CategoryFormValues {
  name: string;
  description?: string;
  pgcAccount: string;
  deductible: string;
  color?: string;
  isActive: boolean;
}

const EMPTY: CategoryFormValues = {
  name: '',
  pgcAccount: '629',
  deductible: '100',
  color: '#1677ff',
  isActive: true,
};
const API_FIELDS: Record<string, string> = {
  name: 'name',
  description: 'description',
  pgcAccount: 'pgcAccount',
  deductibleBp: 'deductible',
  color: 'color',
};

export function ExpenseCategories({ companyId }: { companyId: string }) {
  const can = useCanCall();
  const { data, error, isError, isPending, isFetching, refetch } = useExpenseCategories(companyId);
  const counts = useCategoryCounts(companyId);
  const reorder = useReorderExpenseCategories(companyId);
  const duplicate = useDuplicateExpenseCategory(companyId);
  const remove = useDeleteExpenseCategory(companyId);
  const [editing, setEditing] = useState<{ category: ExpenseCategory | null } | null>(null);
  const categories = data ?? [];

  const move = (index: number, delta: number) => {
    const ids = moveItem(
      categories.map((c) => c.categoryId),
      index,
      delta,
    );
    reorder.mutate(ids, { onError: (e) => toast.fromError(e) });
  };

  const columns: TableColumnsType<ExpenseCategory> = [
    {
      title: 'Orden',
      key: 'order',
      width: 96,
      render: (_, c, index) => (
        <Flex gap={4}>
          <Tooltip title="Subir">
            <Button
              size="small"
              icon={<ArrowUpOutlined />}
              aria-label={`Subir ${c.name}`}
              disabled={index === 0 || reorder.isPending}
              onClick={() => move(index, -1)}
            />
          </Tooltip>
          <Tooltip title="Bajar">
            <Button
              size="small"
              icon={<ArrowDownOutlined />}
              aria-label={`Bajar ${c.name}`}
              disabled={index === categories.length - 1 || reorder.isPending}
              onClick={() => move(index, 1)}
            />
          </Tooltip>
        </Flex>
      ),
    },
    {
      title: 'Nombre',
      dataIndex: 'name',
      key: 'name',
      render: (name: string, c) => (
        <Flex gap={8} align="center">
          <span
            aria-hidden
            style={{ width: 12, height: 12, borderRadius: 3, background: c.color ?? '#d9d9d9', flex: 'none' }}
          />
          <Flex vertical>
            <strong>{name}</strong>
            {c.description ? <span style={{ opacity: 0.65 }}>{c.description}</span> : null}
          </Flex>
        </Flex>
      ),
    },
    { title: 'Cuenta PGC', dataIndex: 'pgcAccount', key: 'pgcAccount' },
    {
      title: 'IVA deducible',
      dataIndex: 'deductibleBp',
      key: 'deductibleBp',
      render: (bp: number) => `${formatPercentInput(bp)} %`,
    },
    {
      title: 'En uso',
      key: 'count',
      render: (_, c) => (counts.data ? (counts.data[c.categoryId] ?? 0) : ''),
    },
    {
      title: 'Estado',
      dataIndex: 'isActive',
      key: 'isActive',
      render: (isActive: boolean) => (isActive ? <Tag color="success">Activa</Tag> : <Tag>Inactiva</Tag>),
    },
    {
      title: 'Acciones',
      key: 'actions',
      render: (_, c) =>
        !can('expenseCategories.update') ? null : (
          <Flex gap={8} wrap>
            <Button size="small" aria-label={`Editar ${c.name}`} onClick={() => setEditing({ category: c })}>
              Editar
            </Button>
            <Button
              size="small"
              aria-label={`Duplicar ${c.name}`}
              loading={duplicate.isPending && duplicate.variables === c.categoryId}
              onClick={() =>
                duplicate.mutate(c.categoryId, {
                  onSuccess: (copy) => toast.success(`Creada «${copy.name}».`),
                  onError: (e) => toast.fromError(e),
                })
              }
            >
              Duplicar
            </Button>
            <Popconfirm
              title="¿Eliminar esta categoría?"
              okText="Eliminar"
              cancelText="Cancelar"
              onConfirm={() =>
                remove.mutate(c.categoryId, {
                  onSuccess: () => toast.success('Categoría eliminada.'),
                  onError: (e) => toast.fromError(e),
                })
              }
            >
              <Button size="small" danger aria-label={`Eliminar ${c.name}`}>
                Eliminar
              </Button>
            </Popconfirm>
          </Flex>
        ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Categorías de gasto"
        actions={
          can('expenseCategories.create') ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ category: null })}>
              Nueva categoría
            </Button>
          ) : null
        }
      />
      {isError ? (
        <LoadError
          title="No se han podido cargar las categorías"
          error={error}
          onRetry={() => void refetch()}
        />
      ) : (
        <Table<ExpenseCategory>
          rowKey="categoryId"
          columns={columns}
          dataSource={categories}
          loading={isFetching && isPending}
          pagination={false}
          scroll={{ x: 'max-content' }}
        />
      )}
      <CategoryModal
        companyId={companyId}
        open={editing !== null}
        category={editing?.category ?? null}
        onClose={() => setEditing(null)}
      />
    </>
  );
}

function CategoryModal({
  companyId,
  open,
  category,
  onClose,
}: {
  companyId: string;
  open: boolean;
  category: ExpenseCategory | null;
  onClose: () => void;
}) {
  const [form] = Form.useForm<CategoryFormValues>();
  const save = useSaveExpenseCategory(companyId);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      category
        ? {
            name: category.name,
            description: category.description,
            pgcAccount: category.pgcAccount,
            deductible: formatPercentInput(category.deductibleBp),
            color: category.color,
            isActive: category.isActive,
          }
        : EMPTY,
    );
  }, [open, category, form]);

  const submit = (v: CategoryFormValues) => {
    const body: CreateExpenseCategoryBody = {
      name: v.name.trim(),
      description: v.description?.trim() || undefined,
      pgcAccount: v.pgcAccount.trim(),
      deductibleBp: parsePercentInput(v.deductible) ?? 10_000,
      color: v.color?.trim() || undefined,
      isActive: v.isActive,
    };
    save.mutate(
      { categoryId: category?.categoryId, body },
      {
        onSuccess: () => {
          toast.success(category ? 'Categoría actualizada.' : 'Categoría creada.');
          onClose();
        },
        onError: (error) => {
          if (!showMappedApiErrors(form, error, (f) => API_FIELDS[f])) toast.fromError(error);
        },
      },
    );
  };

  return (
    <Modal
      title={category ? 'Editar categoría' : 'Nueva categoría'}
      open={open}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText="Guardar"
      cancelText="Cancelar"
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Form<CategoryFormValues> form={form} layout="vertical" initialValues={EMPTY} onFinish={submit}>
        <Form.Item
          name="name"
          label="Nombre"
          rules={[{ required: true, whitespace: true, message: 'El nombre es obligatorio.' }]}
        >
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="description" label="Descripción">
          <Input maxLength={500} />
        </Form.Item>
        <Row gutter={12}>
          <Col span={8}>
            <Form.Item
              name="pgcAccount"
              label="Cuenta PGC"
              rules={[
                { required: true, message: 'La cuenta es obligatoria.' },
                {
                  pattern: /^6\d{2,9}$/,
                  message: 'La cuenta debe ser del grupo 6 del PGC (3 a 10 dígitos).',
                },
              ]}
            >
              <Input maxLength={10} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item
              name="deductible"
              label="IVA deducible (%)"
              rules={[
                {
                  validator: (_, value: string) => {
                    const bp = parsePercentInput(value ?? '');
                    return bp === null || bp < 0 || bp > 10_000
                      ? Promise.reject(new Error('Indica un porcentaje entre 0 y 100.'))
                      : Promise.resolve();
                  },
                },
              ]}
            >
              <Input inputMode="decimal" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item
              name="color"
              label="Color"
              rules={[{ pattern: /^#[0-9a-fA-F]{6}$/, message: 'Formato #RRGGBB.' }]}
            >
              <Input maxLength={7} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="isActive" label="Activa" valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}
