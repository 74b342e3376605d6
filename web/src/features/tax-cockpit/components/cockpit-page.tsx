/**
 * /app/tax/cockpit, 'Presentación por lotes' (issue 14 item 5; GESTOR): one model and period across
 * every client company on one screen. Each row: the company, its NIF, the due date, the model's
 * status ('Generado', 'Presentado', 'Sin generar', 'No aplica'), its result beside the previous
 * period's and the same period's of last year, the anomalies to look at (each tag's tooltip says
 * why), the issues of its validation and whether it was approved and published to the client.
 * The models are the VAT returns and the income-tax ones (130, 111, 115, 123, 216: issue 15), each
 * with its own periods (the 130 by quarter, the withholdings by quarter or month).
 * 'Calcular todos' computes every client that owes the model; the selected rows can be approved,
 * exported (one zip of AEAT files), filed with the AEAT and published to the client, each after a
 * confirmation and with an outcome per company. A row opens that company's model (its boxes and the
 * invoices behind each). One request carries the whole table, so a hundred clients stay responsive;
 * the table pages and filters on the screen.
 */
import CalculatorOutlined from '@ant-design/icons/CalculatorOutlined';
import CheckOutlined from '@ant-design/icons/CheckOutlined';
import CloudUploadOutlined from '@ant-design/icons/CloudUploadOutlined';
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import SendOutlined from '@ant-design/icons/SendOutlined';
import {
  type CockpitActionResult,
  type CockpitRow,
  type CockpitView,
  modelIdOf,
  type TaxModelType,
} from '@shared/schemas/tax-models';
import { taxModelNames } from '@shared/schemas/tax-profile';
import { EmptyState, LoadError } from '@web/components/load-states';
import { PageHeader } from '@web/components/page-header';
import { isApiError } from '@web/lib/api-error';
import { useCompanyId, useSwitchCompany } from '@web/lib/company';
import { formatDate } from '@web/lib/format';
import { paths } from '@web/lib/paths';
import { spanishToday } from '@web/lib/spanish-today';
import { modelPeriodLabel, modelTitle } from '@web/lib/tax-labels';
import { Button, Card, Flex, Grid, Input, Select, Statistic, Switch, Table, Typography } from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useCockpitAction } from '../api/cockpit-actions';
import { useExportCockpit } from '../api/export-cockpit';
import { useCockpit } from '../api/get-cockpit';
import {
  COCKPIT_MODELS,
  cockpitSelection,
  dueDateOf,
  isAnnualModel,
  periodOptions,
  yearOptions,
} from '../utils/periods';
import { type CockpitFilters, computableRows, filterRows } from '../utils/rows';
import type { CompanyOutcome } from './action-outcomes';
import { BulkActionDialog, type BulkActionKey, type BulkActionSpec } from './bulk-action-dialog';
import { COCKPIT_TABLE_WIDTH, cockpitColumns, opensModel } from './cockpit-columns';

/** The per-company outcomes an export refused as a whole carries (`details.results`), if any. */
function outcomesOf(error: unknown): CockpitActionResult['results'] | null {
  if (!isApiError(error)) return null;
  const results = (error.details as { results?: unknown } | null)?.results;
  return Array.isArray(results) ? (results as CockpitActionResult['results']) : null;
}

export interface CockpitSelection {
  modelType: TaxModelType;
  year: number;
  period: string;
}

const PAGE_SIZES = [25, 50, 100];

