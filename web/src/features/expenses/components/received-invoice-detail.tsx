/**
 * /app/admin/invoicing/expenses/:receivedInvoiceId: one received invoice (issue 16): supplier,
 * dates (the accounting date starts the SII's four working days for the FR book), lines, totals,
 * its approval, payment and SII states, whether its VAT is deductible only when paid (the criterio
 * de caja, the supplier's or the company's own), and its payments (the RECC pagos of the criterio de
 * caja). The SII's problem links open it in a new tab with `?company=`, which selects the company.
 * A draft read from a document (issue 17) says so in a banner, with its document.
 */
import { allocatePayments, type InstalmentState } from '@shared/fiscal/due-dates';
import { supplierTaxIdText } from '@shared/schemas/expenses';
import type { ReceivedInvoice, ReceivedInvoiceLine } from '@shared/schemas/received-invoices';
import { CompanyFromUrlGate } from '@web/components/company-from-url-gate';
import { DueDatesTable } from '@web/components/due-dates-table';
import { IntraEuOperationCard } from '@web/components/intra-eu-operation-fields';
import { LoadError, LoadingBlock } from '@web/components/load-states';
import { PageHeader } from '@web/components/page-header';
import { useCan } from '@web/lib/access';
import { isApiError } from '@web/lib/api-error';
import { useCompanyId } from '@web/lib/company';
import { formatCents, formatDate } from '@web/lib/format';
import { formatBp, milliToInput } from '@web/lib/money-input';
import { paths } from '@web/lib/paths';
import { Alert, Button, Card, Col, Descriptions, Row, Table, Tag } from 'antd';
import { useState } from 'react';
import { useExpenseCategories } from '../api/expense-categories';
import { useReceivedInvoice } from '../api/received-invoices';
import { APPROVAL_LABELS, orUnread, RECEIVED_PAYMENT_STATUS_LABELS } from '../utils/labels';
import {
  LINE_KIND_LABELS,
  PAYMENT_METHOD_LABELS,
  RECEIVED_INVOICE_TYPE_LABELS,
} from '../utils/received-invoice-form-values';
import { NoCompany } from './no-company';
import { ReceivedInvoiceDraftBanner } from './received-invoice-draft-banner';
import { ReceivedInvoiceDrawer } from './received-invoice-drawer';
import { ReceivedPayments } from './received-payments';
import { ReceivedSiiTag } from './received-sii-tag';

/**
 * Why and until when the deduction of the invoice's VAT waits for its payment: the criterio de caja of
 * its supplier (art. 163 quinquiesdecies.Uno LIVA) or of the company itself (art. 163 terdecies LIVA),
 * at the latest on 31 December of the year after the operation.
 */
function deductionOnPaymentText(
  inv: Pick<ReceivedInvoice, 'deductionOnPayment' | 'operationDate' | 'issueDate'>,
): string {
  const who =
    inv.deductionOnPayment === 'OWN_RECC'
      ? 'La empresa aplica el régimen especial del criterio de caja'
      : 'El proveedor aplica el régimen especial del criterio de caja';
  const deadline = `${Number((inv.operationDate ?? inv.issueDate).slice(0, 4)) + 1}-12-31`;
  return `${who}: se deduce al pagar, y lo pendiente el ${formatDate(deadline)}.`;
}

/** A link naming the invoice's company (`?company=`) selects that company first. */
/** Today in Spain (YYYY-MM-DD): an instalment is overdue from the day after its due date. */
const todayInMadrid = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(new Date());

/**
 * Each due date of a received invoice with what its payments cover (oldest first; issue 19): the
 * stored `dueDates`, else its `dueDate` for the whole total (an invoice registered before).
 */
export function receivedInstalments(
  inv: Pick<ReceivedInvoice, 'dueDates' | 'dueDate' | 'totals' | 'paidCents'>,
  today: string,
): InstalmentState[] {
  const dueDates =
    inv.dueDates ?? (inv.dueDate ? [{ dueDate: inv.dueDate, amountCents: inv.totals.totalCents }] : []);
  return allocatePayments(dueDates, inv.paidCents ?? 0, today).instalments;
}

export function ReceivedInvoiceDetail({ receivedInvoiceId }: { receivedInvoiceId: string }) {
  return (
    <CompanyFromUrlGate refusedTitle="Esta factura es de una empresa a la que no tienes acceso.">
      <ReceivedInvoiceDetailContent receivedInvoiceId={receivedInvoiceId} />
    </CompanyFromUrlGate>
  );
}

function ReceivedInvoiceDetailContent({ receivedInvoiceId }: { receivedInvoiceId: string }) {
  const companyId = useCompanyId();
  return companyId ? (
    <ReceivedInvoiceView companyId={companyId} receivedInvoiceId={receivedInvoiceId} />
  ) : (
    <NoCompany />
  );
}

