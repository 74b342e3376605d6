/**
 * /app/banking/security/compliance-report: every consent (bank, who connected it and when, expiry,
 * age, scopes, token encrypted) and the audit trail; 'Exportar' downloads exactly what is shown as CSV.
 */
import type {
  ComplianceConsent,
  ComplianceReport,
  Psd2AuditAction,
  Psd2AuditEntry,
} from '@shared/schemas/psd2';
import { saveBlob } from '@web/lib/api-download';
import { formatDate, formatDateTime } from '@web/lib/format';
import { Button, Card, Flex, Table, type TableColumnsType } from 'antd';
import { useComplianceReport } from '../api/psd2';
import { ConnectionStatusTag, connectionStatusLabels } from '../psd2/ui';
import { Loaded, SecurityFrame } from './ui';

const SCOPES: Record<string, string> = {
  balances: 'Saldos',
  details: 'Datos de cuenta',
  transactions: 'Movimientos',
};
const ACTIONS: Record<Psd2AuditAction, string> = {
  CONNECT: 'Conexión solicitada',
  LINK: 'Consentimiento concedido',
  REJECT: 'Rechazado',
  EXPIRE: 'Caducado',
  SYNC: 'Sincronización',
  RENEW: 'Renovación solicitada',
  REVOKE: 'Revocado',
};

const scopesText = (c: ComplianceConsent) => c.scopes.map((s) => SCOPES[s] ?? s).join(', ');

const consentColumns: TableColumnsType<ComplianceConsent> = [
  { title: 'Banco', dataIndex: 'institutionName' },
  { title: 'Estado', key: 'status', render: (_, c) => <ConnectionStatusTag status={c.status} /> },
  { title: 'Conectado por', dataIndex: 'connectedBy' },
  { title: 'Fecha', key: 'at', render: (_, c) => formatDate(c.connectedAt) },
  { title: 'Caduca', key: 'exp', render: (_, c) => formatDate(c.consentExpiresAt) },
  { title: 'Antigüedad (días)', dataIndex: 'ageDays', align: 'right' },
  { title: 'Días restantes', dataIndex: 'daysLeft', align: 'right' },
  { title: 'Alcance', key: 'scopes', render: (_, c) => scopesText(c) },
  { title: 'Cuentas', dataIndex: 'accounts', align: 'right' },
  { title: 'Token cifrado', key: 'tok', render: (_, c) => (c.tokenEncrypted ? 'Sí' : 'No') },
];

const auditColumns: TableColumnsType<Psd2AuditEntry> = [
  { title: 'Fecha', key: 'at', render: (_, a) => formatDateTime(a.at) },
  { title: 'Acción', key: 'action', render: (_, a) => ACTIONS[a.action] },
  { title: 'Banco', dataIndex: 'institutionName' },
  { title: 'Usuario', dataIndex: 'actor' },
  { title: 'Resultado', key: 'outcome', render: (_, a) => (a.outcome === 'OK' ? 'Correcto' : 'Fallido') },
  { title: 'Detalle', dataIndex: 'detail' },
];

/** RFC 4180: quotes around every field, inner quotes doubled; `;` as Spanish spreadsheets expect. */
const csvLine = (fields: (string | number)[]) =>
  fields.map((f) => `"${String(f).replace(/"/g, '""')}"`).join(';');

export function complianceCsv(r: ComplianceReport): string {
  const lines = [
    csvLine(['Consentimientos']),
    csvLine([
      'Banco',
      'Estado',
      'Conectado por',
      'Fecha',
      'Caduca',
      'Antigüedad (días)',
      'Días restantes',
      'Alcance',
      'Cuentas',
      'Token cifrado',
    ]),
    ...r.consents.map((c) =>
      csvLine([
        c.institutionName,
        connectionStatusLabels[c.status],
        c.connectedBy,
        formatDate(c.connectedAt),
        formatDate(c.consentExpiresAt),
        c.ageDays,
        c.daysLeft,
        scopesText(c),
        c.accounts,
        c.tokenEncrypted ? 'Sí' : 'No',
      ]),
    ),
    '',
    csvLine(['Registro de auditoría']),
    csvLine(['Fecha', 'Acción', 'Banco', 'Usuario', 'Resultado', 'Detalle']),
    ...r.audit.map((a) =>
      csvLine([
        formatDateTime(a.at),
        ACTIONS[a.action],
        a.institutionName,
        a.actor,
        a.outcome === 'OK' ? 'Correcto' : 'Fallido',
        a.detail,
      ]),
    ),
  ];
  // The BOM lets spreadsheet programs read the accents as UTF-8.
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

export function SecurityCompliancePage() {
  return (
    <SecurityFrame
      title="Informe de cumplimiento"
      meta={<span>Consentimientos PSD2 y registro de auditoría.</span>}
    >
      {(companyId) => <ComplianceContent companyId={companyId} />}
    </SecurityFrame>
  );
}

function ComplianceContent({ companyId }: { companyId: string }) {
  const report = useComplianceReport(companyId);
  return (
    <Loaded
      query={report}
      label="Cargando el informe"
      errorTitle="Error obteniendo el informe de cumplimiento"
    >
      {(r) => (
        <Flex vertical gap={16}>
          <Flex justify="flex-end">
            <Button
              onClick={() =>
                saveBlob(
                  new Blob([complianceCsv(r)], { type: 'text/csv;charset=utf-8' }),
                  `informe-cumplimiento-psd2-${r.generatedAt.slice(0, 10)}.csv`,
                )
              }
            >
              Exportar
            </Button>
          </Flex>
          <Card title="Consentimientos" aria-label="Consentimientos">
            <Table
              rowKey="connectionId"
              columns={consentColumns}
              dataSource={r.consents}
              pagination={false}
              scroll={{ x: true }}
            />
          </Card>
          <Card title="Registro de auditoría" aria-label="Registro de auditoría">
            <Table
              rowKey={(a) => `${a.at}-${a.action}-${a.connectionId}`}
              columns={auditColumns}
              dataSource={r.audit}
              pagination={{ pageSize: 50, hideOnSinglePage: true }}
              scroll={{ x: true }}
            />
          </Card>
        </Flex>
      )}
    </Loaded>
  );
}
