/**
 * Hand-built SII records of every book and shape, for the tests of this library and of its users
 * (the sender, the simulator's tests). Written from shared/schemas/sii.ts directly, not from
 * shared/fiscal/sii-record.ts, so the XML tests do not depend on the record builder.
 *
 * Amounts in céntimos, rates in basis points, dates ISO.
 */

import type {
  SiiBreakdown,
  SiiCashRecord,
  SiiIntraEuRecord,
  SiiInvestmentRecord,
  SiiIssuedRecord,
  SiiReceivedRecord,
} from '@shared/schemas/sii';
import type { SiiHeader } from '../parts';

export const TITULAR_NIF = 'B12345674';

export const header: SiiHeader = { titular: { name: 'Ejemplo Gestoría & Asociados SL', nif: TITULAR_NIF } };
export const headerWithRepresentative: SiiHeader = {
  ...header,
  representative: { name: 'Asesores Fiscales SL', nif: 'B87654321' },
};

const empty: SiiBreakdown = {
  notExempt: null,
  exempt: [],
  notSubjectArt7_14Cents: 0,
  notSubjectLocationCents: 0,
};

/** F1 to a Spanish company: DesgloseFactura, S1 at 21 % and 10 %. Total 1,430.00. */
export const issuedDomestic = (over: Partial<SiiIssuedRecord> = {}): SiiIssuedRecord => ({
  book: 'FE',
  period: { year: 2027, period: '01' },
  invoiceId: { issuerNif: TITULAR_NIF, number: 'F-2027/0001', issueDate: '2027-01-15' },
  invoiceType: 'F1',
  regimeKeys: ['01'],
  description: 'Servicios de asesoría fiscal <enero> & "otros"',
  totalCents: 143_000,
  counterparty: { name: 'Cliente Industrial SA', nif: 'A87654321', otherId: null },
  rectification: null,
  operationDate: null,
  breakdown: {
    kind: 'INVOICE',
    invoice: {
      ...empty,
      notExempt: {
        type: 'S1',
        details: [
          { rateBp: 2100, baseCents: 100_000, vatCents: 21_000 },
          { rateBp: 1000, baseCents: 20_000, vatCents: 2_000 },
        ],
      },
    },
  },
  ...over,
});

/** F1 to a retailer in recargo de equivalencia: 21 % + 5.2 %. */
export const issuedRecargo = (): SiiIssuedRecord =>
  issuedDomestic({
    invoiceId: { issuerNif: TITULAR_NIF, number: 'F-2027/0002', issueDate: '2027-01-16' },
    regimeKeys: ['01'],
    totalCents: 12_620,
    description: 'Venta de material de oficina',
    breakdown: {
      kind: 'INVOICE',
      invoice: {
        ...empty,
        notExempt: {
          type: 'S1',
          details: [
            { rateBp: 2100, baseCents: 10_000, vatCents: 2_100, recargoRateBp: 520, recargoCents: 520 },
          ],
        },
      },
    },
  });

/**
 * F1 to a French company (IDOtro NIF-IVA): DesgloseTipoOperacion with services not subject by the
 * place-of-supply rules and an intra-EU delivery of goods exempt under art. 25 LIVA (E5).
 */
export const issuedForeign = (): SiiIssuedRecord =>
  issuedDomestic({
    invoiceId: { issuerNif: TITULAR_NIF, number: 'F-2027/0003', issueDate: '2027-01-20' },
    operationDate: '2027-01-18',
    totalCents: 170_000,
    description: 'Entrega de maquinaria y servicios de instalación en Lyon',
    counterparty: {
      name: 'Société Lyonnaise SARL',
      nif: null,
      otherId: { countryCode: 'FR', idType: '02', id: 'FR12345678901' },
    },
    breakdown: {
      kind: 'OPERATION',
      services: { ...empty, notSubjectLocationCents: 50_000 },
      goods: { ...empty, exempt: [{ cause: 'E5', baseCents: 120_000 }] },
    },
  });

