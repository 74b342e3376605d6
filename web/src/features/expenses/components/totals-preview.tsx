import type { ReceivedInvoiceTotals } from '@shared/schemas/received-invoices';
import { formatCents } from '@web/lib/format';
import { formatPercentInput } from '@web/lib/money-input';
import { Card, Descriptions, type DescriptionsProps, Table } from 'antd';
import { LINE_KIND_LABELS } from '../utils/received-invoice-form-values';

/**
 * The received invoice's totals as the API will compute them (same pure function), by VAT group;
 * negative on a rectificativa that lowers what was invoiced.
 */
export function TotalsPreview({ totals }: { totals: ReceivedInvoiceTotals }) {
  const items: NonNullable<DescriptionsProps['items']> = [
    { key: 'base', label: 'Base imponible', children: formatCents(totals.baseCents) },
    {
      key: 'supplierVat',
      label: 'IVA soportado (proveedor)',
      children: formatCents(totals.supplierVatCents),
    },
  ];
  if (totals.selfAssessedVatCents)
    items.push({
      key: 'self',
      label: 'IVA autorrepercutido',
      children: formatCents(totals.selfAssessedVatCents),
    });
  if (totals.importVatCents)
    items.push({
      key: 'import',
      label: 'IVA a la importación',
      children: formatCents(totals.importVatCents),
    });
  items.push({ key: 'deductible', label: 'IVA deducible', children: formatCents(totals.deductibleVatCents) });
  if (totals.recargoCents)
    items.push({
      key: 'recargo',
      label: 'Recargo de equivalencia',
      children: formatCents(totals.recargoCents),
    });
  // A rectificativa's amounts may be negative: a negative withholding adds to the total.
  if (totals.irpfCents)
    items.push({
      key: 'irpf',
      label: 'Retención IRPF',
      children:
        totals.irpfCents > 0 ? `−${formatCents(totals.irpfCents)}` : `+${formatCents(-totals.irpfCents)}`,
    });
  items.push({
    key: 'total',
    label: totals.totalCents < 0 ? 'Total a nuestro favor (abono)' : 'Total a pagar',
    children: <strong data-testid="received-total">{formatCents(totals.totalCents)}</strong>,
  });

  return (
    <Card size="small" title="Totales" aria-label="Totales de la factura">
      <Descriptions size="small" column={1} items={items} />
      {totals.breakdown.length > 1 ? (
        <Table
          size="small"
          style={{ marginTop: 12 }}
          pagination={false}
          scroll={{ x: 'max-content' }}
          rowKey={(g) => `${g.kind}-${g.vatRateBp}-${g.recargoRateBp}-${g.deductibleBp}-${g.investmentGoods}`}
          dataSource={totals.breakdown}
          columns={[
            { title: 'Tipo', key: 'kind', render: (_, g) => LINE_KIND_LABELS[g.kind] },
            { title: 'IVA', key: 'rate', render: (_, g) => `${formatPercentInput(g.vatRateBp)} %` },
            { title: 'Base', key: 'base', align: 'right', render: (_, g) => formatCents(g.baseCents) },
            { title: 'Cuota', key: 'vat', align: 'right', render: (_, g) => formatCents(g.vatCents) },
            {
              title: 'Deducible',
              key: 'deductible',
              align: 'right',
              render: (_, g) => formatCents(g.deductibleVatCents),
            },
          ]}
        />
      ) : null}
    </Card>
  );
}