export function CockpitPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const today = spanishToday();
  const selection = cockpitSelection(searchParams, today);
  const { modelType, year, period } = selection;

  const setParams = (changes: Record<string, string | undefined>) =>
    setSearchParams(
      (previous) => {
        const params = new URLSearchParams(previous);
        for (const [key, value] of Object.entries(changes)) {
          if (value) params.set(key, value);
          else params.delete(key);
        }
        return params;
      },
      { replace: true },
    );

  const dueDate = dueDateOf(modelType, year, period);
  return (
    <>
      <PageHeader
        title="Presentación por lotes"
        meta={
          <span>
            {modelTitle(modelType, period, year)}
            {dueDate ? ` · vence el ${formatDate(dueDate)}` : ''}
          </span>
        }
      />
      <Flex vertical gap={16}>
        <Flex gap={8} wrap>
          <Select
            aria-label="Modelo"
            value={modelType}
            style={{ width: 150 }}
            options={COCKPIT_MODELS.map((m) => ({ value: m, label: `Modelo ${m}`, title: taxModelNames[m] }))}
            // Another model: its own default period (the 390 and 347 are annual, the 130 quarterly).
            onChange={(value: TaxModelType) =>
              setParams({ model: value, year: undefined, period: undefined })
            }
          />
          <Select
            aria-label="Ejercicio"
            value={year}
            style={{ width: 110 }}
            options={yearOptions(Number(today.slice(0, 4)), year)}
            onChange={(value: number) => setParams({ model: modelType, year: String(value), period })}
          />
          <Select
            aria-label="Periodo"
            value={period}
            style={{ width: 170 }}
            disabled={isAnnualModel(modelType)}
            options={periodOptions(modelType)}
            onChange={(value: string) => setParams({ model: modelType, year: String(year), period: value })}
          />
        </Flex>
        {/* A new model or period starts with nothing selected. */}
        <CockpitContent key={`${modelType}-${year}-${period}`} selection={selection} />
      </Flex>
    </>
  );
}

