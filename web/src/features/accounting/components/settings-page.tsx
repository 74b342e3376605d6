/**
 * /app/accounting/settings: 'Configuración contable' (issue 18; spec part 2 §9 "Accounting"): which
 * account each document goes to. Revenue (goods 700, services 705), the default expense account
 * (629), purchases of goods (600), investment goods (219), bank (572) and cash (570); an account per
 * expense category and per supplier, which take precedence for a received invoice's lines (category,
 * then supplier, then goods purchase or the default). Only accounts accepting entries are offered;
 * the server refuses any other with the message shown under its field. The chart type, its
 * initialisation and what is closed are shown, read-only. Changes apply from the next posting.
 */
import {
  type AccountingSettings,
  type ChartType,
  displayAccountCode,
  type UpdateSettingsBody,
} from '@shared/schemas/accounting';
import type { ExpenseCategory, Supplier } from '@shared/schemas/expenses';
import { supplierTaxIdText } from '@shared/schemas/expenses';
import { LinkButton } from '@web/components/link-button';
import { EmptyState, LoadingBlock } from '@web/components/load-states';
import { PageHeader } from '@web/components/page-header';
import { useCanCall } from '@web/lib/access';
import { isApiError } from '@web/lib/api-error';
import { showMappedApiErrors } from '@web/lib/api-field-errors';
import { useCompanyId } from '@web/lib/company';
import { formatDate, formatDateTime } from '@web/lib/format';
import { paths } from '@web/lib/paths';
import { showToast } from '@web/lib/toast';
import { useDebouncedValue } from '@web/lib/use-debounced-value';
import {
  Alert,
  Button,
  Card,
  Col,
  ConfigProvider,
  Descriptions,
  Flex,
  Form,
  type FormInstance,
  Input,
  Row,
  Table,
  type TableColumnsType,
  Tag,
} from 'antd';
import { type ReactNode, useState } from 'react';
import { useAccountNames } from '../api/get-account-names';
import { useExpenseCategories, useSuppliers } from '../api/get-mapping-sources';
import { useAccountingSettings } from '../api/get-settings';
import { useUpdateAccountingSettings } from '../api/update-settings';
import { AccountSelect } from './account-select';
import { AccountingLoadError, toastFailure } from './accounting-error';
import { monthLabel } from './closing-page';

/** The mapping's single accounts, by section, with the PGC default the chart starts with. */
export const ACCOUNT_FIELDS = [
  { name: 'revenueGoodsAccount', label: 'Ventas de mercaderías', help: 'Facturas emitidas de bienes (700).' },
  {
    name: 'revenueServicesAccount',
    label: 'Prestaciones de servicios',
    help: 'Facturas emitidas de servicios (705).',
  },
  {
    name: 'defaultExpenseAccount',
    label: 'Gasto por defecto',
    help: 'Líneas recibidas sin cuenta por categoría ni por proveedor (629).',
  },
  {
    name: 'goodsPurchaseAccount',
    label: 'Compras de mercaderías',
    help: 'Líneas de compra de bienes (600).',
  },
  {
    name: 'investmentGoodsAccount',
    label: 'Bienes de inversión',
    help: 'Líneas marcadas como bienes de inversión (219).',
  },
  {
    name: 'bankAccount',
    label: 'Bancos',
    help: 'Cobros y pagos por transferencia, tarjeta o domiciliación (572).',
  },
  { name: 'cashAccount', label: 'Caja', help: 'Cobros y pagos en efectivo (570).' },
] as const;
type AccountField = (typeof ACCOUNT_FIELDS)[number]['name'];
const FIELD_NAMES: readonly string[] = ACCOUNT_FIELDS.map((f) => f.name);
const field = (name: AccountField) => ACCOUNT_FIELDS.find((f) => f.name === name)!;
const SECTIONS: { title: string; fields: AccountField[] }[] = [
  { title: 'Ingresos', fields: ['revenueGoodsAccount', 'revenueServicesAccount'] },
  {
    title: 'Gastos y compras',
    fields: ['defaultExpenseAccount', 'goodsPurchaseAccount', 'investmentGoodsAccount'],
  },
  { title: 'Tesorería', fields: ['bankAccount', 'cashAccount'] },
];

