import { describe, expect, it } from 'vitest';
import { buildPain001, type TransferMessage } from './pain001';
import { buildPain008, type DebitMessage, type DebitTransaction } from './pain008';
import { validatePain } from './validate-xsd';

const AT = new Date('2026-03-10T09:15:30.123Z');

const transfer = (over: Partial<TransferMessage> = {}): TransferMessage => ({
  msgId: 'P20260310ABC',
  createdAt: AT,
  initiatingParty: { name: 'Cuadra Demo, S.L.', id: 'B12345678000' },
  debtor: { name: 'Cuadra Demo, S.L.', iban: 'ES9121000418450200051332', bic: 'CAIXESBBXXX' },
  executionDate: '2026-03-11',
  categoryPurpose: 'SUPP',
  transactions: [
    {
      endToEndId: 'CUADRA-P20260310ABC-001',
      amountCents: 121_050,
      creditorName: 'Suministros Peñalara, S.A.',
      creditorIban: 'ES7921000813610123456789',
      creditorBic: null,
      remittance: 'Factura F-2026/0012',
    },
  ],
  ...over,
});

const debit = (over: Partial<DebitTransaction> = {}, n = 1): DebitTransaction => ({
  endToEndId: `CUADRA-P20260310DD-${String(n).padStart(3, '0')}`,
  amountCents: 5_000 + n,
  collectionDate: '2026-03-12',
  scheme: 'CORE',
  sequenceType: 'RCUR',
  mandateId: `MAND-${n}`,
  mandateSignatureDate: '2025-11-02',
  debtorName: 'José Ñúñez Ibáñez',
  debtorIban: 'ES9121000418450200051332',
  debtorBic: null,
  remittance: `Recibo factura A-${n}`,
  ...over,
});

const debits = (transactions: DebitTransaction[]): DebitMessage => ({
  msgId: 'P20260310DD',
  createdAt: AT,
  initiatingParty: { name: 'Cuadra Demo, S.L.', id: 'ES97000B12345678' },
  creditor: {
    name: 'Cuadra Demo, S.L.',
    iban: 'ES7921000813610123456789',
    bic: 'CAIXESBBXXX',
    creditorId: 'ES97000B12345678',
  },
  transactions,
});

describe('pain.001.001.03 (credit transfers)', () => {
  it('one transfer: valid against the ISO schema, sanitised names, cents', async () => {
    const xml = buildPain001(transfer());
    const result = await validatePain(xml, 'pain.001.001.03');
    expect(result.errors).toEqual([]);
    expect(result.valid).toBe(true);
    expect(xml).toContain('<Nm>Suministros Penalara, S.A.</Nm>');
    expect(xml).toContain('<InstdAmt Ccy="EUR">1210.50</InstdAmt>');
    expect(xml).toContain('<CtrlSum>1210.50</CtrlSum>');
    expect(xml).toContain('<CreDtTm>2026-03-10T09:15:30</CreDtTm>');
    expect(xml).toContain('<Othr>\n');
    expect(xml).toContain('<Cd>SUPP</Cd>');
  });

  it('many transfers with BICs and cents adding up', async () => {
    const txs = [1, 2, 3, 4, 5].map((n) => ({
      endToEndId: `CUADRA-P20260310ABC-00${n}`,
      amountCents: n * 1_001 + 7,
      creditorName: `Proveedor ${n} Cía. Ltda.`,
      creditorIban: n % 2 ? 'DE89370400440532013000' : 'ES7921000813610123456789',
      creditorBic: n % 2 ? 'COBADEFFXXX' : null,
      remittance: `Fra. ${n} <urgent> & "special"`,
    }));
    const xml = buildPain001(
      transfer({ transactions: txs, debtor: { name: 'Ñandú', iban: 'ES9121000418450200051332', bic: null } }),
    );
    const result = await validatePain(xml, 'pain.001.001.03');
    expect(result.errors).toEqual([]);
    expect(xml).toContain('<NbOfTxs>5</NbOfTxs>');
    expect(xml).toContain(
      `<CtrlSum>${(txs.reduce((s, t) => s + t.amountCents, 0) / 100).toFixed(2)}</CtrlSum>`,
    );
    expect(xml).toContain('<Ustrd>Fra. 1 urgent + special</Ustrd>');
    expect(xml).toContain('<Id>NOTPROVIDED</Id>');
  });

  it('the schema catches a broken file (the validation can fail)', async () => {
    const xml = buildPain001(transfer()).replace('<PmtMtd>TRF</PmtMtd>', '<PmtMtd>XXX</PmtMtd>');
    const result = await validatePain(xml, 'pain.001.001.03');
    expect(result.valid).toBe(false);
  });
});

describe('pain.008.001.02 (direct debits)', () => {
  it('one receipt, FRST: valid, with the creditor identifier and the mandate', async () => {
    const { xml, blocks } = buildPain008(debits([debit({ sequenceType: 'FRST' })]));
    const result = await validatePain(xml, 'pain.008.001.02');
    expect(result.errors).toEqual([]);
    expect(blocks).toEqual([
      {
        pmtInfId: 'P20260310DD-1',
        collectionDate: '2026-03-12',
        scheme: 'CORE',
        sequenceType: 'FRST',
        count: 1,
        totalCents: 5_001,
      },
    ]);
    expect(xml).toContain('<SeqTp>FRST</SeqTp>');
    expect(xml).toContain('<Id>ES97000B12345678</Id>');
    expect(xml).toContain('<Prtry>SEPA</Prtry>');
    expect(xml).toContain('<MndtId>MAND-1</MndtId>');
    expect(xml).toContain('<Nm>Jose Nunez Ibanez</Nm>');
    expect(xml).toContain('<InstdAmt Ccy="EUR">50.01</InstdAmt>');
  });

  it('groups blocks by date + sequence type + scheme (FRST/RCUR, CORE/B2B, two dates)', async () => {
    const txs = [
      debit({ sequenceType: 'FRST' }, 1),
      debit({ sequenceType: 'RCUR' }, 2),
      debit({ sequenceType: 'RCUR' }, 3),
      debit({ sequenceType: 'RCUR', scheme: 'B2B' }, 4),
      debit({ sequenceType: 'RCUR', collectionDate: '2026-03-20' }, 5),
      debit({ sequenceType: 'FRST' }, 6),
    ];
    const { xml, blocks } = buildPain008(debits(txs));
    const result = await validatePain(xml, 'pain.008.001.02');
    expect(result.errors).toEqual([]);
    expect(blocks.map((b) => [b.collectionDate, b.scheme, b.sequenceType, b.count, b.totalCents])).toEqual([
      ['2026-03-12', 'B2B', 'RCUR', 1, 5_004],
      ['2026-03-12', 'CORE', 'FRST', 2, 5_001 + 5_006],
      ['2026-03-12', 'CORE', 'RCUR', 2, 5_002 + 5_003],
      ['2026-03-20', 'CORE', 'RCUR', 1, 5_005],
    ]);
    expect(xml.match(/<PmtInf>/g)).toHaveLength(4);
    expect(xml).toContain('<NbOfTxs>6</NbOfTxs>');
    expect(xml).toContain('<CtrlSum>300.21</CtrlSum>');
    expect(xml).toContain('<Cd>B2B</Cd>');
  });

  it('the schema catches a broken file', async () => {
    const { xml } = buildPain008(debits([debit()]));
    const result = await validatePain(
      xml.replace('<SeqTp>RCUR</SeqTp>', '<SeqTp>NEXT</SeqTp>'),
      'pain.008.001.02',
    );
    expect(result.valid).toBe(false);
  });
});
