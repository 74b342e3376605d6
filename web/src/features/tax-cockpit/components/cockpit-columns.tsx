/**
 * The cockpit table's columns. At 576 px and wider one column per fact (the table scrolls sideways
 * inside its card); on a phone one column sums each company up, so the page fits 390 px. The columns
 * follow the model: an annual return (390, 347) has no 'Periodo anterior' apart from last year's. A
 * company filing in another periodicity than the one asked (a large company's monthly 111 for a 2T)
 * shows its own period under the due date.
 */
import CheckCircleOutlined from '@ant-design/icons/CheckCircleOutlined';
import SendOutlined from '@ant-design/icons/SendOutlined';
import type { CockpitRow, ModelResult } from '@shared/schemas/tax-models';
import { ModelStatusTag } from '@web/components/tax-models/model-status-tag';
import { ModelResultView, resultAmountText } from '@web/components/tax-models/result-tag';
import { formatDate } from '@web/lib/format';
import { modelPeriodLabel, RESULT_TYPE_LABELS } from '@web/lib/tax-labels';
import { Flex, type TableColumnsType, Tag, Typography } from 'antd';
import type { MouseEvent } from 'react';
import { useHref } from 'react-router-dom';
import { isAnnualModel } from '../utils/periods';
import { resultSortValue } from '../utils/rows';
import { AnomalyTags } from './anomaly-tags';
import type { CockpitSelection } from './cockpit-page';

const WIDE = ['sm' as const];

/** A row opens its model when the company owes it or has one stored. */
export const opensModel = (row: CockpitRow): boolean => row.applicable || row.modelId !== null;

export function StatusCell({ row }: { row: CockpitRow }) {
  // A model stored for a period the company no longer owes (its profile changed) keeps its status.
  if (!row.applicable && !row.modelId) {
    return (
      <Tag color="default" style={{ marginInlineEnd: 0 }}>
        No aplica
      </Tag>
    );
  }
  return <ModelStatusTag status={row.status} />;
}

/** An earlier period's result: the amount, the result type in words below. */
export function ResultBrief({ result }: { result: ModelResult | null }) {
  if (!result) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <Flex vertical>
      <span style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
        {resultAmountText(result)}
      </span>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {RESULT_TYPE_LABELS[result.type]}
      </Typography.Text>
    </Flex>
  );
}

export function Marks({ row }: { row: CockpitRow }) {
  if (!row.approved && !row.published) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <Flex gap={4} wrap>
      {row.approved ? (
        <Tag color="green" icon={<CheckCircleOutlined />} style={{ marginInlineEnd: 0 }}>
          Aprobado
        </Tag>
      ) : null}
      {row.published ? (
        <Tag color="blue" icon={<SendOutlined />} style={{ marginInlineEnd: 0 }}>
          Publicado
        </Tag>
      ) : null}
    </Flex>
  );
}

/** The issues of the model's validation ('2 incidencias'); nothing when there are none. */
function Issues({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <Typography.Text type="danger" style={{ fontSize: 12 }}>
      {count} {count === 1 ? 'incidencia' : 'incidencias'}
    </Typography.Text>
  );
}

/**
 * The company's name as a real link to its model (open in a new tab works: the link selects the
 * company, `?company=`); a plain click lets the page select the company first, then go.
 */
function CompanyLink({
  row,
  to,
  onOpen,
}: {
  row: CockpitRow;
  to: string;
  onOpen: (row: CockpitRow) => void;
}) {
  const href = useHref(to);
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    event.stopPropagation();
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onOpen(row);
  };
  return (
    <a href={href} onClick={onClick} style={{ fontWeight: 600 }}>
      {row.companyName}
    </a>
  );
}

function CompanyCell({
  row,
  linkTo,
  onOpen,
}: {
  row: CockpitRow;
  linkTo: (row: CockpitRow) => string;
  onOpen: (row: CockpitRow) => void;
}) {
  return (
    <Flex vertical style={{ minWidth: 0 }}>
      {opensModel(row) ? (
        <CompanyLink row={row} to={linkTo(row)} onOpen={onOpen} />
      ) : (
        <Typography.Text strong>{row.companyName}</Typography.Text>
      )}
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        NIF {row.nif}
      </Typography.Text>
    </Flex>
  );
}

