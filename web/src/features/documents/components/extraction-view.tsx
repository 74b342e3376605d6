/**
 * What the reading found, field by field with its confidence (issue 17 item 2's `extraction`), the
 * source and engine, the checks (arithmetic, quotas), warnings, and the VeriFactu QR if one was read.
 */
import type {
  DocumentDetails,
  Extraction,
  ExtractionField,
  ExtractionNotes,
} from '@shared/schemas/documents';
import { formatCents, formatDate } from '@web/lib/format';
import { formatBp } from '@web/lib/money-input';
import { Alert, Descriptions, Flex, Table, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { confidenceColor, ENGINE_LABELS, FIELD_LABELS, percent, SOURCE_LABELS } from '../utils/labels';

function Confidence({ extraction, field }: { extraction: Extraction; field: ExtractionField }) {
  const value = extraction.confidence[field];
  return (
    <Tag color={confidenceColor(value)} aria-label={`Confianza ${FIELD_LABELS[field]}`}>
      {percent(value)}
    </Tag>
  );
}

const orDash = (value: ReactNode) => (value === null || value === '' ? '—' : value);

export function ExtractionView({
  extraction,
  notes,
  engine,
}: {
  extraction: Extraction;
  notes: ExtractionNotes | null;
  engine: DocumentDetails['engine'];
}) {
  const row = (field: ExtractionField, value: ReactNode) => ({
    key: field,
    label: FIELD_LABELS[field],
    children: (
      <Flex gap={8} justify="space-between" align="center">
        <span>{orDash(value)}</span>
        <Confidence extraction={extraction} field={field} />
      </Flex>
    ),
  });
  return (
    <Flex vertical gap={12}>
      <Flex gap={8} wrap>
        <Tag color="geekblue">Fuente: {SOURCE_LABELS[extraction.source]}</Tag>
        {engine ? <Tag>Motor: {ENGINE_LABELS[engine]}</Tag> : null}
        {notes ? (
          <Tag color={notes.arithmeticOk ? 'green' : 'red'}>
            {notes.arithmeticOk ? 'Los importes cuadran' : 'Los importes no cuadran'}
          </Tag>
        ) : null}
        {notes && !notes.quotasOk ? <Tag color="red">Cuotas no coinciden con base × tipo</Tag> : null}
        {notes?.qr ? (
          <Tag color={notes.qr.agrees ? 'green' : 'orange'}>
            {notes.qr.agrees ? 'QR VeriFactu coincidente' : 'QR VeriFactu con diferencias'}
          </Tag>
        ) : null}
      </Flex>
      <Descriptions
        size="small"
        column={1}
        bordered
        items={[
          row('supplierName', extraction.supplierName),
          row('supplierNif', extraction.supplierNif),
          row('customerName', extraction.customerName),
          row('customerNif', extraction.customerNif),
          row('invoiceNumber', extraction.invoiceNumber),
          row('issueDate', extraction.issueDate ? formatDate(extraction.issueDate) : null),
          row(
            'irpf',
            extraction.irpf
              ? `${formatBp(extraction.irpf.rateBp)} · −${formatCents(extraction.irpf.amountCents)}`
              : null,
          ),
          row('totalCents', extraction.totalCents === null ? null : formatCents(extraction.totalCents)),
          row('currency', extraction.currency),
        ]}
      />
      <Flex justify="space-between" align="center">
        <Typography.Text strong>{FIELD_LABELS.bases}</Typography.Text>
        <Confidence extraction={extraction} field="bases" />
      </Flex>
      <Table
        size="small"
        pagination={false}
        rowKey={(_, i) => String(i)}
        dataSource={extraction.bases}
        locale={{ emptyText: 'No se leyó ninguna base' }}
        columns={[
          { title: 'Tipo', dataIndex: 'rateBp', render: (bp: number) => formatBp(bp) },
          {
            title: 'Base imponible',
            dataIndex: 'baseCents',
            align: 'right',
            render: (c: number) => formatCents(c),
          },
          { title: 'Cuota', dataIndex: 'quotaCents', align: 'right', render: (c: number) => formatCents(c) },
        ]}
      />
      {extraction.recargo.length > 0 ? (
        <Table
          size="small"
          pagination={false}
          rowKey={(_, i) => String(i)}
          dataSource={extraction.recargo}
          columns={[
            { title: 'Recargo', dataIndex: 'rateBp', render: (bp: number) => formatBp(bp) },
            {
              title: 'Cuota',
              dataIndex: 'quotaCents',
              align: 'right',
              render: (c: number) => formatCents(c),
            },
          ]}
        />
      ) : null}
      {notes?.warnings.length ? (
        <Alert
          type="warning"
          showIcon
          title="Avisos de la lectura"
          description={
            <ul style={{ margin: 0, paddingLeft: 16 }}>
              {notes.warnings.map((w) => (
                <li key={w}>{w}</li>
              ))}
            </ul>
          }
        />
      ) : null}
    </Flex>
  );
}
