import { errorMessage } from '@web/lib/api-error';
import { useCompanyId } from '@web/lib/company';
import { formatDateTime } from '@web/lib/format';
import { Alert, Card, Table, Tag } from 'antd';
import { type InvoiceEmail, useEmailLog } from '../api/get-email-log';
import { EMAIL_STATUS_COLORS, EMAIL_STATUS_LABELS } from '../utils/labels';

const list = (v: string[] | string | null | undefined) => (Array.isArray(v) ? v.join(', ') : (v ?? ''));

/** The e-mails sent with the invoice (`invoices.emailLog`): when, to whom, and how it went. */
export function EmailLog({ invoiceId }: { invoiceId: string }) {
  const companyId = useCompanyId();
  const log = useEmailLog(invoiceId, companyId);
  return (
    <Card title="Envíos por e-mail" size="small" aria-label="Registro de envíos por e-mail">
      {log.isError ? (
        <Alert
          type="error"
          showIcon
          title="No se ha podido cargar el registro de envíos"
          description={errorMessage(log.error)}
        />
      ) : (
        <Table<InvoiceEmail>
          size="small"
          loading={log.isLoading}
          pagination={false}
          scroll={{ x: 'max-content' }}
          rowKey={(e) => e.emailId ?? `${e.queuedAt ?? e.createdAt ?? ''}-${e.subject ?? ''}`}
          dataSource={log.data ?? []}
          locale={{ emptyText: 'Esta factura no se ha enviado todavía.' }}
          columns={[
            {
              title: 'Fecha',
              key: 'date',
              render: (_, e) => formatDateTime(e.sentAt ?? e.createdAt ?? e.queuedAt ?? ''),
            },
            { title: 'Para', key: 'to', render: (_, e) => list(e.to) },
            { title: 'CC', key: 'cc', render: (_, e) => list(e.cc) || '—' },
            { title: 'Asunto', dataIndex: 'subject' },
            {
              title: 'Estado',
              key: 'status',
              render: (_, e) => (
                <Tag
                  color={EMAIL_STATUS_COLORS[e.status] ?? 'default'}
                  title={e.error ?? e.errorMessage ?? undefined}
                >
                  {EMAIL_STATUS_LABELS[e.status] ?? e.status}
                </Tag>
              ),
            },
          ]}
        />
      )}
    </Card>
  );
}