/** The company's own period when it is not the one asked ('Junio 2026' for a 2T), else null. */
export function ownPeriodText(row: CockpitRow, selection: CockpitSelection): string | null {
  if (!row.period || row.period === selection.period) return null;
  return modelPeriodLabel(selection.modelType, row.period, selection.year);
}

export function cockpitColumns({
  selection,
  linkTo,
  onOpen,
}: {
  selection: CockpitSelection;
  linkTo: (row: CockpitRow) => string;
  onOpen: (row: CockpitRow) => void;
}): TableColumnsType<CockpitRow> {
  const { modelType } = selection;
  const ownPeriod = (row: CockpitRow) => {
    const text = ownPeriodText(row, selection);
    return text ? (
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        Su periodo: {text}
      </Typography.Text>
    ) : null;
  };
  const columns: TableColumnsType<CockpitRow> = [
    {
      title: 'Empresa',
      key: 'summary',
      responsive: ['xs'],
      render: (_, row) => (
        <Flex vertical gap={4} style={{ minWidth: 0 }}>
          <CompanyCell row={row} linkTo={linkTo} onOpen={onOpen} />
          <Flex gap={8} align="center" wrap>
            <StatusCell row={row} />
            {row.result ? <ModelResultView result={row.result} /> : null}
          </Flex>
          {row.dueDate ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              Vence el {formatDate(row.dueDate)}
              {row.issues > 0 ? ` · ${row.issues} ${row.issues === 1 ? 'incidencia' : 'incidencias'}` : ''}
            </Typography.Text>
          ) : null}
          {ownPeriod(row)}
          {row.anomalies.length > 0 ? <AnomalyTags anomalies={row.anomalies} /> : null}
          {row.approved || row.published ? <Marks row={row} /> : null}
        </Flex>
      ),
    },
    {
      title: 'Empresa',
      key: 'company',
      width: 200,
      responsive: WIDE,
      sorter: (a, b) => a.companyName.localeCompare(b.companyName, 'es'),
      render: (_, row) => <CompanyCell row={row} linkTo={linkTo} onOpen={onOpen} />,
    },
    {
      title: 'Vencimiento',
      key: 'dueDate',
      width: 115,
      responsive: WIDE,
      sorter: (a, b) => (a.dueDate ?? '').localeCompare(b.dueDate ?? ''),
      render: (_, row) => (
        <Flex vertical>
          {row.dueDate ? formatDate(row.dueDate) : <Typography.Text type="secondary">—</Typography.Text>}
          {ownPeriod(row)}
        </Flex>
      ),
    },
    {
      // The status with what the review added: the issues of its validation, approved, published.
      title: 'Estado',
      key: 'status',
      width: 150,
      responsive: WIDE,
      sorter: (a, b) => a.issues - b.issues,
      render: (_, row) => (
        <Flex vertical gap={4} align="flex-start">
          <StatusCell row={row} />
          <Issues count={row.issues} />
          {row.approved || row.published ? <Marks row={row} /> : null}
        </Flex>
      ),
    },
    {
      title: 'Resultado',
      key: 'result',
      width: 180,
      responsive: WIDE,
      sorter: (a, b) => resultSortValue(a) - resultSortValue(b),
      render: (_, row) =>
        row.result ? (
          <ModelResultView result={row.result} strong />
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        ),
    },
    {
      title: 'Periodo anterior',
      key: 'previous',
      width: 120,
      responsive: WIDE,
      render: (_, row) => <ResultBrief result={row.previousPeriodResult} />,
    },
    {
      title: 'Año anterior',
      key: 'lastYear',
      width: 120,
      responsive: WIDE,
      render: (_, row) => <ResultBrief result={row.lastYearResult} />,
    },
    {
      title: 'Anomalías',
      key: 'anomalies',
      width: 190,
      responsive: WIDE,
      sorter: (a, b) => a.anomalies.length - b.anomalies.length,
      render: (_, row) => <AnomalyTags anomalies={row.anomalies} />,
    },
  ];
  // The period before an annual return is last year's: its own column says it.
  return isAnnualModel(modelType) ? columns.filter((c) => c.key !== 'previous') : columns;
}

/** The widths above plus the selection column: the table's sideways scroll below that. */
export const COCKPIT_TABLE_WIDTH = 1110;