function ReceivedInvoiceView({
  companyId,
  receivedInvoiceId,
}: {
  companyId: string;
  receivedInvoiceId: string;
}) {
  const query = useReceivedInvoice(companyId, receivedInvoiceId);
  const categories = useExpenseCategories(companyId);
  const canEdit = useCan('receivedInvoices.update');
  const [editing, setEditing] = useState(false);
  const back = { to: paths.app.invoicing.expenses, label: 'Gastos' };

  if (query.isPending) return <LoadingBlock label="Cargando la factura recibida" />;
  if (query.isError || !query.data) {
    const missing = isApiError(query.error) && query.error.status === 404;
    return (
      <>
        <PageHeader title="Factura recibida" back={back} />
        {missing ? (
          <Alert
            type="warning"
            showIcon
            title="Esta factura recibida no existe o no es de la empresa seleccionada."
          />
        ) : (
          <LoadError
            title="No se ha podido cargar la factura recibida"
            error={query.error}
            onRetry={() => void query.refetch()}
          />
        )}
      </>
    );
  }
  const inv = query.data;
  const approval = APPROVAL_LABELS[inv.approvalStatus];
  const payment = RECEIVED_PAYMENT_STATUS_LABELS[inv.paymentStatus ?? 'PENDING'];
  const category = categories.data?.find((c) => c.categoryId === inv.expenseCategoryId);
  const instalments = receivedInstalments(inv, todayInMadrid());

  return (
    <>
      <PageHeader
        title={`Factura recibida ${inv.supplierInvoiceNumber || '(número sin leer)'}`}
        back={back}
        meta={
          <>
            <Tag color={approval?.color}>{approval?.label ?? inv.approvalStatus}</Tag>
            {inv.totals.totalCents > 0 ? <Tag color={payment.color}>{payment.label}</Tag> : null}
            <ReceivedSiiTag invoice={inv} />
            <span>{orUnread(inv.supplier.name)}</span>
          </>
        }
        actions={canEdit ? <Button onClick={() => setEditing(true)}>Editar</Button> : null}
      />
      {inv.draft ? <ReceivedInvoiceDraftBanner draft={inv.draft} companyId={companyId} /> : null}
      {inv.approval?.status === 'REJECTED' && inv.approval.comment ? (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title="Factura rechazada"
          description={`Motivo: ${inv.approval.comment}`}
        />
      ) : null}
      <Row gutter={16}>
        <Col xs={24} lg={14}>
          <Card title="Datos de la factura" size="small" style={{ marginBottom: 16 }}>
            <Descriptions
              size="small"
              column={{ xs: 1, md: 2 }}
              items={[
                { key: 'supplier', label: 'Proveedor', children: orUnread(inv.supplier.name) },
                { key: 'nif', label: 'NIF', children: orUnread(supplierTaxIdText(inv.supplier.taxId)) },
                { key: 'number', label: 'Número', children: orUnread(inv.supplierInvoiceNumber) },
                {
                  key: 'type',
                  label: 'Tipo',
                  children: RECEIVED_INVOICE_TYPE_LABELS[inv.invoiceType] ?? inv.invoiceType,
                },
                { key: 'issue', label: 'Fecha de expedición', children: orUnread(formatDate(inv.issueDate)) },
                {
                  key: 'accounting',
                  label: 'Fecha contable',
                  children: formatDate(inv.accountingDate) || '—',
                },
                { key: 'due', label: 'Vencimiento', children: inv.dueDate ? formatDate(inv.dueDate) : '—' },
                {
                  key: 'method',
                  label: 'Forma de pago',
                  children: inv.paymentMethod ? PAYMENT_METHOD_LABELS[inv.paymentMethod] : '—',
                },
                { key: 'category', label: 'Categoría', children: category?.name ?? 'Sin categoría' },
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <Card title="Totales" size="small" style={{ marginBottom: 16 }}>
            <Descriptions
              size="small"
              column={1}
              items={[
                { key: 'base', label: 'Base imponible', children: formatCents(inv.totals.baseCents) },
                { key: 'vat', label: 'IVA soportado', children: formatCents(inv.totals.vatCents) },
                {
                  key: 'deductible',
                  label: 'IVA deducible',
                  children: formatCents(inv.totals.deductibleVatCents),
                },
                ...(inv.deductionOnPayment
                  ? [
                      {
                        key: 'onPayment',
                        label: 'IVA deducible al pago (criterio de caja)',
                        children: deductionOnPaymentText(inv),
                      },
                    ]
                  : []),
                ...(inv.totals.irpfCents
                  ? [{ key: 'irpf', label: 'Retención', children: formatCents(-inv.totals.irpfCents) }]
                  : []),
                {
                  key: 'total',
                  label: 'Total',
                  children: <strong>{formatCents(inv.totals.totalCents)}</strong>,
                },
              ]}
            />
          </Card>
        </Col>
      </Row>
      {inv.intraEuOperation ? <IntraEuOperationCard operation={inv.intraEuOperation} /> : null}
      {instalments.length > 0 ? (
        <Card title="Vencimientos" size="small" style={{ marginBottom: 16 }}>
          <DueDatesTable instalments={instalments} />
        </Card>
      ) : null}
      <Card title="Líneas" size="small" style={{ marginBottom: 16 }}>
        <Table<ReceivedInvoiceLine & { key: number }>
          size="small"
          pagination={false}
          scroll={{ x: 'max-content' }}
          dataSource={inv.lines.map((line, key) => ({ ...line, key }))}
          columns={[
            { title: 'Descripción', dataIndex: 'description' },
            {
              title: 'Cantidad',
              dataIndex: 'quantityMilli',
              align: 'right',
              render: (v: number) => milliToInput(v),
            },
            {
              title: 'Precio',
              dataIndex: 'unitPriceCents',
              align: 'right',
              render: (v: number) => formatCents(v),
            },
            {
              title: 'Tipo',
              dataIndex: 'kind',
              render: (k: ReceivedInvoiceLine['kind']) => LINE_KIND_LABELS[k] ?? k,
            },
            { title: 'IVA', dataIndex: 'vatRateBp', align: 'right', render: (v: number) => formatBp(v) },
            {
              title: 'Base',
              key: 'base',
              align: 'right',
              render: (_, l) => formatCents(inv.totals.lineBasesCents[l.key] ?? 0),
            },
          ]}
        />
      </Card>
      <ReceivedPayments companyId={companyId} invoice={inv} />
      <ReceivedInvoiceDrawer
        companyId={companyId}
        open={editing}
        invoice={inv}
        categories={categories.data ?? []}
        onClose={() => setEditing(false)}
      />
    </>
  );
}
