/**
 * The invoice's VeriFacTu panel (issue 5): the state of its latest record, the AEAT's message when
 * it was rejected, the QR tributario with 'Descargar QR' (PNG / SVG) and 'Descargar registro XML'.
 * Nothing is shown where VeriFacTu does not apply (SII companies, drafts) or is not reachable.
 */
import DownOutlined from '@ant-design/icons/DownOutlined';
import type { SubmissionStatus } from '@shared/schemas/verifactu';
import { isApiError } from '@web/lib/api-error';
import { useCompanyId } from '@web/lib/company';
import { paths } from '@web/lib/paths';
import { toastError } from '@web/lib/toast';
import { Alert, Button, Card, Dropdown, Flex, Spin, Tag, Typography } from 'antd';
import { Link } from 'react-router-dom';
import {
  type QrFormat,
  useInvoiceQrImage,
  useInvoiceVerifactuStatus,
  useVerifactuDownloads,
} from '../api/get-verifactu-status';

const STATUS: Record<SubmissionStatus, { label: string; color: string }> = {
  QUEUED: { label: 'En cola', color: 'default' },
  SENT: { label: 'Enviado', color: 'processing' },
  VERIFIED: { label: 'Verificado', color: 'success' },
  ACCEPTED_WITH_ERRORS: { label: 'Aceptado con errores', color: 'warning' },
  ERROR: { label: 'Error', color: 'error' },
};

export function VerifactuPanel({ invoiceId, invoiceNumber }: { invoiceId: string; invoiceNumber: string }) {
  const companyId = useCompanyId();
  const status = useInvoiceVerifactuStatus(invoiceId, companyId);
  const data = status.data;
  const qr = useInvoiceQrImage(invoiceId, companyId, Boolean(data?.qrUrl));
  const downloads = useVerifactuDownloads(companyId);

  if (status.isPending) return null;
  if (status.isError) {
    // No VeriFacTu for this invoice (404) or no permission to read it (403): nothing to show.
    if (isApiError(status.error) && (status.error.status === 404 || status.error.status === 403)) return null;
    return (
      <Card title="VeriFacTu" size="small" style={{ marginBottom: 16 }}>
        <Typography.Text type="secondary">No se ha podido cargar el estado VeriFacTu.</Typography.Text>{' '}
        <Button size="small" onClick={() => void status.refetch()}>
          Reintentar
        </Button>
      </Card>
    );
  }
  if (!data?.applies) return null;

  const latest = [...(data.records ?? [])].sort((a, b) => b.seq - a.seq)[0] ?? null;
  const current = data.submissionStatus ? STATUS[data.submissionStatus] : null;
  const rejected = latest && (latest.status === 'ERROR' || latest.status === 'ACCEPTED_WITH_ERRORS');
  const saveQr = (format: QrFormat) =>
    downloads.qr.mutate({ invoiceId, name: invoiceNumber, format }, { onError: (e) => toastError(e) });

  return (
    <Card
      title="VeriFacTu"
      size="small"
      style={{ marginBottom: 16 }}
      aria-label="VeriFacTu"
      extra={
        <Link to={`${paths.app.verifactuHistory}?search=${encodeURIComponent(invoiceNumber)}`}>
          Ver en el historial
        </Link>
      }
    >
      <Flex gap={24} wrap align="flex-start">
        <Flex vertical gap={12} style={{ flex: '1 1 280px' }}>
          <div>
            Estado: {current ? <Tag color={current.color}>{current.label}</Tag> : <Tag>Sin registro</Tag>}
          </div>
          {rejected && latest?.aeatMessage ? (
            <Alert
              type={latest.status === 'ERROR' ? 'error' : 'warning'}
              showIcon
              title={`Respuesta de la AEAT${latest.aeatCode ? ` (código ${latest.aeatCode})` : ''}`}
              description={latest.aeatMessage}
            />
          ) : null}
          {data.pendingReason ? (
            <Alert
              type="warning"
              showIcon
              title="Pendiente de envío a la AEAT: la factura no lleva el QR VeriFacTu"
              description={
                <>
                  {data.pendingReason.message}{' '}
                  {companyId ? (
                    <Link to={paths.app.companySection(companyId, 'verifactu')}>Configurar VeriFacTu</Link>
                  ) : null}
                </>
              }
            />
          ) : null}
          {latest?.csv ? <div>CSV: {latest.csv}</div> : null}
          <Flex gap={8} wrap>
            {data.qrUrl ? (
              <Dropdown
                menu={{
                  items: [
                    { key: 'png', label: 'PNG' },
                    { key: 'svg', label: 'SVG' },
                  ],
                  onClick: ({ key }) => saveQr(key as QrFormat),
                }}
              >
                <Button loading={downloads.qr.isPending}>
                  Descargar QR <DownOutlined />
                </Button>
              </Dropdown>
            ) : null}
            {data.records?.length ? (
              <Button
                loading={downloads.record.isPending}
                onClick={() =>
                  downloads.record.mutate(
                    { invoiceId, name: invoiceNumber },
                    { onError: (e) => toastError(e) },
                  )
                }
              >
                Descargar registro XML
              </Button>
            ) : null}
          </Flex>
        </Flex>
        {data.qrUrl ? (
          <Flex vertical align="center" gap={4}>
            <Typography.Text type="secondary">QR tributario:</Typography.Text>
            {qr.data ? (
              <img
                src={qr.data}
                alt={`QR tributario de la factura ${invoiceNumber}`}
                width={140}
                height={140}
              />
            ) : qr.isError ? (
              <Typography.Text type="secondary">QR no disponible</Typography.Text>
            ) : (
              <Spin aria-label="Cargando el QR" />
            )}
            {data.legend ? <Typography.Text strong>{data.legend}</Typography.Text> : null}
          </Flex>
        ) : null}
      </Flex>
    </Card>
  );
}
