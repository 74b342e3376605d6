import type { InvoiceTotals } from '@shared/fiscal/invoice-totals';
import { OPERATIONS, type OperationKind } from '@shared/fiscal/vat';
import { formatCents } from '@web/lib/format';
import { formatBp } from '@web/lib/money-input';
import { Alert, Card, Descriptions, Flex, Table, Typography } from 'antd';

interface BreakdownRow {
  operation: string;
  vatRateBp: number;
  recargoRateBp: number;
  baseCents: number;
  vatCents: number;
  recargoCents: number;
  /** One-stop shop: the member state of consumption whose VAT the group charges. */
  ossCountry?: string;
}

/**
 * What a group of the VAT breakdown is called: its rate, or its operation kind when not taxed; a
 * one-stop-shop group its member state and rate ('IVA FR 20 % (OSS)').
 */
export const breakdownLabel = (row: Pick<BreakdownRow, 'operation' | 'vatRateBp' | 'ossCountry'>): string =>
  row.ossCountry
    ? `IVA ${row.ossCountry} ${formatBp(row.vatRateBp)} (OSS)`
    : row.operation === 'S1'
      ? `IVA ${formatBp(row.vatRateBp)}`
      : (OPERATIONS[row.operation as OperationKind]?.label ?? row.operation);

/** The VAT breakdown by rate and regime (one row per group, as the PDF and the AEAT get it). */
export function BreakdownTable({
  rows,
  showRecargo,
}: {
  rows: readonly BreakdownRow[];
  showRecargo: boolean;
}) {
  return (
    <Table<BreakdownRow>
      size="small"
      pagination={false}
      rowKey={(r) => `${r.operation}-${r.vatRateBp}-${r.recargoRateBp}-${r.ossCountry ?? ''}`}
      scroll={{ x: 'max-content' }}
      dataSource={[...rows]}
      columns={[
        { title: 'Concepto', key: 'label', render: (_, r) => breakdownLabel(r) },
        { title: 'Base', dataIndex: 'baseCents', align: 'right', render: (v: number) => formatCents(v) },
        { title: 'Cuota IVA', dataIndex: 'vatCents', align: 'right', render: (v: number) => formatCents(v) },
        ...(showRecargo
          ? [
              {
                title: 'Recargo',
                key: 'recargo',
                align: 'right' as const,
                render: (_: unknown, r: BreakdownRow) =>
                  r.recargoRateBp ? `${formatCents(r.recargoCents)} (${formatBp(r.recargoRateBp)})` : '—',
              },
            ]
          : []),
      ]}
    />
  );
}

export interface TotalsView {
  baseCents: number;
  vatCents: number;
  recargoCents: number;
  irpfCents: number;
  totalCents: number;
}

/** Base, VAT, recargo, IRPF and total, one per row. */
export function TotalsList({ totals, irpfRateBp }: { totals: TotalsView; irpfRateBp: number }) {
  return (
    <Descriptions
      size="small"
      column={1}
      bordered
      items={[
        { key: 'base', label: 'Base imponible', children: formatCents(totals.baseCents) },
        { key: 'vat', label: 'IVA', children: formatCents(totals.vatCents) },
        ...(totals.recargoCents
          ? [{ key: 'recargo', label: 'Recargo de equivalencia', children: formatCents(totals.recargoCents) }]
          : []),
        ...(irpfRateBp || totals.irpfCents
          ? [
              {
                key: 'irpf',
                label: `Retención IRPF (${formatBp(irpfRateBp)})`,
                children: `−${formatCents(totals.irpfCents)}`,
              },
            ]
          : []),
        {
          key: 'total',
          label: <strong>Total factura</strong>,
          children: <strong data-testid="invoice-total">{formatCents(totals.totalCents)}</strong>,
        },
      ]}
    />
  );
}

export function LegalMentions({ mentions }: { mentions: readonly string[] }) {
  if (mentions.length === 0) return null;
  return (
    <div>
      <Typography.Text strong>Menciones legales</Typography.Text>
      <ul style={{ margin: '4px 0 0', paddingInlineStart: 20 }}>
        {mentions.map((m) => (
          <li key={m}>{m}</li>
        ))}
      </ul>
    </div>
  );
}

/** The form's live totals: computed by `computeInvoiceTotals`, the function the API runs. */
export function TotalsPreview({
  totals,
  irpfRateBp,
  incompleteLines,
  error,
}: {
  totals: InvoiceTotals | null;
  irpfRateBp: number;
  incompleteLines: readonly number[];
  error: string | null;
}) {
  return (
    <Card title="Totales" size="small" aria-label="Vista previa de los totales">
      <Flex vertical gap={12}>
        {error ? <Alert type="error" showIcon title={error} /> : null}
        {incompleteLines.length > 0 ? (
          <Alert
            type="info"
            showIcon
            title={`Fuera del cálculo hasta completarlas: línea ${incompleteLines.map((i) => i + 1).join(', ')}.`}
          />
        ) : null}
        {totals ? (
          <>
            {totals.breakdown.length > 0 ? (
              <BreakdownTable rows={totals.breakdown} showRecargo={totals.recargoCents > 0} />
            ) : null}
            <TotalsList totals={totals} irpfRateBp={irpfRateBp} />
            <LegalMentions mentions={totals.legalMentions} />
          </>
        ) : null}
      </Flex>
    </Card>
  );
}
