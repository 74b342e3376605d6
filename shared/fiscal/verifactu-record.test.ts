import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Invoice } from '../schemas/invoices';
import type { RegistroAltaFields, SistemaInformatico, VerifactuRecord } from '../schemas/verifactu';
import {
  aeatText,
  buildAltaFields,
  buildAltaFromPrevious,
  buildAnulacionFields,
  formatAeatDate,
  formatAmount,
  formatRate,
  idFacturaOf,
  madridTimestamp,
  parseAeatDate,
  qrUrlOfRecord,
  recomputeHuella,
  recordContentHash,
  verifactuQrUrl,
  verifyChain,
} from './verifactu-record';

const system: SistemaInformatico = {
  NombreRazon: 'Cuadra Software SL',
  NIF: 'B00000034',
  NombreSistemaInformatico: 'Cuadra',
  IdSistemaInformatico: 'CU',
  Version: '1.0.0',
  NumeroInstalacion: 'CUADRA-co1',
  TipoUsoPosibleSoloVerifactu: 'N',
  TipoUsoPosibleMultiOT: 'S',
  IndicadorMultiplesOT: 'S',
};

const invoice = (over: Partial<Invoice> = {}): Invoice => ({
  invoiceId: 'inv1',
  companyId: 'co1',
  invoiceType: 'F1',
  status: 'CONFIRMED',
  invoiceDate: '2027-01-15',
  operationDate: null,
  dueDate: null,
  paymentMethod: 'TRANSFER',
  notes: null,
  customer: {
    customerId: 'c1',
    name: "L'Horta Fruits SL",
    taxId: 'B12345674',
    address: 'Calle Mayor 1',
    postalCode: '46001',
    city: 'Valencia',
    country: 'ES',
    vatTreatment: 'DOMESTIC',
  },
  invoiceLines: [
    {
      description: 'Pan artesano',
      quantityMilli: 1000,
      unitPriceCents: 10000,
      discountBp: 0,
      vatRateBp: 2100,
      operation: 'S1',
      recargo: false,
      baseCents: 10000,
    },
  ],
  irpfRateBp: 0,
  totals: { baseCents: 10000, vatCents: 2100, recargoCents: 0, irpfCents: 0, totalCents: 12100 },
  breakdown: [
    { operation: 'S1', vatRateBp: 2100, recargoRateBp: 0, baseCents: 10000, vatCents: 2100, recargoCents: 0 },
  ],
  legalMentions: [],
  series: 'FAC-2026/',
  seriesId: 's1',
  issuer: {
    name: 'Panadería La Espiga SL',
    nif: 'B12345674',
    street: 'Calle Real 3',
    postalCode: '28001',
    city: 'Madrid',
    province: 'Madrid',
    country: 'ES',
    email: null,
    phone: null,
    vatRegime: 'GENERAL',
  },
  siiStatus: null,
  requestedSeriesId: null,
  number: 1,
  invoiceNumber: 'FAC-2026/0001',
  confirmedAt: '2027-01-15T09:30:00.000Z',
  createdAt: '2027-01-15T09:00:00.000Z',
  updatedAt: '2027-01-15T09:30:00.000Z',
  ...over,
});

const asRecord = (
  seq: number,
  fields: VerifactuRecord['fields'],
  previousHuella: string | null,
  previousContent: string | null = null,
) => ({
  seq,
  recordId: `co1-${seq}`,
  fields,
  huella: fields.Huella,
  previousHuella,
  contentHash: recordContentHash(fields, previousContent),
});

/** Records 1..n chained by huella and by content hash. */
const chained = (fields: VerifactuRecord['fields'][]) => {
  const out: ReturnType<typeof asRecord>[] = [];
  for (const f of fields) {
    const prev = out.at(-1);
    out.push(asRecord(out.length + 1, f, prev?.huella ?? null, prev?.contentHash ?? null));
  }
  return out;
};