const CHART_TYPE_LABELS: Record<ChartType, string> = { PYMES: 'PGC de PYMES', NORMAL: 'PGC normal' };
const SUPPLIERS_PAGE_SIZE = 20;
const ACCOUNT_REQUIRED = 'Elige una cuenta.';

type Mapping = Record<string, string | undefined>;
type SettingsFormValues = Record<AccountField, string | undefined> & {
  categoryAccounts: Mapping;
  supplierAccounts: Mapping;
};

const toFormValues = (s: AccountingSettings): SettingsFormValues => ({
  revenueGoodsAccount: s.revenueGoodsAccount,
  revenueServicesAccount: s.revenueServicesAccount,
  defaultExpenseAccount: s.defaultExpenseAccount,
  goodsPurchaseAccount: s.goodsPurchaseAccount,
  investmentGoodsAccount: s.investmentGoodsAccount,
  bankAccount: s.bankAccount,
  cashAccount: s.cashAccount,
  categoryAccounts: { ...s.categoryAccounts },
  supplierAccounts: { ...s.supplierAccounts },
});

/** A cleared row means "no account of its own": it leaves the mapping. */
const assigned = (m: Mapping | undefined): Record<string, string> =>
  Object.fromEntries(Object.entries(m ?? {}).filter((e): e is [string, string] => Boolean(e[1])));

/** The whole mapping: the maps are replaced, so a row cleared is removed. */
export function settingsBody(v: SettingsFormValues): UpdateSettingsBody {
  const body: UpdateSettingsBody = {
    categoryAccounts: assigned(v.categoryAccounts),
    supplierAccounts: assigned(v.supplierAccounts),
  };
  for (const name of ACCOUNT_FIELDS.map((f) => f.name)) {
    const code = v[name];
    if (code) body[name] = code;
  }
  return body;
}

export function SettingsPage() {
  const companyId = useCompanyId();
  if (!companyId) {
    return (
      <>
        <PageHeader title="Configuración contable" />
        <EmptyState description="Selecciona una empresa para ver su configuración contable." />
      </>
    );
  }
  return <SettingsContent companyId={companyId} />;
}

function SettingsContent({ companyId }: { companyId: string }) {
  const settings = useAccountingSettings(companyId);
  return (
    <>
      <PageHeader
        title="Configuración contable"
        meta={<span>Cuentas a las que van los asientos automáticos de cada documento</span>}
      />
      {settings.isPending ? (
        <LoadingBlock label="Cargando la configuración contable" />
      ) : settings.isError ? (
        isApiError(settings.error) && settings.error.status === 404 ? (
          <EmptyState description="La contabilidad de la empresa no está inicializada: inicializa el plan de cuentas.">
            <LinkButton type="primary" to={paths.app.accounting.chart}>
              Ir al plan de cuentas
            </LinkButton>
          </EmptyState>
        ) : (
          <AccountingLoadError
            title="Error obteniendo la configuración contable"
            error={settings.error}
            onRetry={() => void settings.refetch()}
          />
        )
      ) : (
        // A new version (after saving) starts the form again from what the server kept.
        <SettingsForm key={settings.data.updatedAt} companyId={companyId} settings={settings.data} />
      )}
    </>
  );
}

