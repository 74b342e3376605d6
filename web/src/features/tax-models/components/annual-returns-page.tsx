/**
 * /app/tax/annual-returns, 'Declaraciones anuales' (issue 15 item 4): the annual returns Cuadra does not
 * file itself — 100 (IRPF), 200 (Impuesto sobre Sociedades), 036 (census), 369 (OSS) and 720 (assets
 * abroad) — for a year, the last closed one by default. Each says whether the company owes it and why,
 * its deadline, what Cuadra already knows from the books and the stored returns (with the amount),
 * what it will know once a return of the year is generated and what the person must gather, and its
 * checklist as a PDF to hand over. A return the company does not owe is shown folded with its reason:
 * still there to check, never hidden.
 */
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import type { AnnualChecklist, ChecklistItem } from '@shared/fiscal/annual-checklists';
import { EmptyState, LoadError, LoadingBlock } from '@web/components/load-states';
import { YearSelect } from '@web/components/year-select';
import { formatCents } from '@web/lib/format';
import { spanishToday } from '@web/lib/spanish-today';
import { toast } from '@web/lib/toast';
import { yearFrom } from '@web/lib/years';
import { Button, Card, Collapse, Flex, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { useAnnualReturns, useDownloadAnnualReturnPdf } from '../api/annual-returns';
import {
  CHECKLIST_STATUS_COLORS,
  CHECKLIST_STATUS_LABELS,
  checklistSummaryText,
  checklistTitle,
  dueDateText,
} from '../utils/annual-checklists';
import { ModelsPageHeader, TaxModelsFrame, useTaxModelsContext } from './tax-page';

export function AnnualReturnsPage() {
  const context = useTaxModelsContext();
  const [searchParams, setSearchParams] = useSearchParams();
  const thisYear = Number(spanishToday().slice(0, 4));
  // The returns of a year are filed the next one: the last closed year first.
  const year = yearFrom(searchParams.get('year'), thisYear - 1);
  const returns = useAnnualReturns(context.companyId, year, { enabled: context.ready });
  const header = (
    <ModelsPageHeader
      title="Declaraciones anuales"
      actions={
        <YearSelect
          thisYear={thisYear}
          value={year}
          onChange={(next) =>
            setSearchParams(
              (previous) => {
                const params = new URLSearchParams(previous);
                params.set('year', String(next));
                return params;
              },
              { replace: true },
            )
          }
        />
      }
    />
  );
  return (
    <TaxModelsFrame
      context={context}
      header={header}
      noCompanyText="Selecciona una empresa para ver sus declaraciones anuales."
      errors={[returns.error]}
    >
      {(companyId) =>
        returns.isPending ? (
          <LoadingBlock label="Cargando las declaraciones anuales" />
        ) : returns.isError ? (
          <LoadError
            title="Error cargando las declaraciones anuales"
            error={returns.error}
            onRetry={() => void returns.refetch()}
          />
        ) : (
          <AnnualReturnsList companyId={companyId} year={year} items={returns.data.items} />
        )
      }
    </TaxModelsFrame>
  );
}

function AnnualReturnsList({
  companyId,
  year,
  items,
}: {
  companyId: string;
  year: number;
  items: readonly AnnualChecklist[];
}) {
  const owed = items.filter((c) => c.applies);
  const notOwed = items.filter((c) => !c.applies);
  return (
    <Flex vertical gap={16}>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        Declaraciones de {year} que se presentan fuera de Cuadra: lo que Cuadra ya sabe por los libros y los
        modelos del año, y lo que hay que reunir para presentarlas.
      </Typography.Paragraph>
      {items.length === 0 ? <EmptyState description={`No hay declaraciones anuales de ${year}.`} /> : null}
      {owed.map((c) => (
        <Card
          key={c.modelType}
          size="small"
          title={checklistTitle(c)}
          extra={<PdfButton companyId={companyId} checklist={c} />}
        >
          <ChecklistBody checklist={c} />
        </Card>
      ))}
      {notOwed.length > 0 ? (
        <Collapse
          items={notOwed.map((c) => ({
            key: c.modelType,
            label: (
              <Flex vertical gap={2}>
                <Typography.Text strong>{checklistTitle(c)}</Typography.Text>
                <Typography.Text type="secondary">No se presenta: {c.reason}</Typography.Text>
              </Flex>
            ),
            children: (
              <Flex vertical gap={12}>
                <ChecklistBody checklist={c} />
                <PdfButton companyId={companyId} checklist={c} />
              </Flex>
            ),
          }))}
        />
      ) : null}
    </Flex>
  );
}

function PdfButton({ companyId, checklist }: { companyId: string; checklist: AnnualChecklist }) {
  const pdf = useDownloadAnnualReturnPdf(companyId);
  return (
    <Button
      icon={<DownloadOutlined />}
      loading={pdf.isPending}
      aria-label={`Descargar PDF del modelo ${checklist.modelType}`}
      style={{ width: 'fit-content' }}
      onClick={() =>
        pdf.mutate(
          { modelType: checklist.modelType, year: checklist.year },
          { onError: (error) => toast.fromError(error) },
        )
      }
    >
      Descargar PDF
    </Button>
  );
}

function ChecklistBody({ checklist: c }: { checklist: AnnualChecklist }) {
  const columns: TableColumnsType<ChecklistItem> = [
    {
      title: 'Concepto',
      key: 'label',
      render: (_, item) => (
        <Flex vertical gap={2}>
          <span>{item.label}</span>
          {item.detail ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {item.detail}
            </Typography.Text>
          ) : null}
        </Flex>
      ),
    },
    {
      title: 'Estado',
      key: 'status',
      width: 120,
      render: (_, item) => (
        <Tag color={CHECKLIST_STATUS_COLORS[item.status]}>{CHECKLIST_STATUS_LABELS[item.status]}</Tag>
      ),
    },
    {
      title: 'Importe',
      key: 'amount',
      align: 'right',
      width: 140,
      render: (_, item) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          {item.amountCents === undefined ? '—' : formatCents(item.amountCents)}
        </span>
      ),
    },
  ];
  return (
    <Flex vertical gap={12}>
      <Flex gap={8} align="center" wrap>
        <Tag color={c.applies ? 'blue' : 'default'}>{c.applies ? 'Se presenta' : 'No se presenta'}</Tag>
        <Typography.Text>{c.reason}</Typography.Text>
      </Flex>
      <Flex gap={16} wrap>
        <Typography.Text>{dueDateText(c.dueDate)}</Typography.Text>
        <Typography.Text type="secondary">{checklistSummaryText(c.summary)}</Typography.Text>
      </Flex>
      <Table<ChecklistItem>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={c.items}
        pagination={false}
        onRow={(item) => ({ 'aria-label': item.label })}
      />
    </Flex>
  );
}
