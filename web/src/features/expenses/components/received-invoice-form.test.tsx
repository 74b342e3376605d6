import { computeReceivedInvoiceTotals } from '@shared/fiscal/received-invoice-totals';
import { CreateReceivedInvoiceBody, type ReceivedInvoice } from '@shared/schemas/received-invoices';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { apiRequest } from '@web/lib/api-client';
import { formatCents } from '@web/lib/format';
import { Form } from 'antd';
import dayjs from 'dayjs';
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerApi, callsTo } from '../../../testing/api-mock';
import { renderRoutes } from '../../../testing/render';
import { category, supplier } from '../testing/fixtures';
import type { LineFormValues, ReceivedFormValues } from '../utils/received-invoice-form-values';
import {
  fromReceivedInvoice,
  receivedApiField,
  toReceivedBody,
  toTotalsInput,
} from '../utils/received-invoice-form-values';
import { ReceivedInvoiceDrawer, ReceivedInvoiceForm } from './received-invoice-drawer';

vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));

let submitted: ReceivedFormValues | undefined;

function Harness({ initial }: { initial?: Partial<ReceivedFormValues> }) {
  const [form] = Form.useForm<ReceivedFormValues>();
  useEffect(() => {
    if (initial) form.setFieldsValue(initial);
  }, [form, initial]);
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

const inlineSupplier: Partial<ReceivedFormValues> = {
  supplierMode: 'INLINE',
  supplierName: 'Suministros Levante SL',
  supplierIdKind: 'NIF',
  supplierNif: 'B12345674',
  supplierInvoiceNumber: 'AB-7',
  issueDate: dayjs('2026-04-02'),
};

describe('ReceivedInvoiceForm rectificativas', { timeout: 30_000 }, () => {
  it('registers a credit note: rectified invoice by number and date, negative amounts, negative total', async () => {
    renderRoutes([
      {
        path: '/',
        element: <Harness initial={{ ...inlineSupplier, rectified: [{ issueDate: dayjs('2026-02-27') }] }} />,
      },
    ]);
    await screen.findByLabelText('Descripción (línea 1)');
    expect(screen.queryByText('Facturas rectificadas')).toBeNull();

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Tipo de factura' }));
    fireEvent.click(await screen.findByTitle(/^Rectificativa R1/));
    await screen.findByLabelText('Número (rectificada 1)');
    type('Número (rectificada 1)', 'F-2026/0042');
    type('Motivo de la rectificación', 'Devolución');
    type('Descripción (línea 1)', 'Devolución de material');
    type('Precio unitario (línea 1)', '-100,00');

    await waitFor(() =>
      expect(normal(within(preview()).getByTestId('received-total').textContent)).toBe(
        normal(formatCents(-12_100)),
      ),
    );
    expect(within(preview()).getByText('Total a nuestro favor (abono)')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(submitted).toBeDefined(), { timeout: 10_000 });
    const body = toReceivedBody(submitted!);
    expect(body).toMatchObject({
      invoiceType: 'R1',
      rectification: {
        reason: 'Devolución',
        rectified: [{ supplierInvoiceNumber: 'F-2026/0042', issueDate: '2026-02-27' }],
      },
    });
    // What the form sends is what the API takes.
    const parsed = CreateReceivedInvoiceBody.parse(body);
    expect(parsed.lines[0]).toMatchObject({ quantity: 1000, unitPriceCents: -10_000 });
  });

  it('refuses a negative price on an ordinary invoice', async () => {
    renderRoutes([{ path: '/', element: <Harness initial={inlineSupplier} /> }]);
    await screen.findByLabelText('Descripción (línea 1)');
    type('Descripción (línea 1)', 'Abono');
    type('Precio unitario (línea 1)', '-100,00');
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(
      await screen.findByText('El precio no puede ser negativo (solo en una factura rectificativa).'),
    ).toBeTruthy();
    expect(submitted).toBeUndefined();
  });

  it('picks the rectified invoice among the supplier’s registered ones', async () => {
    const original = {
      receivedInvoiceId: 'ri-1',
      supplierInvoiceNumber: 'F-2026/0042',
      issueDate: '2026-02-27',
      totals: { totalCents: 121_000 },
    } as ReceivedInvoice;
    answerApi(apiRequest, {
      'suppliers.search': [],
      'receivedInvoices.list': { content: [original], page: 0, size: 100, totalElements: 1, totalPages: 1 },
    });
    renderRoutes([
      {
        path: '/',
        element: (
          <Harness
            initial={{
              ...inlineSupplier,
              supplierMode: 'EXISTING',
              supplierId: 's-1',
              invoiceType: 'R4',
              rectified: [{}],
            }}
          />
        ),
      },
    ]);
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Factura registrada (rectificada 1)' }));
    fireEvent.click(await screen.findByTitle((t) => t.startsWith('F-2026/0042 · 27/02/2026')));

    await waitFor(() =>
      expect((screen.getByLabelText('Número (rectificada 1)') as HTMLInputElement).value).toBe('F-2026/0042'),
    );
    expect(callsTo(apiRequest, 'receivedInvoices.list')[0]).toMatchObject({
      query: { supplierId: 's-1' },
    });
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

describe('received invoice form values: rectificativas and imports', () => {
  const negativeLine: LineFormValues = {
    description: 'Rappel',
    quantity: '1',
    unitPrice: '-10,00',
    vatRateBp: 2100,
    kind: 'DOMESTIC',
    deductible: '100',
  };

  it('a negative amount counts only on a rectificativa', () => {
    const ordinary: ReceivedFormValues = { ...inlineSupplier, supplierMode: 'INLINE', lines: [negativeLine] };
    expect(toTotalsInput(ordinary).lines).toEqual([]);
    expect(() => toReceivedBody(ordinary)).toThrow();
    const credit: ReceivedFormValues = {
      ...ordinary,
      invoiceType: 'R4',
      rectified: [{ receivedInvoiceId: 'ri-1' }],
      lines: [negativeLine, { ...negativeLine, quantity: '-2', unitPrice: '5' }],
    };
    expect(computeReceivedInvoiceTotals(toTotalsInput(credit)).baseCents).toBe(-2000);
    expect(toReceivedBody(credit).rectification).toEqual({
      reason: undefined,
      rectified: [{ receivedInvoiceId: 'ri-1', supplierInvoiceNumber: undefined, issueDate: undefined }],
    });
    expect(CreateReceivedInvoiceBody.safeParse(toReceivedBody(credit)).success).toBe(true);
  });

  it('sends the DUA only with an import line', () => {
    const values: ReceivedFormValues = {
      ...inlineSupplier,
      supplierMode: 'INLINE',
      customsDocument: ' 26ES00281110123456 ',
      lines: [{ ...negativeLine, unitPrice: '100', kind: 'IMPORT' }],
    };
    expect(toReceivedBody(values).customsDocument).toBe('26ES00281110123456');
    expect(
      toReceivedBody({ ...values, lines: [{ ...negativeLine, unitPrice: '100' }] }).customsDocument,
    ).toBeUndefined();
  });

  it('reads a stored rectificativa back into the form', () => {
    const stored = {
      supplier: { supplierId: 's-1', name: 'Proveedor', taxId: 'B12345674', country: 'ES' },
      supplierInvoiceNumber: 'AB-7',
      invoiceType: 'R1',
      rectification: {
        method: 'DIFFERENCES',
        reason: 'Devolución',
        rectified: [{ receivedInvoiceId: null, supplierInvoiceNumber: 'F-9', issueDate: '2026-01-15' }],
      },
      customsDocument: undefined,
      issueDate: '2026-04-02',
      accountingDate: '2026-04-02',
      lines: [
        {
          description: 'Abono',
          quantityMilli: -1000,
          unitPriceCents: 5000,
          discountBp: 0,
          vatRateBp: 2100,
          kind: 'DOMESTIC',
          deductibleBp: 10_000,
          recargoRateBp: 0,
          investmentGoods: false,
        },
      ],
      irpfRateBp: 0,
      expenseCategoryId: null,
      attachments: [],
    } as unknown as ReceivedInvoice;
    const values = fromReceivedInvoice(stored);
    expect(values).toMatchObject({ invoiceType: 'R1', rectificationReason: 'Devolución' });
    expect(values.rectified![0]!.supplierInvoiceNumber).toBe('F-9');
    expect(values.rectified![0]!.issueDate!.format('YYYY-MM-DD')).toBe('2026-01-15');
    expect(values.lines[0]!.quantity).toBe('-1');
    const body = toReceivedBody(values);
    expect(body.rectification).toEqual({
      reason: 'Devolución',
      rectified: [{ receivedInvoiceId: undefined, supplierInvoiceNumber: 'F-9', issueDate: '2026-01-15' }],
    });
    // An invoice stored before the type existed reads as an ordinary one.
    expect(
      fromReceivedInvoice({ ...stored, invoiceType: undefined, rectification: null } as never),
    ).toMatchObject({ invoiceType: 'F1', rectified: [] });
  });

  it('places the API’s errors on the rectification fields', () => {
    expect(receivedApiField('rectification.rectified.1.receivedInvoiceId')).toEqual([
      'rectified',
      1,
      'receivedInvoiceId',
    ]);
    expect(receivedApiField('rectification.rectified.0.issueDate')).toEqual(['rectified', 0, 'issueDate']);
    expect(receivedApiField('rectification')).toBe('invoiceType');
    expect(receivedApiField('customsDocument')).toBe('customsDocument');
    expect(receivedApiField('supplier.taxId.value')).toBe('supplierForeignValue');
  });
});

describe('ReceivedInvoiceForm withholding kind and key (issue 15)', { timeout: 60_000 }, () => {
  const kindSelect = () => screen.getByRole('combobox', { name: 'Tipo de retención' });
  const keySelect = () => screen.getByRole('combobox', { name: 'Clave de la retención' });
  /** The text a select shows for its value (antd writes it as the title of the select's content). */
  const shown = (select: HTMLElement) => select.closest('.ant-select-content')?.getAttribute('title') ?? null;

  it('appears with a rate above 0, a professional’s G.01 by default; rents suggest 19 % and send their kind', async () => {
    renderRoutes([{ path: '/', element: <Harness initial={inlineSupplier} /> }]);
    await screen.findByLabelText('Descripción (línea 1)');
    expect(screen.queryByRole('combobox', { name: 'Tipo de retención' })).toBeNull();

    type(/^Retención IRPF/, '15');
    await waitFor(() => expect(shown(kindSelect())).toBe('Actividades profesionales'));
    await waitFor(() => expect(shown(keySelect())).toBe('G.01 Actividades profesionales (tipo general)'));

    // Cleared to type another: picking rents suggests their 19 %, with their only key.
    type(/^Retención IRPF/, '');
    fireEvent.mouseDown(kindSelect());
    fireEvent.click(await screen.findByTitle('Arrendamiento de inmuebles urbanos'));
    await waitFor(() =>
      expect((screen.getByLabelText(/^Retención IRPF/) as HTMLInputElement).value).toBe('19'),
    );
    await waitFor(() => expect(shown(keySelect())).toBe('Arrendamiento de inmueble urbano'));

    type('Descripción (línea 1)', 'Alquiler del local, junio');
    type('Precio unitario (línea 1)', '1.000,00');
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(submitted).toBeDefined(), { timeout: 10_000 });
    const body = toReceivedBody(submitted!);
    expect(body).toMatchObject({ irpfRateBp: 1900, withholdingKind: 'RENT', withholdingKey: '-' });
    expect(CreateReceivedInvoiceBody.parse(body)).toMatchObject({
      withholdingKind: 'RENT',
      withholdingKey: '-',
    });
  });

  it('a picked supplier brings its rate and its remembered kind and key; the drawer sends them', async () => {
    answerApi(apiRequest, {
      'suppliers.search': [
        supplier(7, {
          name: 'Socios Capital SL',
          irpfRateBp: 1900,
          withholdingKind: 'CAPITAL',
          withholdingKey: 'DIV',
        }),
      ],
      'receivedInvoices.create': ({ body }: { body?: unknown }) => ({
        receivedInvoiceId: 'ri-1',
        ...(body as object),
      }),
    });
    renderRoutes([
      {
        path: '/',
        element: (
          <ReceivedInvoiceDrawer
            companyId="c-1"
            open
            invoice={null}
            categories={[category(1)]}
            onClose={() => {}}
          />
        ),
      },
    ]);
    const supplierSelect = await screen.findByRole('combobox', { name: 'Proveedor' });
    fireEvent.change(supplierSelect, { target: { value: 'Socios' } });
    fireEvent.click(await screen.findByTitle('Socios Capital SL'));
    await waitFor(() =>
      expect(shown(kindSelect())).toBe('Rendimientos del capital mobiliario (intereses, dividendos)'),
    );
    await waitFor(() => expect(shown(keySelect())).toBe('A.02 Dividendos y participaciones en beneficios'));
    expect((screen.getByLabelText(/^Retención IRPF/) as HTMLInputElement).value).toBe('19');

    // Another key of the same kind.
    fireEvent.mouseDown(keySelect());
    fireEvent.click(await screen.findByTitle('B.03 Intereses de préstamos no bancarios (socios o terceros)'));
    type('Nº de factura del proveedor', 'LIQ-2026-2');
    type('Descripción (línea 1)', 'Intereses del préstamo de socios');
    type('Precio unitario (línea 1)', '500');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));

    await waitFor(() => expect(callsTo(apiRequest, 'receivedInvoices.create')).toHaveLength(1));
    expect(callsTo(apiRequest, 'receivedInvoices.create')[0]?.body).toMatchObject({
      supplierId: 's-7',
      irpfRateBp: 1900,
      withholdingKind: 'CAPITAL',
      withholdingKey: 'B03',
    });
  });
});

describe('received invoice form values: withholding', () => {
  const values: ReceivedFormValues = {
    ...inlineSupplier,
    supplierMode: 'INLINE',
    lines: [
      { description: 'Honorarios', quantity: '1', unitPrice: '100', vatRateBp: 2100, kind: 'DOMESTIC' },
    ],
    irpfRate: '15',
    withholdingKind: 'PROFESSIONAL',
    withholdingKey: 'G03',
  };

  it('sends the kind and key only with a withholding, the key fitting the kind', () => {
    expect(toReceivedBody(values)).toMatchObject({ withholdingKind: 'PROFESSIONAL', withholdingKey: 'G03' });
    const none = toReceivedBody({ ...values, irpfRate: '0' });
    expect(none.withholdingKind).toBeUndefined();
    expect(none.withholdingKey).toBeUndefined();
    // A key of another kind left behind becomes the kind's default.
    expect(toReceivedBody({ ...values, withholdingKind: 'AGRICULTURAL' })).toMatchObject({
      withholdingKind: 'AGRICULTURAL',
      withholdingKey: 'H01',
    });
    expect(receivedApiField('withholdingKey')).toBe('withholdingKey');
  });

  it('reads them back from a stored invoice', () => {
    const stored = {
      supplier: { supplierId: 's-1', name: 'Proveedor', taxId: 'B12345674', country: 'ES' },
      supplierInvoiceNumber: 'H-1',
      invoiceType: 'F1',
      rectification: null,
      issueDate: '2026-04-02',
      accountingDate: '2026-04-02',
      lines: [],
      irpfRateBp: 700,
      withholdingKind: 'PROFESSIONAL',
      withholdingKey: 'G03',
      expenseCategoryId: null,
      attachments: [],
    } as unknown as ReceivedInvoice;
    expect(fromReceivedInvoice(stored)).toMatchObject({
      irpfRate: '7',
      withholdingKind: 'PROFESSIONAL',
      withholdingKey: 'G03',
    });
    expect(
      fromReceivedInvoice({ ...stored, irpfRateBp: 0, withholdingKind: null, withholdingKey: null }),
    ).toMatchObject({
      withholdingKind: undefined,
      withholdingKey: undefined,
    });
  });
});

describe('ReceivedInvoiceForm criterio de caja of the supplier (art. 163 quaterdecies LIVA)', {
  timeout: 60_000,
}, () => {
  const box = () =>
    screen.getByRole('checkbox', {
      name: 'El proveedor aplica el régimen especial del criterio de caja',
    }) as HTMLInputElement;

  it('is unchecked by default and sent as the person checks it', async () => {
    renderRoutes([{ path: '/', element: <Harness initial={inlineSupplier} /> }]);
    await screen.findByLabelText('Descripción (línea 1)');
    // The harness fills the supplier in an effect: on a loaded machine it may land after the first
    // render, and a form sent before it is refused ('Elige un proveedor.') and never reaches onFinish.
    await screen.findByDisplayValue('Suministros Levante SL');
    await screen.findByDisplayValue('B12345674');
    expect(box().checked).toBe(false);
    fireEvent.click(box());
    type('Descripción (línea 1)', 'Reforma del local');
    type('Precio unitario (línea 1)', '1.000,00');
    // Sent again until the form takes it (validation is asynchronous): what it sends is what counts.
    await waitFor(
      () => {
        if (!submitted) fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
        expect(submitted).toBeDefined();
      },
      { timeout: 10_000, interval: 500 },
    );
    const body = toReceivedBody(submitted!);
    expect(body.supplierCashCriterion).toBe(true);
    expect(CreateReceivedInvoiceBody.parse(body).supplierCashCriterion).toBe(true);
    expect(toReceivedBody({ ...submitted!, supplierCashCriterion: undefined }).supplierCashCriterion).toBe(
      false,
    );
  });

  it('a picked supplier brings its mark; a stored invoice reads it back', async () => {
    answerApi(apiRequest, {
      'suppliers.search': [supplier(8, { name: 'Reformas Caja SL', supplierCashCriterion: true })],
    });
    renderRoutes([{ path: '/', element: <Harness /> }]);
    const supplierSelect = await screen.findByRole('combobox', { name: 'Proveedor' });
    fireEvent.change(supplierSelect, { target: { value: 'Reformas' } });
    fireEvent.click(await screen.findByTitle('Reformas Caja SL'));
    await waitFor(() => expect(box().checked).toBe(true));
    const stored = {
      supplier: { supplierId: 's-1', name: 'Proveedor', taxId: 'B12345674', country: 'ES' },
      supplierInvoiceNumber: 'H-1',
      invoiceType: 'F1',
      rectification: null,
      issueDate: '2026-04-02',
      accountingDate: '2026-04-02',
      lines: [],
      irpfRateBp: 0,
      attachments: [],
      supplierCashCriterion: true,
    } as unknown as ReceivedInvoice;
    expect(fromReceivedInvoice(stored).supplierCashCriterion).toBe(true);
    expect(receivedApiField('supplierCashCriterion')).toBe('supplierCashCriterion');
  });
});