function SettingsForm({ companyId, settings }: { companyId: string; settings: AccountingSettings }) {
  const [form] = Form.useForm<SettingsFormValues>();
  const can = useCanCall();
  const canWrite = can('accounting.updateSettings');
  const update = useUpdateAccountingSettings(companyId);
  const initial = toFormValues(settings);
  const names = useAccountNames(
    [
      ...ACCOUNT_FIELDS.map((f) => settings[f.name]),
      ...Object.values(settings.categoryAccounts),
      ...Object.values(settings.supplierAccounts),
    ],
    companyId,
  );
  // Labels of the accounts picked here, so a picker keeps showing its choice after a new search.
  const [picked, setPicked] = useState<Record<string, string>>({});
  const labelOf = (code: string | undefined) =>
    code
      ? (picked[code] ??
        (names[code] ? `${displayAccountCode(code)} ${names[code]}` : displayAccountCode(code)))
      : undefined;
  const remember = (code: string | undefined, label: string | undefined) => {
    if (code && label) setPicked((previous) => ({ ...previous, [code]: label }));
  };

  const save = () => {
    const body = settingsBody(form.getFieldsValue(true) as SettingsFormValues);
    update.mutate(body, {
      onSuccess: () => showToast('success', 'Configuración contable guardada'),
      onError: (error) => {
        const placed = showMappedApiErrors(form, error, (apiField) => placeOf(form, apiField));
        if (!placed) toastFailure(error, 'Error guardando la configuración contable');
      },
    });
  };

  const picker = (ariaLabel: string, placeholder?: string) => (
    <MappedAccountSelect
      companyId={companyId}
      ariaLabel={ariaLabel}
      placeholder={placeholder}
      labelOf={labelOf}
      onPicked={remember}
      readOnly={!canWrite}
    />
  );

  return (
    <Flex vertical gap={16}>
      <ChartInfo settings={settings} />
      {canWrite ? (
        <Alert
          type="info"
          showIcon
          title="Los cambios se aplican a los asientos que se registren a partir de ahora; los ya registrados conservan sus cuentas."
        />
      ) : null}
      <Form<SettingsFormValues>
        form={form}
        layout="vertical"
        initialValues={initial}
        onFinish={save}
        aria-label="Configuración contable"
      >
        <Flex vertical gap={16}>
          <Row gutter={[16, 16]}>
            {SECTIONS.map((section) => (
              <Col key={section.title} xs={24} xl={8}>
                <Card title={section.title} style={{ height: '100%' }}>
                  {section.fields.map((name) => (
                    <Form.Item
                      key={name}
                      name={name}
                      label={field(name).label}
                      extra={field(name).help}
                      rules={[{ required: true, message: ACCOUNT_REQUIRED }]}
                    >
                      {picker(field(name).label)}
                    </Form.Item>
                  ))}
                </Card>
              </Col>
            ))}
          </Row>
          <CategoryAccounts companyId={companyId} mapped={settings.categoryAccounts} picker={picker} />
          <SupplierAccounts companyId={companyId} form={form} picker={picker} />
          {canWrite ? (
            <Flex justify="flex-end" gap={8}>
              <Button onClick={() => form.resetFields()} disabled={update.isPending}>
                Descartar cambios
              </Button>
              <Button type="primary" htmlType="submit" loading={update.isPending}>
                Guardar configuración
              </Button>
            </Flex>
          ) : null}
        </Flex>
      </Form>
    </Flex>
  );
}

/**
 * Where the server's message for `apiField` goes: a single account's field, or the row of a category
 * or supplier (`categoryAccounts.<id>`) when that row is on screen (a supplier on another page is
 * not: the message is then a toast).
 */
function placeOf(form: FormInstance<SettingsFormValues>, apiField: string): string[] | undefined {
  if (FIELD_NAMES.includes(apiField)) return [apiField];
  const dot = apiField.indexOf('.');
  const target = [apiField.slice(0, dot), apiField.slice(dot + 1)];
  if (dot < 0 || (target[0] !== 'categoryAccounts' && target[0] !== 'supplierAccounts')) return undefined;
  // Only the fields on screen are registered with the form.
  const onScreen = form
    .getFieldsError()
    .some((f) => f.name.length === 2 && f.name[0] === target[0] && f.name[1] === target[1]);
  return onScreen ? target : undefined;
}

