/**
 * One record's submission: the record's AEAT fields, the AEAT's code and message, the CSV, the
 * attempts, the QR, the XML download, and the corrections the state allows (Reenviar, Corregir y
 * reenviar, Anular registro) — each one a NEW record: the stored record is never changed.
 */
import type { SubmissionAttempt, SubmissionDetail } from '@shared/schemas/verifactu';
import { LoadError, LoadingBlock } from '@web/components/load-states';
import { errorMessage } from '@web/lib/api-error';
import { formatCents, formatDate, formatDateTime } from '@web/lib/format';
import { paths } from '@web/lib/paths';
import { showToast } from '@web/lib/toast';
import { Alert, Button, Descriptions, Drawer, Flex, Popconfirm, Spin, Table, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useDownloadExchange } from '../api/download-exchange';
import { useDownloadRecordXml } from '../api/download-record';
import { useInvoiceQrImage } from '../api/get-invoice-qr';
import { useSubmission } from '../api/get-submission';
import { useResubmit } from '../api/resubmit';
import { canAnnul, canResubmit } from '../utils/actions';
import {
  ATTEMPT_OUTCOME_LABELS,
  ENVIRONMENT_LABELS,
  KIND_LABELS,
  MODE_LABELS,
  OPERATION_LABELS,
} from '../utils/labels';
import { CancelRecordDialog } from './cancel-record-dialog';
import { ResubmitDialog } from './resubmit-dialog';
import { SubmissionStatusTag } from './status-tag';

type Dialog = 'resubmit' | 'cancel' | null;

export function SubmissionDrawer({
  submissionId,
  companyId,
  canManage,
  onClose,
}: {
  submissionId: string | null;
  companyId: string;
  canManage: boolean;
  onClose: () => void;
}) {
  const query = useSubmission(submissionId, companyId);
  return (
    <Drawer
      title={query.data ? `Registro VeriFacTu de ${query.data.invoiceNumber}` : 'Registro VeriFacTu'}
      open={submissionId !== null}
      onClose={onClose}
      size={760}
      destroyOnHidden
    >
      {query.isPending ? (
        <LoadingBlock label="Cargando el registro" />
      ) : query.isError || !query.data ? (
        <LoadError
          title="No se ha podido cargar el registro"
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <SubmissionBody detail={query.data} companyId={companyId} canManage={canManage} />
      )}
    </Drawer>
  );
}

