/**
 * Demo invoicing for `npm start`: Panadería Espiga SL (the demo gestor's default company) gets its
 * invoice series, customers, suppliers, a quarter of issued invoices (paid, partly paid, overdue,
 * a draft and a rectificativa), received invoices and a recurring template. Everything goes
 * through the REST API as the gestor would, so numbers, totals, aggregates and events are the
 * product's own. Runs once: skipped when the company already has invoice series.
 */

import { cifControl, dniLetter } from '@shared/fiscal/nif';

const DEMO_GESTOR_EMAIL = 'gestor@cuadra.test';

import { apiClient } from './testing/api';
import type { LocalCloudInfo } from './types';

export const DEMO_INVOICING_COMPANY = 'demo-panaderia-espiga';

const cif = (letter: string, seven: string) => {
  const { digit, letter: control } = cifControl(seven);
  // Companies (A, B) end in a digit; P, Q, S, N, W... end in a letter.
  return `${letter}${seven}${'ABEH'.includes(letter) ? digit : control}`;
};
const dni = (n: number) => `${String(n).padStart(8, '0')}${dniLetter(n)}`;

const customers = {
  hotel: {
    name: 'Hotel Mediterráneo Valencia SL',
    taxId: cif('B', '4681235'),
    address: {
      street: 'Avenida del Puerto 210',
      postalCode: '46023',
      city: 'Valencia',
      province: 'Valencia',
    },
    email: 'compras@hotelmediterraneo.example',
    paymentTermsDays: 30,
  },
  ultramarinos: {
    // A retailer in recargo de equivalencia (art. 154 LIVA): its invoices carry the recargo.
    name: 'Ultramarinos Ruiz',
    taxId: dni(24876513),
    address: { street: 'Calle de la Reina 14', postalCode: '46011', city: 'Valencia', province: 'Valencia' },
    email: 'ultramarinosruiz@correo.example',
    paymentTermsDays: 15,
    vatTreatment: 'RECARGO_EQUIVALENCIA',
  },
  colegio: {
    name: 'Colegio San José de Calasanz',
    taxId: cif('R', '4600172'),
    address: { street: 'Calle Micer Mascó 5', postalCode: '46010', city: 'Valencia', province: 'Valencia' },
    email: 'administracion@colegiosanjose.example',
    paymentTermsDays: 30,
  },
} as const;

const line = (
  description: string,
  quantity: number | string,
  unitPriceCents: number,
  vatRateBp: number,
  extra = {},
) => ({
  description,
  quantity,
  unitPriceCents,
  vatRateBp,
  ...extra,
});