/** An account picker as a form control: antd's Form.Item gives it `value` and `onChange`. */
function MappedAccountSelect({
  companyId,
  ariaLabel,
  placeholder,
  labelOf,
  onPicked,
  readOnly,
  value,
  onChange,
}: {
  companyId: string;
  ariaLabel: string;
  placeholder?: string;
  labelOf: (code: string | undefined) => string | undefined;
  onPicked: (code: string | undefined, label: string | undefined) => void;
  /** Without accounting.updateSettings: shown, not changed. */
  readOnly: boolean;
  value?: string;
  onChange?: (code: string | undefined) => void;
}) {
  const select = (
    <AccountSelect
      companyId={companyId}
      value={value || undefined}
      selectedLabel={labelOf(value)}
      onlyAcceptingEntries
      ariaLabel={ariaLabel}
      placeholder={placeholder}
      width="100%"
      onChange={(code, label) => {
        onPicked(code, label);
        onChange?.(code);
      }}
    />
  );
  // antd's own disabled state (the picker takes no `disabled` of its own).
  return readOnly ? <ConfigProvider componentDisabled>{select}</ConfigProvider> : select;
}

type Picker = (ariaLabel: string, placeholder?: string) => ReactNode;

/** The chart and the periods, read-only (they change from the chart and closing pages). */
function ChartInfo({ settings }: { settings: AccountingSettings }) {
  const closedYears = [...settings.closedYears].sort((a, b) => a - b);
  return (
    <Card title="Plan contable y periodos">
      <Descriptions
        size="small"
        column={{ xs: 1, md: 2, xl: 3 }}
        items={[
          {
            key: 'chart',
            label: 'Plan de cuentas',
            children: CHART_TYPE_LABELS[settings.chartType] ?? settings.chartType,
          },
          { key: 'initialized', label: 'Inicializado el', children: formatDate(settings.initializedAt) },
          {
            key: 'backfill',
            label: 'Documentos anteriores',
            children: settings.backfilledAt
              ? `Contabilizados el ${formatDateTime(settings.backfilledAt)}`
              : 'Contabilización en curso',
          },
          {
            key: 'closedThrough',
            label: 'Meses cerrados hasta',
            children: settings.closedThrough ? monthLabel(settings.closedThrough) : 'Ninguno',
          },
          {
            key: 'closedYears',
            label: 'Ejercicios cerrados',
            children:
              closedYears.length > 0 ? (
                <Flex gap={4} wrap>
                  {closedYears.map((y) => (
                    <Tag key={y}>{y}</Tag>
                  ))}
                </Flex>
              ) : (
                'Ninguno'
              ),
          },
          {
            key: 'closing',
            label: 'Cierres',
            children: (
              <LinkButton type="link" size="small" to={paths.app.accounting.closing} style={{ padding: 0 }}>
                Cierre del ejercicio
              </LinkButton>
            ),
          },
        ]}
      />
    </Card>
  );
}

/** Expense category → account: the active categories and any deleted one that still has an account. */
function CategoryAccounts({
  companyId,
  mapped,
  picker,
}: {
  companyId: string;
  mapped: Record<string, string>;
  picker: Picker;
}) {
  const can = useCanCall();
  const allowed = can('expenseCategories.list');
  const categories = useExpenseCategories(companyId, allowed);
  const rows = (categories.data ?? []).filter((c) => c.isActive || mapped[c.categoryId]);

  const columns: TableColumnsType<ExpenseCategory> = [
    {
      title: 'Categoría',
      key: 'name',
      render: (_, c) => (
        <Flex vertical gap={2}>
          <span>
            {c.name} {c.isActive ? null : <Tag>Eliminada</Tag>}
          </span>
          {c.pgcAccount ? (
            <span style={{ opacity: 0.65, fontSize: 12 }}>
              Cuenta PGC de la categoría: {displayAccountCode(c.pgcAccount)}
            </span>
          ) : null}
        </Flex>
      ),
    },
    {
      title: 'Cuenta contable',
      key: 'account',
      width: '55%',
      render: (_, c) => (
        <Form.Item name={['categoryAccounts', c.categoryId]} style={{ marginBottom: 0 }}>
          {picker(`Cuenta de ${c.name}`, 'Por proveedor o por defecto')}
        </Form.Item>
      ),
    },
  ];

  return (
    <Card title="Cuentas por categoría de gasto">
      <Flex vertical gap={12}>
        <span>
          La cuenta de una categoría se usa para las líneas de las facturas recibidas con esa categoría, antes
          que la del proveedor.
        </span>
        {!allowed ? (
          <Alert type="info" showIcon title="No tienes acceso a las categorías de gasto de la empresa." />
        ) : categories.isError ? (
          <AccountingLoadError
            title="Error obteniendo las categorías de gasto"
            error={categories.error}
            onRetry={() => void categories.refetch()}
          />
        ) : (
          <Table<ExpenseCategory>
            aria-label="Cuentas por categoría de gasto"
            size="small"
            rowKey="categoryId"
            loading={categories.isPending}
            columns={columns}
            dataSource={rows}
            pagination={false}
            locale={{ emptyText: 'La empresa no tiene categorías de gasto' }}
          />
        )}
      </Flex>
    </Card>
  );
}