/** Services and goods both subject in the operation breakdown (a Spanish NIF starting with N). */
export const issuedOperationSubject = (): SiiIssuedRecord =>
  issuedDomestic({
    invoiceId: { issuerNif: TITULAR_NIF, number: 'F-2027/0004', issueDate: '2027-01-21' },
    totalCents: 36_300 + 12_100,
    description: 'Mantenimiento y repuestos',
    counterparty: { name: 'Sucursal Extranjera en España', nif: 'N0012345I', otherId: null },
    breakdown: {
      kind: 'OPERATION',
      services: {
        ...empty,
        notExempt: { type: 'S1', details: [{ rateBp: 2100, baseCents: 30_000, vatCents: 6_300 }] },
      },
      goods: {
        ...empty,
        notExempt: { type: 'S1', details: [{ rateBp: 2100, baseCents: 10_000, vatCents: 2_100 }] },
      },
    },
  });

/** Inversión del sujeto pasivo on the issued side (art. 84.Uno.2º LIVA): S2, no VAT charged. */
export const issuedReverseCharge = (): SiiIssuedRecord =>
  issuedDomestic({
    invoiceId: { issuerNif: TITULAR_NIF, number: 'F-2027/0005', issueDate: '2027-01-22' },
    totalCents: 500_000,
    description: 'Ejecución de obra de rehabilitación (ISP art. 84.Uno.2º f LIVA)',
    breakdown: {
      kind: 'INVOICE',
      invoice: {
        ...empty,
        notExempt: { type: 'S2', details: [{ rateBp: 0, baseCents: 500_000, vatCents: 0 }] },
      },
    },
  });

/** S3: a normal line (21 %) and a reverse-charged one (ISP, rate and quota 0) on one invoice. */
export const issuedMixedReverseCharge = (): SiiIssuedRecord =>
  issuedDomestic({
    invoiceId: { issuerNif: TITULAR_NIF, number: 'F-2027/0008', issueDate: '2027-01-26' },
    totalCents: 12_100 + 40_000,
    description: 'Material informático y teléfonos móviles (ISP art. 84.Uno.2º g LIVA)',
    breakdown: {
      kind: 'INVOICE',
      invoice: {
        ...empty,
        notExempt: {
          type: 'S3',
          details: [{ rateBp: 2100, baseCents: 10_000, vatCents: 2_100 }],
          reverseChargeDetails: [{ rateBp: 0, baseCents: 40_000, vatCents: 0 }],
        },
      },
    },
  });

/** Not subject under arts. 7 and 14 LIVA, plus an exempt part (E1) on the same invoice. */
export const issuedNotSubject = (): SiiIssuedRecord =>
  issuedDomestic({
    invoiceId: { issuerNif: TITULAR_NIF, number: 'F-2027/0006', issueDate: '2027-01-23' },
    totalCents: 80_000,
    description: 'Indemnización y formación exenta',
    breakdown: {
      kind: 'INVOICE',
      invoice: { ...empty, exempt: [{ cause: 'E1', baseCents: 30_000 }], notSubjectArt7_14Cents: 50_000 },
    },
  });

/** Export of goods (art. 21 LIVA, E2), clave 02, to a US customer. */
export const issuedExport = (): SiiIssuedRecord =>
  issuedDomestic({
    invoiceId: { issuerNif: TITULAR_NIF, number: 'F-2027/0007', issueDate: '2027-01-25' },
    regimeKeys: ['02'],
    totalCents: 900_000,
    description: 'Exportación de aceite de oliva',
    counterparty: {
      name: 'Olive Importers Inc',
      nif: null,
      otherId: { countryCode: 'US', idType: '04', id: '98-7654321' },
    },
    breakdown: {
      kind: 'OPERATION',
      services: null,
      goods: { ...empty, exempt: [{ cause: 'E2', baseCents: 900_000 }] },
    },
  });

/** Rectificativa por sustitución (R1, S): the rectified invoice had 1,000.00 + 210.00. */
export const issuedRectSubstitution = (): SiiIssuedRecord =>
  issuedDomestic({
    invoiceId: { issuerNif: TITULAR_NIF, number: 'R-2027/0001', issueDate: '2027-02-03' },
    period: { year: 2027, period: '02' },
    invoiceType: 'R1',
    totalCents: 96_800,
    description: 'Rectificación por error en el precio',
    rectification: {
      method: 'S',
      rectified: [{ issuerNif: TITULAR_NIF, number: 'F-2027/0001', issueDate: '2027-01-15' }],
      rectifiedBaseCents: 100_000,
      rectifiedVatCents: 21_000,
    },
    breakdown: {
      kind: 'INVOICE',
      invoice: {
        ...empty,
        notExempt: { type: 'S1', details: [{ rateBp: 2100, baseCents: 80_000, vatCents: 16_800 }] },
      },
    },
  });