export async function seedDemoInvoicing(info: LocalCloudInfo, log: (msg: string) => void = () => {}) {
  const api = apiClient(info.url);
  const token = await api.login(DEMO_GESTOR_EMAIL);
  const call = async <T>(method: string, path: string, body?: unknown, query?: Record<string, string>) => {
    const res = await api.request<T>(method, path, { token, companyId: DEMO_INVOICING_COMPANY, body, query });
    if (!res.body.success) {
      throw new Error(`demo invoicing: ${method} ${path} -> ${res.status} ${JSON.stringify(res.body.error)}`);
    }
    return res.body.data;
  };

  const existing = await call<unknown[]>('GET', '/api/v1/invoice-series', undefined, {
    includeInactive: 'true',
  });
  if (existing.length > 0) return;

  await call('POST', '/api/v1/invoice-series', {
    code: 'F',
    description: 'Facturas ordinarias',
    isDefault: true,
  });
  await call('POST', '/api/v1/invoice-series', {
    code: 'R',
    description: 'Facturas rectificativas',
    purpose: 'RECTIFICATIVA',
    isDefault: true,
  });
  await call('POST', '/api/v1/invoice-series', {
    code: 'T',
    description: 'Tickets (facturas simplificadas)',
    purpose: 'SIMPLIFICADA',
    isDefault: true,
  });

  const ids: Record<keyof typeof customers, string> = { hotel: '', ultramarinos: '', colegio: '' };
  for (const [key, c] of Object.entries(customers) as [
    keyof typeof customers,
    (typeof customers)[keyof typeof customers],
  ][]) {
    ids[key] = (await call<{ customerId: string }>('POST', '/api/v1/customers', c)).customerId;
  }

  type Created = { invoiceId: string; totals: { totalCents: number } };
  const confirmed = async (body: Record<string, unknown>) =>
    call<Created>('POST', '/api/v1/invoices/create-and-confirm', { invoiceType: 'F1', ...body });

  // Pan común 4 % (art. 91.Dos.1.1º LIVA), bollería and catering 10 %: one quarter, in date order.
  const september = await confirmed({
    invoiceDate: '2026-09-30',
    customerId: ids.hotel,
    dueDate: '2026-10-30',
    paymentMethod: 'TRANSFER',
    invoiceLines: [
      line('Pan de barra (septiembre)', 620, 65, 400),
      line('Croissants de mantequilla', 540, 95, 1000),
      line('Servicio de catering desayuno de empresa (12/09)', 1, 48_000, 1000),
    ],
  });
  await call('POST', `/api/v1/invoices/${september.invoiceId}/payments`, {
    amountCents: september.totals.totalCents,
    paidAt: '2026-10-28',
    method: 'TRANSFER',
    reference: 'Transferencia Hotel Mediterráneo',
  });
  const ruizOctober = await confirmed({
    invoiceDate: '2026-10-15',
    customerId: ids.ultramarinos,
    dueDate: '2026-10-30',
    paymentMethod: 'TRANSFER',
    invoiceLines: [
      line('Pan de pueblo 1 kg', 180, 310, 400, { recargo: true }),
      line('Magdalenas (caja de 12)', 40, 420, 1000, { recargo: true }),
    ],
  });
  await call('POST', `/api/v1/invoices/${ruizOctober.invoiceId}/payments`, {
    amountCents: 50_000,
    paidAt: '2026-10-31',
    method: 'TRANSFER',
  });
  const colegio = await confirmed({
    invoiceDate: '2026-10-31',
    customerId: ids.colegio,
    dueDate: '2026-11-15',
    paymentMethod: 'DIRECT_DEBIT',
    invoiceLines: [line('Pan para comedor escolar (octubre)', 1_450, 58, 400)],
  });
  const october = await confirmed({
    invoiceDate: '2026-10-31',
    customerId: ids.hotel,
    dueDate: '2026-11-30',
    paymentMethod: 'TRANSFER',
    invoiceLines: [
      line('Pan de barra (octubre)', 655, 65, 400),
      line('Croissants de mantequilla', 560, 95, 1000, { discountBp: 500 }),
    ],
  });
  // 30 croissants of October came back stale: a rectificativa by differences (art. 80.Dos LIVA).
  await call('POST', `/api/v1/invoices/${october.invoiceId}/rectify`, {
    rectificationType: 'R1',
    method: 'DIFFERENCES',
    reason: 'Devolución de 30 croissants en mal estado',
    invoiceDate: '2026-11-04',
    invoiceLines: [line('Devolución croissants de mantequilla', -30, 95, 1000, { discountBp: 500 })],
  });
  await confirmed({
    invoiceDate: '2026-11-14',
    customerId: ids.ultramarinos,
    dueDate: '2026-11-29',
    paymentMethod: 'TRANSFER',
    invoiceLines: [line('Pan de pueblo 1 kg', 150, 310, 400, { recargo: true })],
  });
  await call('POST', '/api/v1/invoices', {
    invoiceType: 'F1',
    invoiceDate: '2026-11-20',
    customerId: ids.colegio,
    notes: 'Pendiente de confirmar el número de menús',
    invoiceLines: [line('Pan para comedor escolar (noviembre, provisional)', 1_300, 58, 400)],
  });
  void colegio;

  const harinas = await call<{ supplierId: string }>('POST', '/api/v1/suppliers', {
    name: 'Harinas del Turia SL',
    taxId: cif('B', '4659871'),
    address: {
      street: 'Polígono Fuente del Jarro, calle 7',
      postalCode: '46988',
      city: 'Paterna',
      province: 'Valencia',
    },
    email: 'pedidos@harinasdelturia.example',
    defaultVatRateBp: 400,
  });
  await call('POST', '/api/v1/received-invoices', {
    supplierId: harinas.supplierId,
    supplierInvoiceNumber: 'HT-2026-1184',
    issueDate: '2026-10-05',
    paymentMethod: 'TRANSFER',
    dueDate: '2026-11-04',
    lines: [
      {
        description: 'Harina panificable T65 (sacos de 25 kg)',
        quantity: 40,
        unitPriceCents: 1_650,
        vatRateBp: 400,
      },
      { description: 'Levadura fresca (kg)', quantity: 12, unitPriceCents: 380, vatRateBp: 1000 },
    ],
    approvalStatus: 'APPROVED',
  });
  await call('POST', '/api/v1/received-invoices', {
    supplier: { name: 'Comercializadora Eléctrica del Turia SA', taxId: cif('A', '4612873') },
    supplierInvoiceNumber: 'E26-0098213',
    issueDate: '2026-11-03',
    paymentMethod: 'DIRECT_DEBIT',
    lines: [
      {
        description: 'Suministro eléctrico octubre 2026',
        quantity: 1,
        unitPriceCents: 41_236,
        vatRateBp: 2100,
      },
    ],
  });

  await call('POST', '/api/v1/recurring-invoices/templates', {
    name: 'Mantenimiento del horno — Colegio San José',
    customerId: ids.colegio,
    invoiceType: 'F1',
    invoiceLines: [line('Servicio de pan y bollería para eventos {MES} {AÑO}', 1, 15_000, 1000)],
    frequency: 'MONTHLY',
    startDate: '2026-12-01',
    dayOfMonth: 1,
    generationMode: 'DRAFT',
  });

  // The daily overdue job, now, so the September-to-October invoices already show their state.
  await fetch(new URL('/_dev/schedules/invoices-overdue/run', info.url), { method: 'POST' }).catch(
    () => undefined,
  );
  log('demo invoicing seeded (Panadería Espiga SL)');
}
