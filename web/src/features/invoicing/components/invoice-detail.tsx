/**
 * One issued invoice: header with number and status, issuer and customer, lines, VAT breakdown,
 * totals, legal mentions, rectification links, payments summary, e-mail log, and the actions its
 * status allows (drafts: confirm, edit, delete; confirmed: e-mail, payment, cancel, rectify).
 */
import type { CustomerTaxId } from '@shared/schemas/customers';
import type { InvoiceLine, InvoiceWithPayments } from '@shared/schemas/invoices';
import { CompanyFromUrlGate } from '@web/components/company-from-url-gate';
import { DueDatesTable } from '@web/components/due-dates-table';
import { IntraEuOperationCard } from '@web/components/intra-eu-operation-fields';
import { LoadingBlock } from '@web/components/load-states';
import { PageHeader } from '@web/components/page-header';
import { useCanCall } from '@web/lib/access';
import { useCompanyId } from '@web/lib/company';
import { formatCents, formatDate, formatDateTime } from '@web/lib/format';
import { formatBp, milliToInput } from '@web/lib/money-input';
import { paths } from '@web/lib/paths';
import { showToast, toastError } from '@web/lib/toast';
import {
  Alert,
  Button,
  Card,
  Col,
  Descriptions,
  Flex,
  Grid,
  Popconfirm,
  Row,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useConfirmInvoice } from '../api/confirm-invoice';
import { useDeleteInvoice } from '../api/delete-invoice';
import { useCustomer } from '../api/get-customers';
import { useInvoice } from '../api/get-invoice';
import { useDownloadInvoicePdf } from '../api/get-invoice-pdf';
import {
  INVOICE_TYPE_LABELS,
  LINE_TREATMENT_LABELS,
  PAYMENT_METHOD_LABELS,
  RECTIFICATION_METHOD_LABELS,
} from '../utils/labels';
import { ApplyCreditDialog } from './apply-credit-dialog';
import { CancelInvoiceDialog } from './cancel-invoice-dialog';
import { EmailLog } from './email-log';
import { InvoiceLoadError } from './invoice-load-error';
import { LinkButton } from './link-button';
import { RectifyDialog } from './rectify-dialog';
import { RefusalAlert } from './refusal-alert';
import { SendEmailDialog } from './send-email-dialog';
import { SiiPanel } from './sii-panel';
import { InvoiceStatusTag, PaymentStatusTag, paymentStatusOf, SiiStatusTag } from './status-tags';
import { BreakdownTable, LegalMentions, TotalsList } from './totals-preview';
import { VerifactuPanel } from './verifactu-panel';

const taxIdText = (t: CustomerTaxId | null | undefined) =>
  t ? (typeof t === 'string' ? t : `${t.value} (${t.country})`) : '—';

export const invoiceTitle = (invoice: Pick<InvoiceWithPayments, 'invoiceNumber' | 'status'>) =>
  invoice.invoiceNumber ? `Factura ${invoice.invoiceNumber}` : 'Borrador de factura';

/** The e-mail's text as the server's default writes it, for the sender to edit. */
export const invoiceEmailMessage = (invoiceNumber: string, companyName: string) =>
  [
    'Buenos días:',
    `Le enviamos adjunta la factura ${invoiceNumber}${companyName ? ` de ${companyName}` : ''} en formato PDF.`,
    `Atentamente,${companyName ? `\n${companyName}` : ''}`,
  ].join('\n\n');

type Dialog = 'email' | 'cancel' | 'rectify' | 'applyCredit' | null;

/** A link naming the invoice's company (`?company=`) selects that company first. */
export function InvoiceDetail({ invoiceId }: { invoiceId: string }) {
  return (
    <CompanyFromUrlGate refusedTitle="Esta factura es de una empresa a la que no tienes acceso.">
      <InvoiceDetailContent invoiceId={invoiceId} />
    </CompanyFromUrlGate>
  );
}