function SubmissionBody({
  detail,
  companyId,
  canManage,
}: {
  detail: SubmissionDetail;
  companyId: string;
  canManage: boolean;
}) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const resubmit = useResubmit(companyId);
  const xml = useDownloadRecordXml(companyId);
  const exchange = useDownloadExchange(companyId);
  const fetchExchange = (attemptId: string, part: 'request' | 'response') =>
    exchange.mutate(
      { submissionId: detail.recordId, attemptId, part },
      { onError: (e) => showToast('error', errorMessage(e)) },
    );
  const { record } = detail;
  const rejected = detail.status === 'ERROR' || detail.status === 'ACCEPTED_WITH_ERRORS';

  return (
    <Flex vertical gap={16}>
      {rejected && detail.aeatMessage ? (
        <Alert
          type={detail.status === 'ERROR' ? 'error' : 'warning'}
          showIcon
          title={`${detail.status === 'ERROR' ? 'Rechazado por la AEAT' : 'Aceptado con errores'}${detail.aeatCode ? ` (código ${detail.aeatCode})` : ''}`}
          description={detail.aeatMessage}
        />
      ) : null}
      {detail.correctedBySeq != null ? (
        <Alert type="info" showIcon title={`Corregido por el registro nº ${detail.correctedBySeq}.`} />
      ) : null}

      <Flex gap={8} wrap>
        <Button
          loading={xml.isPending}
          onClick={() =>
            xml.mutate(
              { invoiceId: detail.invoiceId, name: detail.invoiceNumber },
              { onError: (e) => showToast('error', errorMessage(e)) },
            )
          }
        >
          Descargar XML
        </Button>
        {canManage && canResubmit(detail) ? (
          <>
            <Popconfirm
              title="¿Reenviar el registro?"
              description="Se genera un registro nuevo con los mismos datos y se pone en cola."
              okText="Reenviar"
              cancelText="No"
              onConfirm={() =>
                resubmit.mutateAsync({ submissionId: detail.recordId, body: {} }).then(
                  () => showToast('success', 'Reintento iniciado'),
                  (e) => showToast('error', errorMessage(e)),
                )
              }
            >
              <Button loading={resubmit.isPending}>Reenviar</Button>
            </Popconfirm>
            <Button type="primary" onClick={() => setDialog('resubmit')}>
              Corregir y reenviar
            </Button>
          </>
        ) : null}
        {canManage && canAnnul(detail) ? (
          <Button danger onClick={() => setDialog('cancel')}>
            Anular registro
          </Button>
        ) : null}
      </Flex>

      <Descriptions
        size="small"
        bordered
        column={1}
        items={[
          {
            key: 'invoice',
            label: 'Factura',
            children: <Link to={paths.app.invoicing.invoice(detail.invoiceId)}>{detail.invoiceNumber}</Link>,
          },
          { key: 'date', label: 'Fecha de expedición', children: formatDate(detail.invoiceDate) },
          { key: 'customer', label: 'Cliente', children: detail.customerName ?? '—' },
          { key: 'total', label: 'Importe total', children: formatCents(detail.totalCents) },
          {
            key: 'kind',
            label: 'Registro',
            children: `${KIND_LABELS[detail.kind]} · ${OPERATION_LABELS[detail.operation] ?? detail.operation}`,
          },
          { key: 'type', label: 'Tipo de factura', children: record?.invoiceType ?? '—' },
          {
            key: 'status',
            label: 'Estado',
            children: <SubmissionStatusTag status={detail.status} pendingReason={detail.pendingReason} />,
          },
          {
            key: 'aeat',
            label: 'Respuesta de la AEAT',
            children:
              detail.aeatState || detail.aeatCode || detail.aeatMessage
                ? [detail.aeatState, detail.aeatCode, detail.aeatMessage].filter(Boolean).join(' · ')
                : '—',
          },
          { key: 'csv', label: 'CSV', children: detail.csv ?? '—' },
          { key: 'seq', label: 'Nº en la cadena', children: detail.seq },
          {
            key: 'mode',
            label: 'Modo y entorno',
            children: record
              ? `${MODE_LABELS[record.mode]} · ${ENVIRONMENT_LABELS[record.environment]}`
              : '—',
          },
          {
            key: 'generated',
            label: 'Fecha y hora de generación',
            children: record?.fields.FechaHoraHusoGenRegistro ?? '—',
          },
          {
            key: 'huella',
            label: 'Huella',
            children: (
              <Typography.Text code copyable style={{ wordBreak: 'break-all' }}>
                {detail.record?.huella ?? '—'}
              </Typography.Text>
            ),
          },
          {
            key: 'previous',
            label: 'Huella anterior',
            children: record?.previousHuella ? (
              <Typography.Text code style={{ wordBreak: 'break-all' }}>
                {record.previousHuella}
              </Typography.Text>
            ) : (
              'Primer registro de la cadena'
            ),
          },
          ...(record?.reason ? [{ key: 'reason', label: 'Motivo', children: record.reason }] : []),
          { key: 'sent', label: 'Enviado', children: detail.sentAt ? formatDateTime(detail.sentAt) : '—' },
        ]}
      />

      {detail.kind === 'ALTA' ? <QrBlock detail={detail} companyId={companyId} /> : null}

      <div>
        <Typography.Title level={5}>Intentos de envío</Typography.Title>
        <Table<SubmissionAttempt>
          rowKey={(a) => `${a.attemptId}-${a.at}-${a.outcome}`}
          size="small"
          pagination={false}
          dataSource={detail.history ?? []}
          locale={{ emptyText: 'Aún no se ha intentado enviar.' }}
          columns={[
            { title: 'Fecha', dataIndex: 'at', render: (v: string) => formatDateTime(v) },
            {
              title: 'Resultado',
              dataIndex: 'outcome',
              render: (v: string) => ATTEMPT_OUTCOME_LABELS[v] ?? v,
            },
            { title: 'Código', dataIndex: 'code', render: (v: string | null) => v ?? '—' },
            { title: 'Mensaje', dataIndex: 'message', render: (v: string | null) => v ?? '—' },
            {
              title: 'Intercambio con la AEAT',
              key: 'archive',
              render: (_: unknown, a: SubmissionAttempt) =>
                a.archive ? (
                  <Flex gap={4} wrap>
                    <Button
                      size="small"
                      type="link"
                      loading={exchange.isPending}
                      onClick={() => fetchExchange(a.attemptId, 'request')}
                    >
                      Petición
                    </Button>
                    {a.archive.response ? (
                      <Button
                        size="small"
                        type="link"
                        loading={exchange.isPending}
                        onClick={() => fetchExchange(a.attemptId, 'response')}
                      >
                        Respuesta
                      </Button>
                    ) : null}
                  </Flex>
                ) : (
                  '—'
                ),
            },
          ]}
        />
      </div>

      {dialog === 'resubmit' ? (
        <ResubmitDialog submission={detail} companyId={companyId} onClose={() => setDialog(null)} />
      ) : null}
      {dialog === 'cancel' ? (
        <CancelRecordDialog submission={detail} companyId={companyId} onClose={() => setDialog(null)} />
      ) : null}
    </Flex>
  );
}

function QrBlock({ detail, companyId }: { detail: SubmissionDetail; companyId: string }) {
  const qr = useInvoiceQrImage(detail.invoiceId, companyId);
  return (
    <Flex vertical gap={8}>
      <Typography.Title level={5} style={{ margin: 0 }}>
        QR tributario
      </Typography.Title>
      {qr.isPending ? (
        <Spin aria-label="Cargando el QR" />
      ) : qr.isError || !qr.data ? (
        <Typography.Text type="secondary">No se ha podido cargar el QR.</Typography.Text>
      ) : (
        <img src={qr.data} alt={`QR tributario de ${detail.invoiceNumber}`} width={160} height={160} />
      )}
      {detail.qrUrl ? (
        <Typography.Link href={detail.qrUrl} target="_blank" rel="noopener noreferrer">
          Cotejar en la sede de la AEAT
        </Typography.Link>
      ) : null}
    </Flex>
  );
}