/** Rectificativa por diferencias (R4, I): negative amounts. */
export const issuedRectDifferences = (): SiiIssuedRecord =>
  issuedDomestic({
    invoiceId: { issuerNif: TITULAR_NIF, number: 'R-2027/0002', issueDate: '2027-02-04' },
    period: { year: 2027, period: '02' },
    invoiceType: 'R4',
    totalCents: -12_100,
    description: 'Abono por devolución parcial',
    rectification: {
      method: 'I',
      rectified: [
        { issuerNif: TITULAR_NIF, number: 'F-2027/0001', issueDate: '2027-01-15' },
        { issuerNif: TITULAR_NIF, number: 'F-2027/0002', issueDate: '2027-01-16' },
      ],
    },
    breakdown: {
      kind: 'INVOICE',
      invoice: {
        ...empty,
        notExempt: { type: 'S1', details: [{ rateBp: 2100, baseCents: -10_000, vatCents: -2_100 }] },
      },
    },
  });

/** Simplified invoice (F2) without an identified customer. */
export const issuedSimplified = (): SiiIssuedRecord =>
  issuedDomestic({
    invoiceId: { issuerNif: TITULAR_NIF, number: 'T-2027/0001', issueDate: '2027-01-15' },
    invoiceType: 'F2',
    counterparty: null,
    totalCents: 1_210,
    description: 'Venta al contado',
    breakdown: {
      kind: 'INVOICE',
      invoice: {
        ...empty,
        notExempt: { type: 'S1', details: [{ rateBp: 2100, baseCents: 1_000, vatCents: 210 }] },
      },
    },
  });

/** A domestic purchase: DesgloseIVA 21 % and 10 %, fully deductible. */
export const receivedDomestic = (over: Partial<SiiReceivedRecord> = {}): SiiReceivedRecord => ({
  book: 'FR',
  period: { year: 2027, period: '01' },
  invoiceId: { issuerNif: 'A11111111', number: 'PROV-889', issueDate: '2027-01-10' },
  invoiceType: 'F1',
  regimeKeys: ['01'],
  description: 'Compra de suministros',
  totalCents: 14_300,
  counterparty: { name: 'Suministros del Norte SA', nif: 'A11111111', otherId: null },
  rectification: null,
  operationDate: null,
  reverseCharge: [],
  vat: [
    { rateBp: 2100, baseCents: 10_000, vatCents: 2_100 },
    { rateBp: 1000, baseCents: 2_000, vatCents: 200 },
  ],
  accountingDate: '2027-01-12',
  deductibleVatCents: 2_300,
  ...over,
});

/** A machine bought as an investment good (DetalleIVA with BienInversion S). */
export const receivedInvestmentGood = (): SiiReceivedRecord =>
  receivedDomestic({
    invoiceId: { issuerNif: 'A11111111', number: 'PROV-501', issueDate: '2026-03-01' },
    description: 'Torno CNC',
    totalCents: 2_420_000,
    vat: [{ rateBp: 2100, baseCents: 2_000_000, vatCents: 420_000, investmentGood: true }],
    deductibleVatCents: 420_000,
  });

/** An intra-EU acquisition of services from Germany: InversionSujetoPasivo (self-assessed 21 %). */
export const receivedIntraEu = (): SiiReceivedRecord =>
  receivedDomestic({
    invoiceId: {
      issuerNif: null,
      issuerOtherId: { countryCode: 'DE', idType: '02', id: 'DE123456789' },
      number: 'RE-2027-17',
      issueDate: '2027-01-08',
    },
    regimeKeys: ['09'],
    description: 'Licencias de software',
    totalCents: 50_000,
    counterparty: {
      name: 'Software Gründer GmbH',
      nif: null,
      otherId: { countryCode: 'DE', idType: '02', id: 'DE123456789' },
    },
    reverseCharge: [{ rateBp: 2100, baseCents: 50_000, vatCents: 10_500 }],
    vat: [],
    deductibleVatCents: 10_500,
  });

