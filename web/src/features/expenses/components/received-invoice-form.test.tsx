import { computeReceivedInvoiceTotals } from '@shared/fiscal/received-invoice-totals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { apiRequest } from '@web/lib/api-client';
import { formatCents } from '@web/lib/format';
import { Form } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerApi } from '../../../testing/api-mock';
import { renderRoutes } from '../../../testing/render';
import { category } from '../testing/fixtures';
import type { ReceivedFormValues } from '../utils/received-invoice-form-values';
import { toReceivedBody, toTotalsInput } from '../utils/received-invoice-form-values';
import { ReceivedInvoiceForm } from './received-invoice-drawer';

vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));

let submitted: ReceivedFormValues | undefined;

function Harness() {
  const [form] = Form.useForm<ReceivedFormValues>();
  return (
    <>
      <ReceivedInvoiceForm
        form={form}
        companyId="c-1"
        categories={[category(1)]}
        onFinish={(values) => {
          submitted = values;
        }}
      />
      <button type="button" onClick={() => form.submit()}>
        Enviar
      </button>
    </>
  );
}

const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const preview = () => screen.getByLabelText('Totales de la factura');
const normal = (s: string | null | undefined) => (s ?? '').replace(/\s/g, ' ');

beforeEach(() => {
  submitted = undefined;
  answerApi(apiRequest, { 'suppliers.search': [] });
});
afterEach(() => vi.resetAllMocks());

describe('ReceivedInvoiceForm totals preview', { timeout: 30_000 }, () => {
  it('shows the totals of the typed lines as the API computes them, without floats', async () => {
    renderRoutes([{ path: '/', element: <Harness /> }]);
    await screen.findByLabelText('Descripción (línea 1)');

    type('Descripción (línea 1)', 'Papel');
    type('Cantidad (línea 1)', '2');
    type('Precio unitario (línea 1)', '100,00');
    await waitFor(() =>
      expect(normal(within(preview()).getByTestId('received-total').textContent)).toBe(
        normal(formatCents(24_200)),
      ),
    );

    fireEvent.click(screen.getByRole('button', { name: /Añadir línea/ }));
    await screen.findByLabelText('Precio unitario (línea 2)');
    type('Descripción (línea 2)', 'Coche (uso mixto)');
    type('Precio unitario (línea 2)', '1.000,00');
    type('Deducible (línea 2)', '50');
    type(/^Retención IRPF/, '15');

    // 1 200,00 base + 252,00 IVA − 180,00 IRPF; deductible 42,00 + 105,00.
    await waitFor(() =>
      expect(normal(within(preview()).getByTestId('received-total').textContent)).toBe(
        normal(formatCents(127_200)),
      ),
    );
    const text = normal(preview().textContent);
    expect(text).toContain(normal(formatCents(120_000)));
    expect(text).toContain(normal(formatCents(25_200)));
    expect(text).toContain(normal(formatCents(14_700)));
    expect(text).toContain(`−${normal(formatCents(18_000))}`);
  });

  it('leaves an unreadable amount out of the preview and refuses to submit it', async () => {
    renderRoutes([{ path: '/', element: <Harness /> }]);
    await screen.findByLabelText('Descripción (línea 1)');
    type('Descripción (línea 1)', 'Servicio');
    type('Precio unitario (línea 1)', '12,345');
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('Importe no válido (ej. 1.234,56).')).toBeTruthy();
    expect(submitted).toBeUndefined();
    expect(normal(within(preview()).getByTestId('received-total').textContent)).toBe(normal(formatCents(0)));
  });
});

describe('received invoice form values', () => {
  it('build the same totals input and body the API reads', () => {
    const values: ReceivedFormValues = {
      supplierMode: 'INLINE',
      supplierName: 'Suministros Levante SL',
      supplierIdKind: 'NIF',
      supplierNif: 'b12345674',
      supplierInvoiceNumber: ' A-17 ',
      issueDate: null,
      lines: [
        {
          description: 'Tóner',
          quantity: '1,5',
          unitPrice: '10,01',
          discount: '0',
          vatRateBp: 2100,
          kind: 'DOMESTIC',
          deductible: '100',
          recargoRateBp: 520,
        },
        {
          description: 'Licencia',
          quantity: '1',
          unitPrice: '300',
          vatRateBp: 2100,
          kind: 'INTRA_EU_SERVICES',
          deductible: '100',
          recargoRateBp: 520,
        },
        {
          description: 'Seguro',
          quantity: '1',
          unitPrice: '80',
          vatRateBp: 2100,
          kind: 'EXEMPT',
          deductible: '100',
        },
      ],
      irpfRate: '0',
    };
    const input = toTotalsInput(values);
    expect(input.lines.map((l) => [l.quantityMilli, l.unitPriceCents, l.vatRateBp, l.recargoRateBp])).toEqual(
      [
        [1500, 1001, 2100, 520],
        [1000, 30_000, 2100, 0],
        [1000, 8000, 0, 0],
      ],
    );
    const totals = computeReceivedInvoiceTotals(input);
    // 15,015 → 15,02 base; 21 % → 3,15; recargo 5,2 % → 0,78; self-assessed 63,00 not payable.
    expect(totals.baseCents).toBe(1502 + 30_000 + 8000);
    expect(totals.totalCents).toBe(1502 + 30_000 + 8000 + 315 + 78);
    const body = toReceivedBody(values);
    expect(body.supplier).toEqual({ name: 'Suministros Levante SL', taxId: 'b12345674', country: 'ES' });
    expect(body.supplierInvoiceNumber).toBe('A-17');
    expect(
      (body.lines as { quantity: string; recargoRateBp?: number }[]).map((l) => [
        l.quantity,
        l.recargoRateBp,
      ]),
    ).toEqual([
      ['1.5', 520],
      ['1', undefined],
      ['1', undefined],
    ]);
  });
});