function InvoiceDetailContent({ invoiceId }: { invoiceId: string }) {
  const companyId = useCompanyId();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const query = useInvoice(invoiceId, companyId);
  const confirm = useConfirmInvoice(companyId);
  const remove = useDeleteInvoice(companyId);
  const pdf = useDownloadInvoicePdf(companyId);
  const [dialog, setDialog] = useState<Dialog>(searchParams.get('rectify') ? 'rectify' : null);
  const invoice = query.data;
  const customer = useCustomer(invoice?.customer?.customerId ?? undefined, companyId);
  const can = useCanCall();
  // On a phone the description wraps narrower, so the amounts show beside it without scrolling far.
  const phone = Grid.useBreakpoint().md === false;

  if (query.isLoading) return <LoadingBlock label="Cargando la factura" />;
  if (query.isError || !invoice)
    return <InvoiceLoadError error={query.error} onRetry={() => query.refetch()} />;

  const isDraft = invoice.status === 'DRAFT';
  const isConfirmed = invoice.status === 'CONFIRMED';
  // Replaced by a rectificativa by substitution: its collections moved to the substitute.
  const substituted = Boolean(invoice.substitutedBy) || invoice.displayStatus === 'SUBSTITUTED';
  const open = isConfirmed && !substituted;
  // A rectificativa that lowers the amount (negative total) is not collected.
  const paymentStatus = invoice.totals.totalCents > 0 ? paymentStatusOf(invoice) : null;
  const paidCents = invoice.paidCents ?? 0;
  const creditedCents = invoice.creditedCents ?? 0;
  const outstandingCents =
    invoice.outstandingCents ?? Math.max(0, invoice.totals.totalCents - paidCents - creditedCents);
  const unappliedCreditCents = invoice.unappliedCreditCents ?? 0;
  const closeDialog = () => {
    setDialog(null);
    if (searchParams.has('rectify')) {
      const next = new URLSearchParams(searchParams);
      next.delete('rectify');
      setSearchParams(next, { replace: true });
    }
  };

  const actions = (
    <>
      <Button
        loading={pdf.isPending}
        onClick={() =>
          pdf.mutate(
            { invoiceId, name: invoice.invoiceNumber ?? `borrador-${invoiceId}` },
            { onError: (e) => toastError(e) },
          )
        }
      >
        Descargar PDF
      </Button>
      {isDraft && can('invoices.update') ? (
        <>
          <LinkButton to={paths.app.invoicing.invoiceEdit(invoiceId)}>Editar</LinkButton>
          <Popconfirm
            title="¿Eliminar este borrador?"
            okText="Eliminar"
            cancelText="No"
            okButtonProps={{ danger: true }}
            onConfirm={() =>
              remove.mutateAsync(invoiceId).then(
                () => {
                  showToast('success', 'Borrador eliminado.');
                  navigate(paths.app.invoicing.income);
                },
                (e) => toastError(e),
              )
            }
          >
            <Button danger loading={remove.isPending}>
              Eliminar
            </Button>
          </Popconfirm>
          <Popconfirm
            title="¿Confirmar la factura?"
            description="Recibirá su número y ya no se podrá modificar."
            okText="Confirmar"
            cancelText="No"
            onConfirm={() =>
              confirm.mutateAsync(invoiceId).then(
                (done) => showToast('success', `Factura ${done.invoiceNumber ?? ''} confirmada.`),
                (e) => toastError(e),
              )
            }
          >
            <Button type="primary" loading={confirm.isPending}>
              Confirmar
            </Button>
          </Popconfirm>
        </>
      ) : null}
      {isConfirmed && can('invoices.sendEmail') ? (
        <Button onClick={() => setDialog('email')}>Enviar por e-mail</Button>
      ) : null}
      {open && invoice.totals.totalCents > 0 && can('invoices.addPayment') ? (
        <LinkButton to={paths.app.invoicing.invoicePayments(invoiceId)}>Registrar cobro</LinkButton>
      ) : null}
      {isConfirmed && substituted ? (
        <LinkButton to={paths.app.invoicing.invoicePayments(invoiceId)}>Ver cobros</LinkButton>
      ) : null}
      {open && unappliedCreditCents > 0 && can('invoices.applyCredit') ? (
        <Button onClick={() => setDialog('applyCredit')}>Aplicar a otra factura</Button>
      ) : null}
      {open && can('invoices.rectify') ? (
        <Button onClick={() => setDialog('rectify')}>Emitir rectificativa</Button>
      ) : null}
      {open && can('invoices.cancel') ? (
        <Button danger onClick={() => setDialog('cancel')}>
          Anular
        </Button>
      ) : null}
    </>
  );

  const c = invoice.customer;
  const issuer = invoice.issuer;
  return (
    <>
      <PageHeader
        title={invoiceTitle(invoice)}
        back={{ to: paths.app.invoicing.income, label: 'Facturas emitidas' }}
        meta={
          <>
            <InvoiceStatusTag status={invoice.status} substituted={substituted} />
            {paymentStatus ? <PaymentStatusTag status={paymentStatus} /> : null}
            {invoice.siiStatus ? <SiiStatusTag status={invoice.siiStatus} /> : null}
            <Tag>{INVOICE_TYPE_LABELS[invoice.invoiceType] ?? invoice.invoiceType}</Tag>
            {invoice.confirmedAt ? <span>Confirmada el {formatDateTime(invoice.confirmedAt)}</span> : null}
          </>
        }
        actions={actions}
      />

      {invoice.status === 'CANCELLED' ? (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title={`Factura anulada${invoice.cancelledAt ? ` el ${formatDate(invoice.cancelledAt)}` : ''}`}
          description={invoice.cancelReason ? `Motivo: ${invoice.cancelReason}` : undefined}
        />
      ) : null}

      {substituted ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title="Factura sustituida"
          description={
            <span>
              La sustituye la rectificativa{' '}
              {invoice.substitutedBy ? (
                <Link to={paths.app.invoicing.invoice(invoice.substitutedBy)}>
                  {invoice.substitutedByNumber ?? 'ver rectificativa'}
                </Link>
              ) : null}
              : sus cobros pasan a ella y ya no admite cobros ni otra rectificativa.
            </span>
          }
        />
      ) : null}

      {invoice.rectification ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={`Rectificativa ${RECTIFICATION_METHOD_LABELS[invoice.rectification.method].toLowerCase()}`}
          description={
            <>
              <div>Motivo: {invoice.rectification.reason}</div>
              <div>
                Rectifica:{' '}
                {invoice.rectification.rectified.map((r, i) => (
                  <span key={r.invoiceId}>
                    {i > 0 ? ', ' : ''}
                    <Link to={paths.app.invoicing.invoice(r.invoiceId)}>{r.invoiceNumber}</Link> (
                    {formatDate(r.invoiceDate)})
                  </span>
                ))}
              </div>
            </>
          }
        />
      ) : null}

      {invoice.rectifiedBy?.length ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title="Esta factura ha sido rectificada"
          description={
            <span>
              Rectificativas:{' '}
              {invoice.rectifiedBy.map((id, i) => (
                <span key={id}>
                  {i > 0 ? ', ' : ''}
                  <Link to={paths.app.invoicing.invoice(id)}>ver rectificativa {i + 1}</Link>
                </span>
              ))}
            </span>
          }
        />
      ) : null}

      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Card title="Emisor" size="small" style={{ marginBottom: 16 }}>
            {issuer ? (
              <Descriptions
                size="small"
                column={1}
                items={[
                  { key: 'name', label: 'Nombre', children: issuer.name },
                  { key: 'nif', label: 'NIF', children: issuer.nif },
                  {
                    key: 'address',
                    label: 'Domicilio',
                    children: `${issuer.street}, ${issuer.postalCode} ${issuer.city}${issuer.province ? ` (${issuer.province})` : ''}`,
                  },
                ]}
              />
            ) : (
              <Typography.Text type="secondary">
                Los datos de la empresa se fijan al confirmar la factura.
              </Typography.Text>
            )}
          </Card>
        </Col>
        <Col xs={24} md={12}>
          <Card title="Cliente" size="small" style={{ marginBottom: 16 }}>
            {c ? (
              <Descriptions
                size="small"
                column={1}
                items={[
                  { key: 'name', label: 'Nombre', children: c.name },
                  { key: 'nif', label: 'NIF', children: taxIdText(c.taxId) },
                  {
                    key: 'address',
                    label: 'Domicilio',
                    children:
                      [c.address, [c.postalCode, c.city].filter(Boolean).join(' '), c.country]
                        .filter(Boolean)
                        .join(', ') || '—',
                  },
                ]}
              />
            ) : (
              <Typography.Text type="secondary">
                Factura simplificada sin destinatario identificado.
              </Typography.Text>
            )}
          </Card>
        </Col>
      </Row>

      <Card size="small" style={{ marginBottom: 16 }}>
        <Descriptions
          size="small"
          column={{ xs: 1, md: 3 }}
          items={[
            { key: 'number', label: 'Número', children: invoice.invoiceNumber ?? 'Sin número (borrador)' },
            { key: 'date', label: 'Fecha de expedición', children: formatDate(invoice.invoiceDate) },
            {
              key: 'op',
              label: 'Fecha de operación',
              children: invoice.operationDate ? formatDate(invoice.operationDate) : '—',
            },
            {
              key: 'due',
              label: 'Vencimiento',
              children: invoice.dueDate ? formatDate(invoice.dueDate) : '—',
            },
            {
              key: 'method',
              label: 'Forma de pago',
              children: invoice.paymentMethod ? PAYMENT_METHOD_LABELS[invoice.paymentMethod] : '—',
            },
            { key: 'series', label: 'Serie', children: invoice.series ?? '—' },
          ]}
        />
      </Card>

      {invoice.instalments && invoice.instalments.length > 0 ? (
        <Card title="Vencimientos" size="small" style={{ marginBottom: 16 }}>
          <DueDatesTable instalments={invoice.instalments} />
        </Card>
      ) : null}

      <Card title="Líneas" size="small" style={{ marginBottom: 16 }}>
        <Table<InvoiceLine & { key: number }>
          size="small"
          pagination={false}
          dataSource={invoice.invoiceLines.map((line, key) => ({ ...line, key }))}
          scroll={{ x: 'max-content' }}
          columns={[
            { title: 'Descripción', dataIndex: 'description', width: phone ? 140 : 320 },
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
              title: 'Dto.',
              dataIndex: 'discountBp',
              align: 'right',
              render: (v: number) => (v ? formatBp(v) : '—'),
            },
            {
              title: 'IVA',
              key: 'vat',
              render: (_, l) =>
                l.operation === 'S1'
                  ? `${formatBp(l.vatRateBp)}${l.recargo ? ' + RE' : ''}`
                  : (LINE_TREATMENT_LABELS[l.operation as keyof typeof LINE_TREATMENT_LABELS] ?? l.operation),
            },
            { title: 'Base', dataIndex: 'baseCents', align: 'right', render: (v: number) => formatCents(v) },
          ]}
        />
      </Card>

      <Row gutter={16}>
        <Col xs={24} lg={14}>
          <Card title="Desglose de IVA" size="small" style={{ marginBottom: 16 }}>
            <BreakdownTable rows={invoice.breakdown} showRecargo={invoice.totals.recargoCents > 0} />
          </Card>
          {invoice.intraEuOperation ? <IntraEuOperationCard operation={invoice.intraEuOperation} /> : null}
          {invoice.notes ? (
            <Card title="Notas" size="small" style={{ marginBottom: 16 }}>
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
                {invoice.notes}
              </Typography.Paragraph>
            </Card>
          ) : null}
        </Col>
        <Col xs={24} lg={10}>
          <Card title="Totales" size="small" style={{ marginBottom: 16 }}>
            <Flex vertical gap={12}>
              <TotalsList totals={invoice.totals} irpfRateBp={invoice.irpfRateBp} />
              <LegalMentions mentions={invoice.legalMentions} />
              {open && invoice.totals.totalCents > 0 ? (
                <Descriptions
                  size="small"
                  column={1}
                  items={[
                    { key: 'paid', label: 'Cobrado', children: formatCents(paidCents) },
                    ...(creditedCents
                      ? [
                          {
                            key: 'credited',
                            label: 'Abonado (rectificativas)',
                            children: formatCents(creditedCents),
                          },
                        ]
                      : []),
                    { key: 'pending', label: 'Pendiente de cobro', children: formatCents(outstandingCents) },
                  ]}
                />
              ) : null}
              {open && invoice.totals.totalCents < 0 ? (
                <Descriptions
                  size="small"
                  column={1}
                  items={[
                    {
                      key: 'applied',
                      label: 'Abono aplicado',
                      children: (
                        <Flex vertical>
                          <span>{formatCents(invoice.appliedCreditCents ?? 0)}</span>
                          {(invoice.creditApplications ?? []).map((a) => (
                            <Link
                              key={`${a.invoiceId}-${a.at}`}
                              to={paths.app.invoicing.invoice(a.invoiceId)}
                            >
                              {a.invoiceNumber}: {formatCents(a.amountCents)}
                            </Link>
                          ))}
                        </Flex>
                      ),
                    },
                    {
                      key: 'unapplied',
                      label: 'Abono sin aplicar',
                      children: formatCents(unappliedCreditCents),
                    },
                  ]}
                />
              ) : null}
            </Flex>
          </Card>
        </Col>
      </Row>

      {isDraft ? null : (
        <VerifactuPanel invoiceId={invoiceId} invoiceNumber={invoice.invoiceNumber ?? invoiceId} />
      )}

      {/* Invoices of SII companies carry a siiStatus (issue 16); the others have no SII records. */}
      {isDraft || !invoice.siiStatus ? null : <SiiPanel invoiceId={invoiceId} />}

      {isDraft ? null : <EmailLog invoiceId={invoiceId} />}

      {confirm.isError ? <RefusalAlert error={confirm.error} style={{ marginTop: 16 }} /> : null}

      {isConfirmed ? (
        <>
          <SendEmailDialog
            invoiceId={invoiceId}
            open={dialog === 'email'}
            onClose={closeDialog}
            defaultTo={customer.data?.email}
            defaultSubject={`Factura ${invoice.invoiceNumber ?? ''}${issuer ? ` de ${issuer.name}` : ''}`}
            defaultMessage={invoiceEmailMessage(invoice.invoiceNumber ?? '', issuer?.name ?? '')}
          />
          <CancelInvoiceDialog invoiceId={invoiceId} open={dialog === 'cancel'} onClose={closeDialog} />
          {dialog === 'rectify' && !substituted ? (
            <RectifyDialog invoice={invoice} open onClose={closeDialog} />
          ) : null}
          {dialog === 'applyCredit' ? (
            <ApplyCreditDialog
              creditNote={invoice}
              unappliedCents={unappliedCreditCents}
              onClose={closeDialog}
            />
          ) : null}
        </>
      ) : null}
    </>
  );
}