/** Supplier → account, a page of suppliers at a time (the mapping of the others is kept). */
function SupplierAccounts({
  companyId,
  form,
  picker,
}: {
  companyId: string;
  form: FormInstance<SettingsFormValues>;
  picker: Picker;
}) {
  const can = useCanCall();
  const allowed = can('suppliers.list');
  const [page, setPage] = useState(0);
  const [search, setSearch] = useState('');
  const term = useDebouncedValue(search.trim());
  const suppliers = useSuppliers(
    { page, size: SUPPLIERS_PAGE_SIZE, search: term || undefined },
    companyId,
    allowed,
  );
  const rows = suppliers.data?.content ?? [];
  const mapping = Form.useWatch('supplierAccounts', { form, preserve: true }) as Mapping | undefined;
  const assignedCount = Object.keys(assigned(mapping)).length;

  const columns: TableColumnsType<Supplier> = [
    {
      title: 'Proveedor',
      key: 'name',
      render: (_, s) => (
        <Flex vertical gap={2}>
          <span>{s.name}</span>
          <span style={{ opacity: 0.65, fontSize: 12 }}>{supplierTaxIdText(s.taxId) || '—'}</span>
        </Flex>
      ),
    },
    {
      title: 'Cuenta contable',
      key: 'account',
      width: '55%',
      render: (_, s) => (
        <Form.Item name={['supplierAccounts', s.supplierId]} style={{ marginBottom: 0 }}>
          {picker(`Cuenta de ${s.name}`, 'Por categoría o por defecto')}
        </Form.Item>
      ),
    },
  ];

  return (
    <Card
      title="Cuentas por proveedor"
      extra={
        <span>
          {assignedCount === 1 ? '1 proveedor con cuenta' : `${assignedCount} proveedores con cuenta`}
        </span>
      }
    >
      <Flex vertical gap={12}>
        <span>
          La cuenta de un proveedor se usa para las líneas de sus facturas recibidas sin cuenta por categoría
          (p. ej. la compañía eléctrica a la 628).
        </span>
        {!allowed ? (
          <Alert type="info" showIcon title="No tienes acceso a los proveedores de la empresa." />
        ) : (
          <>
            <Input.Search
              allowClear
              aria-label="Buscar proveedor"
              placeholder="Buscar proveedor por nombre o NIF"
              style={{ maxWidth: 360 }}
              value={search}
              // The search box sits inside the settings form: Enter searches, it does not save.
              onChange={(e) => {
                setSearch(e.target.value);
                setPage(0);
              }}
              onPressEnter={(e) => e.preventDefault()}
            />
            {suppliers.isError ? (
              <AccountingLoadError
                title="Error obteniendo los proveedores"
                error={suppliers.error}
                onRetry={() => void suppliers.refetch()}
              />
            ) : (
              <Table<Supplier>
                aria-label="Cuentas por proveedor"
                size="small"
                rowKey="supplierId"
                loading={suppliers.isFetching}
                columns={columns}
                dataSource={rows}
                locale={{
                  emptyText: term
                    ? 'Ningún proveedor coincide con la búsqueda'
                    : 'La empresa no tiene proveedores',
                }}
                pagination={{
                  current: page + 1,
                  pageSize: SUPPLIERS_PAGE_SIZE,
                  total: suppliers.data?.totalElements ?? 0,
                  showSizeChanger: false,
                  onChange: (next) => setPage(next - 1),
                }}
              />
            )}
          </>
        )}
      </Flex>
    </Card>
  );
}