describe('formats', () => {
  it('writes amounts with two decimals, a point and a minus sign', () => {
    expect(formatAmount(0)).toBe('0.00');
    expect(formatAmount(12100)).toBe('121.00');
    expect(formatAmount(123456789)).toBe('1234567.89');
    expect(formatAmount(-5)).toBe('-0.05');
    expect(() => formatAmount(1.5)).toThrow();
  });

  it('amount text always reads back as the same céntimos', () => {
    fc.assert(
      fc.property(fc.integer({ min: -99_999_999_999_99, max: 99_999_999_999_99 }), (c) => {
        const t = formatAmount(c);
        expect(t).toMatch(/^-?\d{1,12}\.\d{2}$/);
        expect(Math.round(Number(t) * 100)).toBe(c);
      }),
    );
  });

  it('writes rates and dates as the XSD wants', () => {
    expect(formatRate(2100)).toBe('21.00');
    expect(formatRate(520)).toBe('5.20');
    expect(formatRate(50)).toBe('0.50');
    expect(formatAeatDate('2027-01-05')).toBe('05-01-2027');
    expect(parseAeatDate('05-01-2027')).toBe('2027-01-05');
  });

  it('writes the generation timestamp in Madrid time with its offset and no fractions', () => {
    expect(madridTimestamp(new Date('2027-01-15T09:30:00.987Z'))).toBe('2027-01-15T10:30:00+01:00');
    expect(madridTimestamp(new Date('2026-07-01T08:00:00Z'))).toBe('2026-07-01T10:00:00+02:00');
    // The night the clocks go back (25 Oct 2026): 00:30 UTC is 02:30 CEST, 01:30 UTC is 02:30 CET.
    expect(madridTimestamp(new Date('2026-10-25T00:30:00Z'))).toBe('2026-10-25T02:30:00+02:00');
    expect(madridTimestamp(new Date('2026-10-25T01:30:00Z'))).toBe('2026-10-25T02:30:00+01:00');
    expect(madridTimestamp(new Date('2026-12-31T23:59:59Z'))).toBe('2027-01-01T00:59:59+01:00');
  });

  it('keeps the characters the AEAT refuses out of text fields', () => {
    expect(aeatText(`  L'Horta "Sur" <1=2>  `, 120)).toBe('L’Horta ”Sur” ‹1-2›');
    expect([...aeatText('ñ'.repeat(200), 120)]).toHaveLength(120);
  });
});