function CockpitContent({ selection }: { selection: CockpitSelection }) {
  const { modelType, year, period } = selection;
  const [searchParams, setSearchParams] = useSearchParams();
  const anomaliesOnly = searchParams.get('anomalies') === '1';
  const pendingOnly = searchParams.get('pending') === '1';
  const [search, setSearch] = useState('');
  const query = useCockpit(selection);
  // A new period's answer is not the old one's rows (keepPreviousData keeps them while it loads).
  const data: CockpitView | undefined = query.isPlaceholderData ? undefined : query.data;
  const rows = useMemo(() => data?.rows ?? [], [data]);
  const shown = useMemo(
    () =>
      filterRows(rows, { anomalies: anomaliesOnly, pending: pendingOnly, search } satisfies CockpitFilters),
    [rows, anomaliesOnly, pendingOnly, search],
  );
  const [selected, setSelected] = useState<string[]>([]);
  const [dialog, setDialog] = useState<BulkActionKey | null>(null);
  const screens = Grid.useBreakpoint();
  const navigate = useNavigate();
  const selectedCompanyId = useCompanyId();
  const switchCompany = useSwitchCompany();

  const compute = useCockpitAction('compute');
  const approve = useCockpitAction('approve');
  const submit = useCockpitAction('submit');
  const publish = useCockpitAction('publish');
  const exportZip = useExportCockpit();

  const setFilter = (key: 'anomalies' | 'pending', on: boolean) =>
    setSearchParams(
      (previous) => {
        const params = new URLSearchParams(previous);
        if (on) params.set(key, '1');
        else params.delete(key);
        return params;
      },
      { replace: true },
    );

  // Each company's own period (a large company's June 111 when 2T is asked): its model is that one.
  const linkTo = (row: CockpitRow) =>
    paths.app.tax.modelPreview(
      row.modelId ?? modelIdOf(year, modelType, row.period ?? period),
      row.companyId,
    );
  // The model page works on the selected company: select the row's first, then open it.
  const open = (row: CockpitRow) => {
    const to = linkTo(row);
    if (row.companyId === selectedCompanyId) navigate(to);
    else switchCompany.mutate(row.companyId, { onSuccess: () => navigate(to) });
  };
  const columns = cockpitColumns({ selection, linkTo, onOpen: open });

  const byId = useMemo(() => new Map(rows.map((r) => [r.companyId, r])), [rows]);
  const selectedRows = selected.map((id) => byId.get(id)).filter((r): r is CockpitRow => r !== undefined);
  const toCompute = computableRows(rows);
  const label = modelTitle(modelType, period, year);
  const periodText = modelPeriodLabel(modelType, period, year);

  const named = (results: { companyId: string; outcome: CompanyOutcome['outcome']; message: string }[]) =>
    results.map((r) => ({ ...r, companyName: byId.get(r.companyId)?.companyName ?? r.companyId }));

  const targets = (key: BulkActionKey): CockpitRow[] => (key === 'compute' ? toCompute : selectedRows);
  const ids = (key: BulkActionKey) => targets(key).map((r) => r.companyId);
  const base = { modelType, year, period };

  const run = async (
    key: BulkActionKey,
    mode: 'AUTO' | 'CERTIFICATE' | 'COLLABORATOR',
  ): Promise<CompanyOutcome[]> => {
    const companyIds = ids(key);
    if (key === 'export') {
      try {
        await exportZip.mutateAsync({ ...base, companyIds, headerCompanyId: selectedCompanyId });
      } catch (error) {
        // None of them has the model: the answer says why for each company.
        const results = outcomesOf(error);
        if (results) return named(results);
        throw error;
      }
      // The zip holds the stored models' files; a company without one has nothing to export.
      return targets(key).map((row) => ({
        companyId: row.companyId,
        companyName: row.companyName,
        outcome: row.modelId ? 'OK' : 'SKIPPED',
        message: row.modelId
          ? 'Su fichero de la AEAT va en el zip descargado.'
          : 'Sin modelo generado en el periodo: calcúlalo primero.',
      }));
    }
    const mutation = { compute, approve, submit, publish }[key];
    return named(await mutation.mutateAsync({ ...base, companyIds, mode }));
  };

  const count = (n: number) => `${n} ${n === 1 ? 'empresa' : 'empresas'}`;
  const specs: Record<BulkActionKey, BulkActionSpec> = {
    compute: {
      key: 'compute',
      title: 'Calcular todos',
      okText: 'Calcular',
      description: `Se calculará el ${label} de ${count(toCompute.length)} con sus libros de hoy. Los modelos ya generados se recalculan; los presentados no se tocan.`,
    },
    approve: {
      key: 'approve',
      title: 'Aprobar',
      okText: 'Aprobar',
      description: `Se aprobará el modelo de ${periodText} de ${count(selectedRows.length)}: queda revisado y listo para presentar.`,
    },
    export: {
      key: 'export',
      title: 'Exportar ficheros',
      okText: 'Exportar',
      description: `Se descargará un fichero zip con el fichero de la AEAT del modelo de ${periodText} de ${count(selectedRows.length)}, para presentarlo en la sede electrónica.`,
    },
    submit: {
      key: 'submit',
      title: 'Presentar',
      okText: 'Presentar',
      description: `Se presentará a la AEAT el modelo de ${periodText} de ${count(selectedRows.length)}. Cada presentación aceptada devuelve su justificante (CSV).`,
    },
    publish: {
      key: 'publish',
      title: 'Publicar al cliente',
      okText: 'Publicar',
      description: `Se publicará el modelo de ${periodText} a ${count(selectedRows.length)}: cada cliente recibe un aviso y lo ve en 'Mis documentos fiscales'.`,
    },
  };

  if (query.isError) {
    return (
      <LoadError
        title="No se ha podido cargar la presentación por lotes"
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (data && rows.length === 0) {
    return (
      <EmptyState description="No gestionas ninguna empresa cliente: cuando tengas clientes, aquí verás sus modelos del periodo." />
    );
  }

  const none = selectedRows.length === 0;
  const actionButton = (key: Exclude<BulkActionKey, 'compute'>, icon: ReactNode) => (
    <Button icon={icon} disabled={none || !data} onClick={() => setDialog(key)}>
      {specs[key].title}
    </Button>
  );

  return (
    <>
      {data ? <Totals totals={data.totals} /> : null}
      <Flex gap={8} wrap align="center" justify="space-between">
        <Flex gap={16} wrap align="center">
          <Flex gap={8} align="center">
            <Switch
              size="small"
              checked={anomaliesOnly}
              onChange={(on) => setFilter('anomalies', on)}
              aria-label="Solo con anomalías"
            />
            <span>Solo con anomalías</span>
          </Flex>
          <Flex gap={8} align="center">
            <Switch
              size="small"
              checked={pendingOnly}
              onChange={(on) => setFilter('pending', on)}
              aria-label="Solo pendientes"
            />
            <span>Solo pendientes</span>
          </Flex>
          <Input.Search
            allowClear
            aria-label="Buscar empresa"
            placeholder="Buscar por nombre o NIF"
            style={{ width: 240, maxWidth: '100%' }}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </Flex>
      </Flex>
      <Card styles={{ body: { padding: screens.xs ? 8 : 16 } }}>
        <Flex vertical gap={12}>
          <Flex gap={8} wrap align="center">
            <Button
              type="primary"
              icon={<CalculatorOutlined />}
              disabled={!data || toCompute.length === 0}
              onClick={() => setDialog('compute')}
            >
              Calcular todos
            </Button>
            {actionButton('approve', <CheckOutlined />)}
            {actionButton('export', <DownloadOutlined />)}
            {actionButton('submit', <CloudUploadOutlined />)}
            {actionButton('publish', <SendOutlined />)}
            <Typography.Text type="secondary" aria-live="polite">
              {none
                ? 'Selecciona empresas para aprobar, exportar, presentar o publicar.'
                : `${count(selectedRows.length)} ${selectedRows.length === 1 ? 'seleccionada' : 'seleccionadas'}`}
            </Typography.Text>
          </Flex>
          <Table<CockpitRow>
            rowKey="companyId"
            size="middle"
            columns={columns}
            dataSource={shown}
            loading={query.isFetching}
            scroll={screens.xs ? undefined : { x: COCKPIT_TABLE_WIDTH }}
            rowSelection={{
              selectedRowKeys: selected,
              onChange: (keys) => setSelected(keys as string[]),
              preserveSelectedRowKeys: true,
              selections: [
                {
                  key: 'all',
                  text: 'Seleccionar todas las filtradas',
                  onSelect: () => setSelected(shown.map((r) => r.companyId)),
                },
                Table.SELECTION_NONE,
              ],
              getCheckboxProps: (row) => ({ 'aria-label': `Seleccionar ${row.companyName}` }),
            }}
            onRow={(row) => ({
              'aria-label': row.companyName,
              style: opensModel(row) ? { cursor: 'pointer' } : undefined,
              onClick: (event) => {
                // The checkbox column selects; only the rest of the row opens the model.
                if ((event.target as HTMLElement).closest('.ant-table-selection-column')) return;
                if (opensModel(row)) open(row);
              },
            })}
            pagination={{
              defaultPageSize: PAGE_SIZES[0],
              pageSizeOptions: PAGE_SIZES,
              showSizeChanger: true,
              hideOnSinglePage: true,
              showTotal: (total) => `${total} ${total === 1 ? 'empresa' : 'empresas'}`,
            }}
            locale={{ emptyText: 'Ninguna empresa cumple los filtros.' }}
          />
        </Flex>
      </Card>
      {dialog ? (
        <BulkActionDialog
          spec={specs[dialog]}
          companyNames={targets(dialog).map((r) => r.companyName)}
          run={({ mode }) => run(dialog, mode)}
          onClose={() => setDialog(null)}
        />
      ) : null}
    </>
  );
}

function Totals({ totals }: { totals: CockpitView['totals'] }) {
  const items: [string, number][] = [
    ['Empresas', totals.companies],
    ['Generados', totals.generated],
    ['Aprobados', totals.approved],
    ['Presentados', totals.submitted],
    ['Con anomalías', totals.withAnomalies],
  ];
  return (
    <Flex gap={8} wrap aria-label="Resumen del periodo">
      {items.map(([title, value]) => (
        <Card key={title} size="small" style={{ minWidth: 110, flex: '1 1 110px' }}>
          <Statistic title={title} value={value} />
        </Card>
      ))}
    </Flex>
  );
}