/** ISP and VAT charged on the same invoice (a domestic supplier with a reverse-charge line). */
export const receivedMixed = (): SiiReceivedRecord =>
  receivedDomestic({
    invoiceId: { issuerNif: 'A11111111', number: 'PROV-900', issueDate: '2027-01-11' },
    totalCents: 22_620,
    reverseCharge: [{ rateBp: 2100, baseCents: 10_000, vatCents: 2_100 }],
    vat: [{ rateBp: 2100, baseCents: 10_000, vatCents: 2_100, recargoRateBp: 520, recargoCents: 520 }],
    deductibleVatCents: 4_200,
  });

/** An import (F5): the DUA is the invoice number and the titular its issuer. */
export const receivedImport = (): SiiReceivedRecord =>
  receivedDomestic({
    invoiceId: { issuerNif: TITULAR_NIF, number: '27ES00281110123456', issueDate: '2027-01-09' },
    invoiceType: 'F5',
    description: 'Importación de componentes electrónicos (DUA)',
    totalCents: 121_000,
    counterparty: { name: header.titular.name, nif: TITULAR_NIF, otherId: null },
    vat: [{ rateBp: 2100, baseCents: 100_000, vatCents: 21_000 }],
    deductibleVatCents: 21_000,
    customsDocument: '27ES00281110123456',
  });

/** A capital good (BI, annual period 0A), bought from a Spanish supplier. */
export const investment = (over: Partial<SiiInvestmentRecord> = {}): SiiInvestmentRecord => ({
  book: 'BI',
  period: { year: 2027, period: '0A' },
  invoiceId: { issuerNif: 'A11111111', number: 'PROV-501', issueDate: '2026-03-01' },
  goodIdentification: 'Torno CNC nº serie 4411',
  startOfUseDate: '2026-03-15',
  definitiveProrrataBp: 8_000,
  annualAdjustmentCents: -15_000,
  issuerName: 'Suministros del Norte SA',
  ...over,
});

/** Goods sent to France for works (OI, TipoOperacion A), declared by us as sender. */
export const intraEu = (): SiiIntraEuRecord => ({
  book: 'OI',
  period: { year: 2027, period: '01' },
  invoiceId: {
    issuerNif: null,
    issuerOtherId: { countryCode: 'FR', idType: '02', id: 'FR12345678901' },
    number: 'FA-2027-33',
    issueDate: '2027-01-19',
  },
  counterparty: {
    name: 'Société Lyonnaise SARL',
    nif: null,
    otherId: { countryCode: 'FR', idType: '02', id: 'FR12345678901' },
  },
  operationType: 'A',
  declaredKey: 'R',
  memberState: 'FR',
  termDays: 90,
  goodsDescription: 'Moldes de inyección para reparación',
  operatorAddress: '12 Rue de la République, 69001 Lyon',
  invoicesOrDocuments: 'Albarán 2027/118',
});

/** Two cobros of an issued invoice under the criterio de caja. */
export const collection = (): SiiCashRecord => ({
  book: 'RECC',
  direction: 'COLLECTION',
  invoiceId: { issuerNif: TITULAR_NIF, number: 'F-2027/0001', issueDate: '2027-01-15' },
  payments: [
    { date: '2027-02-10', amountCents: 50_000, method: '01', account: 'ES9121000418450200051332' },
    { date: '2027-03-10', amountCents: 93_000, method: '04', account: '' },
  ],
});

/** A pago of a received invoice under the criterio de caja. */
export const payment = (): SiiCashRecord => ({
  book: 'RECC',
  direction: 'PAYMENT',
  invoiceId: { issuerNif: 'A11111111', number: 'PROV-889', issueDate: '2027-01-10' },
  issuerName: 'Suministros del Norte SA',
  payments: [{ date: '2027-02-01', amountCents: 14_300, method: '02', account: 'Cheque 0012345' }],
});