describe('buildAltaFields', () => {
  it('reproduces the repository sample record and its huella (reference §2.6, our own sample)', () => {
    const f = buildAltaFields({
      invoice: invoice(),
      link: null,
      timestamp: '2027-01-15T10:30:00+01:00',
      system,
    });
    expect(f.IDFactura).toEqual({
      IDEmisorFactura: 'B12345674',
      NumSerieFactura: 'FAC-2026/0001',
      FechaExpedicionFactura: '15-01-2027',
    });
    expect(f.CuotaTotal).toBe('21.00');
    expect(f.ImporteTotal).toBe('121.00');
    expect(f.Encadenamiento).toEqual({ PrimerRegistro: 'S' });
    expect(f.Huella).toBe('37AF75A542D06BEC2A72A8547E1A0829399E6C7B41155439E528471DC2A8B07F');
    expect(f.Destinatarios).toEqual([{ NombreRazon: 'L’Horta Fruits SL', NIF: 'B12345674' }]);
    expect(f.Desglose).toEqual([
      {
        Impuesto: '01',
        ClaveRegimen: '01',
        CalificacionOperacion: 'S1',
        TipoImpositivo: '21.00',
        BaseImponibleOimporteNoSujeto: '100.00',
        CuotaRepercutida: '21.00',
      },
    ]);
    expect(f.DescripcionOperacion).toBe('Pan artesano');
    expect(f.RefExterna).toBe('inv1');
    expect(f.Subsanacion).toBeUndefined();
  });

  it('writes recargo, exempt and reverse-charge groups; ImporteTotal is before IRPF', () => {
    const f = buildAltaFields({
      invoice: invoice({
        irpfRateBp: 1500,
        totals: { baseCents: 40000, vatCents: 2100, recargoCents: 520, irpfCents: 1500, totalCents: 41120 },
        breakdown: [
          {
            operation: 'S1',
            vatRateBp: 2100,
            recargoRateBp: 520,
            baseCents: 10000,
            vatCents: 2100,
            recargoCents: 520,
          },
          { operation: 'E1', vatRateBp: 0, recargoRateBp: 0, baseCents: 20000, vatCents: 0, recargoCents: 0 },
          { operation: 'S2', vatRateBp: 0, recargoRateBp: 0, baseCents: 10000, vatCents: 0, recargoCents: 0 },
        ],
      }),
      link: null,
      timestamp: '2027-01-15T10:30:00+01:00',
      system,
    });
    expect(f.CuotaTotal).toBe('26.20');
    expect(f.ImporteTotal).toBe('426.20');
    expect(f.Desglose[0]).toMatchObject({
      TipoRecargoEquivalencia: '5.20',
      CuotaRecargoEquivalencia: '5.20',
    });
    expect(f.Desglose[1]).toEqual({
      Impuesto: '01',
      ClaveRegimen: '01',
      OperacionExenta: 'E1',
      BaseImponibleOimporteNoSujeto: '200.00',
    });
    expect(f.Desglose[2]).toEqual({
      Impuesto: '01',
      ClaveRegimen: '01',
      CalificacionOperacion: 'S2',
      BaseImponibleOimporteNoSujeto: '100.00',
    });
  });

  it('gives F2 no recipient and a foreign customer an IDOtro', () => {
    const f2 = buildAltaFields({
      invoice: invoice({ invoiceType: 'F2' }),
      link: null,
      timestamp: 'T',
      system,
    });
    expect(f2.Destinatarios).toBeUndefined();
    const base = invoice();
    const foreign = buildAltaFields({
      invoice: invoice({
        customer: { ...base.customer!, taxId: { type: 'NIF_IVA', value: '123456789', country: 'FR' } },
      }),
      link: null,
      timestamp: 'T',
      system,
    });
    expect(foreign.Destinatarios).toEqual([
      { NombreRazon: 'L’Horta Fruits SL', IDOtro: { IDType: '02', ID: 'FR123456789' } },
    ]);
    const passport = buildAltaFields({
      invoice: invoice({
        customer: { ...base.customer!, taxId: { type: 'PASSPORT', value: 'X1', country: 'US' } },
      }),
      link: null,
      timestamp: 'T',
      system,
    });
    expect(passport.Destinatarios?.[0]).toEqual({
      NombreRazon: 'L’Horta Fruits SL',
      IDOtro: { CodigoPais: 'US', IDType: '03', ID: 'X1' },
    });
  });

  it('writes rectificativas by substitution (ImporteRectificacion) and by differences', () => {
    const rectified = {
      invoiceId: 'inv0',
      invoiceNumber: 'FAC-2026/0001',
      invoiceDate: '2027-01-10',
      invoiceType: 'F1' as const,
      totals: { baseCents: 10000, vatCents: 2100, recargoCents: 0, irpfCents: 0, totalCents: 12100 },
      breakdown: [],
    };
    const s = buildAltaFields({
      invoice: invoice({
        invoiceType: 'R1',
        invoiceNumber: 'R-2027/0001',
        rectification: { method: 'SUBSTITUTION', reason: 'Precio erróneo', rectified: [rectified] },
      }),
      link: null,
      timestamp: 'T',
      system,
    });
    expect(s.TipoRectificativa).toBe('S');
    expect(s.FacturasRectificadas).toEqual([
      {
        IDEmisorFactura: 'B12345674',
        NumSerieFactura: 'FAC-2026/0001',
        FechaExpedicionFactura: '10-01-2027',
      },
    ]);
    expect(s.ImporteRectificacion).toEqual({ BaseRectificada: '100.00', CuotaRectificada: '21.00' });
    expect(s.DescripcionOperacion).toBe('Rectificación: Precio erróneo; Pan artesano');
    const d = buildAltaFields({
      invoice: invoice({
        invoiceType: 'R4',
        rectification: { method: 'DIFFERENCES', reason: 'Descuento', rectified: [rectified] },
        breakdown: [
          {
            operation: 'S1',
            vatRateBp: 2100,
            recargoRateBp: 0,
            baseCents: -1000,
            vatCents: -210,
            recargoCents: 0,
          },
        ],
      }),
      link: null,
      timestamp: 'T',
      system,
    });
    expect(d.TipoRectificativa).toBe('I');
    expect(d.ImporteRectificacion).toBeUndefined();
    expect(d.CuotaTotal).toBe('-2.10');
    expect(d.ImporteTotal).toBe('-12.10');
  });

  it('marks a subsanación and an alta after a rejection, and applies corrections before hashing', () => {
    const sub = buildAltaFields({
      invoice: invoice(),
      link: null,
      timestamp: 'T',
      system,
      operation: 'SUBSANACION',
    });
    expect(sub.Subsanacion).toBe('S');
    expect(sub.RechazoPrevio).toBeUndefined();
    const first = buildAltaFields({
      invoice: invoice(),
      link: null,
      timestamp: '2027-01-15T10:30:00+01:00',
      system,
    });
    const again = buildAltaFromPrevious({
      previous: first,
      link: { idFactura: idFacturaOf(first), huella: first.Huella },
      timestamp: '2027-01-15T10:31:00+01:00',
      system,
      operation: 'ALTA_TRAS_RECHAZO',
      corrections: { recipient: { name: 'Otra SL', nif: 'A58818501' }, descripcionOperacion: 'Pan' },
    });
    expect(Object.keys(again).slice(0, 6)).toEqual([
      'IDVersion',
      'IDFactura',
      'RefExterna',
      'NombreRazonEmisor',
      'Subsanacion',
      'RechazoPrevio',
    ]);
    expect(again.RechazoPrevio).toBe('X');
    expect(again.Destinatarios).toEqual([{ NombreRazon: 'Otra SL', NIF: 'A58818501' }]);
    expect(again.DescripcionOperacion).toBe('Pan');
    expect(again.Huella).toBe(recomputeHuella(again));
    expect(again.Huella).not.toBe(first.Huella);
    expect(first.Subsanacion).toBeUndefined();
  });

  it('refuses an invoice that is not confirmed', () => {
    expect(() =>
      buildAltaFields({ invoice: invoice({ issuer: null }), link: null, timestamp: 'T', system }),
    ).toThrow(/issuer/);
    expect(() =>
      buildAltaFields({ invoice: invoice({ invoiceNumber: null }), link: null, timestamp: 'T', system }),
    ).toThrow(/number/);
  });
});

describe('chain', () => {
  const chain = () => {
    const a1 = buildAltaFields({
      invoice: invoice(),
      link: null,
      timestamp: '2027-01-15T10:30:00+01:00',
      system,
    });
    const a2 = buildAltaFields({
      invoice: invoice({ invoiceId: 'inv2', invoiceNumber: 'FAC-2026/0002' }),
      link: { idFactura: idFacturaOf(a1), huella: a1.Huella },
      timestamp: '2027-01-15T10:31:00+01:00',
      system,
    });
    const x3 = buildAnulacionFields({
      target: a2.IDFactura,
      link: { idFactura: idFacturaOf(a2), huella: a2.Huella },
      timestamp: '2027-01-15T10:32:00+01:00',
      system,
    });
    const a4 = buildAltaFields({
      invoice: invoice({ invoiceId: 'inv3', invoiceNumber: 'FAC-2026/0003' }),
      link: { idFactura: idFacturaOf(x3), huella: x3.Huella },
      timestamp: '2027-01-15T10:33:00+01:00',
      system,
    });
    return chained([a1, a2, x3, a4]);
  };

  it('verifies an unbroken chain of altas and an anulación', () => {
    const records = chain();
    expect(verifyChain(records)).toEqual({ records: 4, breaks: [] });
    expect(idFacturaOf(records[2]!.fields)).toEqual({
      IDEmisorFactura: 'B12345674',
      NumSerieFactura: 'FAC-2026/0002',
      FechaExpedicionFactura: '15-01-2027',
    });
  });

  it('reports a changed amount as a hash (and content) mismatch of that record only', () => {
    const records = chain().map((r) => structuredClone(r)) as VerifactuRecord[];
    (records[1]!.fields as { CuotaTotal: string }).CuotaTotal = '0.00';
    expect(verifyChain(records).breaks).toEqual([
      { seq: 2, recordId: 'co1-2', reason: 'HASH_MISMATCH' },
      { seq: 2, recordId: 'co1-2', reason: 'CONTENT_MISMATCH' },
    ]);
  });

  it('reports a removed record as a gap and the record after it as a broken link', () => {
    const records = chain();
    const out = verifyChain([records[0]!, records[2]!, records[3]!]);
    expect(out.breaks).toEqual([{ seq: 3, recordId: 'co1-3', reason: 'SEQUENCE_GAP' }]);
    const relinked = structuredClone(records) as VerifactuRecord[];
    (relinked[3]!.fields.Encadenamiento as { RegistroAnterior: { Huella: string } }).RegistroAnterior.Huella =
      records[1]!.huella;
    const b = verifyChain(relinked).breaks.map((x) => x.reason);
    expect(b).toContain('LINK_MISMATCH');
    expect(b).toContain('HASH_MISMATCH');
  });

  it('only the first record may be PrimerRegistro', () => {
    const records = chain();
    const lone = buildAltaFields({
      invoice: invoice(),
      link: null,
      timestamp: '2027-01-15T10:40:00+01:00',
      system,
    });
    expect(verifyChain([...records, asRecord(5, lone, null, records[3]!.contentHash)]).breaks).toEqual([
      { seq: 5, recordId: 'co1-5', reason: 'FIRST_RECORD' },
    ]);
  });

  it('reports a changed field the huella does not cover (desglose, recipient) as a content mismatch', () => {
    const records = structuredClone(chain()) as VerifactuRecord[];
    (records[0]!.fields as RegistroAltaFields).Desglose[0]!.BaseImponibleOimporteNoSujeto = '1.00';
    expect(verifyChain(records).breaks).toEqual([{ seq: 1, recordId: 'co1-1', reason: 'CONTENT_MISMATCH' }]);
  });

  it('any one-character change of any stored text of any record breaks the verification', () => {
    const base = chain();
    const leaves = (v: unknown, path: (string | number)[] = []): (string | number)[][] =>
      typeof v === 'string'
        ? [path]
        : v && typeof v === 'object'
          ? Object.entries(v).flatMap(([k, x]) => leaves(x, [...path, Array.isArray(v) ? Number(k) : k]))
          : [];
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: base.length - 1 }),
        fc.nat(),
        fc.nat(),
        fc.string({ minLength: 1, maxLength: 1 }),
        (i, leafPick, posPick, ch) => {
          const records = structuredClone(base) as VerifactuRecord[];
          const target = records[i]!;
          const paths = leaves(target.fields);
          const path = paths[leafPick % paths.length]!;
          let parent = target.fields as unknown as Record<string | number, unknown>;
          for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
          const last = path.at(-1)!;
          const text = parent[last] as string;
          const pos = text.length === 0 ? 0 : posPick % text.length;
          const mutated = text.slice(0, pos) + ch + text.slice(pos + 1);
          fc.pre(mutated.trim() !== text.trim());
          parent[last] = mutated;
          expect(verifyChain(records).breaks.length).toBeGreaterThan(0);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('QR', () => {
  it('builds the AEAT validation URL, escaping the number (AEAT example)', () => {
    expect(
      verifactuQrUrl({
        nif: '89890001K',
        numSerie: '12345678&G33',
        fecha: '01-01-2024',
        importe: '241.4',
        mode: 'VERIFACTU',
        environment: 'TEST',
      }),
    ).toBe(
      'https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQR?nif=89890001K&numserie=12345678%26G33&fecha=01-01-2024&importe=241.4',
    );
    expect(
      verifactuQrUrl({
        nif: 'A86018322',
        numSerie: 'FACT001',
        fecha: '01-10-2025',
        importe: '100.23',
        mode: 'VERIFACTU',
        environment: 'PRODUCTION',
      }),
    ).toBe(
      'https://www2.agenciatributaria.gob.es/wlpl/TIKE-CONT/ValidarQR?nif=A86018322&numserie=FACT001&fecha=01-10-2025&importe=100.23',
    );
  });

  it('takes the URL of an alta from its stored strings; an anulación has none', () => {
    const [a1, , x3] = chain();
    expect(qrUrlOfRecord({ fields: a1!.fields, mode: 'NO_VERIFACTU', environment: 'TEST' })).toBe(
      'https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQRNoVerifactu?nif=B12345674&numserie=FAC-2026%2F0001&fecha=15-01-2027&importe=121.00',
    );
    expect(qrUrlOfRecord({ fields: x3!.fields, mode: 'VERIFACTU', environment: 'TEST' })).toBeNull();
  });

  function chain() {
    const a1 = buildAltaFields({
      invoice: invoice(),
      link: null,
      timestamp: '2027-01-15T10:30:00+01:00',
      system,
    });
    const x2 = buildAnulacionFields({
      target: a1.IDFactura,
      link: { idFactura: idFacturaOf(a1), huella: a1.Huella },
      timestamp: '2027-01-15T10:32:00+01:00',
      system,
    });
    return chained([a1, x2, x2]);
  }
});
