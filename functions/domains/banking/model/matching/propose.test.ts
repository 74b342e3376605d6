import { describe, expect, it } from 'vitest';
import { euros, proposeMatches, scoreCandidates, suggestDifference } from './propose';
import { learnedPattern } from './recurring';
import { findSubset } from './subset';
import { containsDocumentNumber, nameSimilarity, normalizeNif } from './text';
import type { CandidateItem, MatchingInput, MatchingMovement } from './types';

const IBAN_A = 'ES9121000418450200051332';
const IBAN_B = 'ES7921000813610123456789';

function mv(id: string, amountCents: number, over: Partial<MatchingMovement> = {}): MatchingMovement {
  return {
    movementId: id,
    bookingDate: '2025-03-10',
    amountCents,
    commonConcept: '02',
    description: 'TRANSFERENCIA',
    conceptLines: [],
    counterpartyName: null,
    counterpartyIban: null,
    counterpartyNif: null,
    reference1: null,
    reference2: null,
    endToEndId: null,
    documentNumber: null,
    ...over,
  };
}

function inv(id: string, outstandingCents: number, over: Partial<CandidateItem> = {}): CandidateItem {
  return {
    kind: 'INV',
    direction: 'RECEIVABLE',
    documentId: id,
    number: `F-2025-${id.padStart(4, '0')}`,
    issueDate: '2025-02-01',
    partyId: `cust-${id}`,
    partyName: 'Talleres Pérez SL',
    partyNif: 'B12345674',
    partyIban: null,
    totalCents: outstandingCents,
    outstandingCents,
    dueDates: [{ dueDate: '2025-03-03', amountCents: outstandingCents, paidCents: 0 }],
    nextDueDate: '2025-03-03',
    payments: [],
    status: 'OPEN',
    ...over,
  };
}

const run = (input: Partial<MatchingInput>) =>
  proposeMatches({ movements: [], items: [], rules: [], ...input });

const codes = (p: { reasons: { code: string }[] } | null | undefined) =>
  (p?.reasons ?? []).map((r) => r.code);

describe('text helpers', () => {
  it('finds a document number with its separators dropped, or its digits alone', () => {
    expect(containsDocumentNumber('PAGOFRAF20250012MARZO', 'F-2025/0012')).toBe(true);
    expect(containsDocumentNumber('PAGOFACTURA20250012', 'F-2025-0012')).toBe(true);
    expect(containsDocumentNumber('PAGO120250012GRACIAS', 'F-2025-0012')).toBe(false);
    expect(containsDocumentNumber('CUALQUIERA12', 'F12')).toBe(false);
  });

  it('compares names without legal forms and accents', () => {
    expect(nameSimilarity('TALLERES PEREZ, S.L.', 'Talleres Pérez SL')).toBe(1);
    expect(nameSimilarity('TALLERES PEREZ', 'Distribuciones Gómez SA')).toBe(0);
    expect(normalizeNif('ES-B12345674')).toBe('B12345674');
  });

  it('learns a rule pattern from the counterparty, else the description', () => {
    expect(learnedPattern({ counterpartyName: 'Inmobiliaria Sol, S.L.', description: 'x' })).toEqual({
      pattern: 'INMOBILIARIA SOL S L',
      field: 'COUNTERPARTY',
    });
    expect(learnedPattern({ counterpartyName: null, description: 'RECIBO ALQUILER LOCAL 03' })).toEqual({
      pattern: 'RECIBO ALQUILER LOCAL',
      field: 'DESCRIPTION',
    });
  });
});

describe('findSubset', () => {
  it('finds the first subset in order that sums exactly', () => {
    expect(findSubset([100, 200, 300, 400], 500)).toEqual([0, 3]);
    expect(findSubset([100, 200, 300], 600)).toEqual([0, 1, 2]);
  });
  it('answers null when no subset of at least two sums to the target', () => {
    expect(findSubset([100, 200, 300], 50)).toBeNull();
    expect(findSubset([500, 200], 500)).toBeNull();
  });
  it('gives up past its node budget instead of searching forever', () => {
    const many = Array.from({ length: 40 }, (_, i) => 1_000 + i * 2);
    expect(findSubset(many, 1, { minSize: 2, maxSize: 8, maxNodes: 100 })).toBeNull();
    expect(findSubset(many, 7, { minSize: 2, maxSize: 8, maxNodes: 50 })).toBeNull();
  });
});

describe('single document reasons', () => {
  it('exact amount alone is not enough to propose (two customers may owe the same)', () => {
    const r = run({ movements: [mv('m1', 121_000)], items: [inv('1', 121_000)] });
    const m = r.get('m1')!;
    expect(m.proposal).toBeNull();
    expect(codes(m.alternatives[0])).toEqual(expect.arrayContaining(['EXACT_AMOUNT', 'DATE_WINDOW']));
  });

  it('exact amount and the party IBAN propose it, with the reasons and points', () => {
    const r = run({
      movements: [mv('m1', 121_000, { counterpartyIban: IBAN_A })],
      items: [inv('1', 121_000, { partyIban: IBAN_A })],
    });
    const p = r.get('m1')!.proposal!;
    expect(p.score).toBe(45 + 30 + 8);
    expect(codes(p)).toEqual(['EXACT_AMOUNT', 'IBAN', 'DATE_WINDOW']);
    expect(p.items).toMatchObject([{ kind: 'INV', effect: 'RECORD', documentId: '1', amountCents: 121_000 }]);
    expect(p.differenceCents).toBe(0);
  });

  it('the IBAN of another party gives nothing', () => {
    const r = run({
      movements: [mv('m1', 121_000, { counterpartyIban: IBAN_B })],
      items: [inv('1', 121_000, { partyIban: IBAN_A })],
    });
    expect(codes(r.get('m1')!.alternatives[0])).not.toContain('IBAN');
  });

  it('the NIF in the concepts and the invoice number in the remittance text score', () => {
    const r = run({
      movements: [mv('m1', 121_000, { conceptLines: ['PAGO FRA F-2025-0001', 'NIF B12345674'] })],
      items: [inv('1', 121_000)],
    });
    const p = r.get('m1')!.proposal!;
    expect(codes(p)).toEqual(expect.arrayContaining(['EXACT_AMOUNT', 'DOCUMENT_NUMBER', 'NIF']));
    expect(p.score).toBe(100);
  });

  it('a similar party name scores up to 20', () => {
    const r = run({
      movements: [mv('m1', 121_000, { counterpartyName: 'TALLERES PEREZ S.L.' })],
      items: [inv('1', 121_000)],
    });
    const p = r.get('m1')!.proposal!;
    expect(p.reasons.find((x) => x.code === 'PARTY_NAME')?.points).toBe(20);
  });

  it('the closer the due date, the more points', () => {
    const near = run({
      movements: [mv('m1', 5_000, { bookingDate: '2025-03-03' })],
      items: [inv('1', 5_000)],
    });
    const far = run({
      movements: [mv('m1', 5_000, { bookingDate: '2025-04-10' })],
      items: [inv('1', 5_000)],
    });
    const pts = (r: ReturnType<typeof run>) =>
      r.get('m1')!.alternatives[0]!.reasons.find((x) => x.code === 'DATE_WINDOW')?.points ?? 0;
    expect(pts(near)).toBe(10);
    expect(pts(far)).toBeGreaterThan(0);
    expect(pts(far)).toBeLessThan(pts(near));
  });

  it('one unpaid instalment of the amount scores as an instalment, recording what came', () => {
    const item = inv('1', 300_000, {
      dueDates: [
        { dueDate: '2025-03-01', amountCents: 100_000, paidCents: 0 },
        { dueDate: '2025-04-01', amountCents: 200_000, paidCents: 0 },
      ],
      partyIban: IBAN_A,
    });
    const p = run({ movements: [mv('m1', 100_000, { counterpartyIban: IBAN_A })], items: [item] }).get('m1')!
      .proposal!;
    expect(codes(p)[0]).toBe('INSTALMENT_AMOUNT');
    expect(p.items[0]!.amountCents).toBe(100_000);
  });

  it('within tolerance settles the whole document and suggests the bank fee', () => {
    const p = run({
      movements: [mv('m1', 120_250, { counterpartyIban: IBAN_A })],
      items: [inv('1', 121_000, { partyIban: IBAN_A })],
    }).get('m1')!.proposal!;
    expect(codes(p)).toContain('AMOUNT_TOLERANCE');
    expect(p.items[0]!.amountCents).toBe(121_000);
    expect(p.differenceCents).toBe(-750);
    expect(p.difference).toEqual({ reason: 'BANK_FEE', accountCode: '626' });
  });

  it('a partial payment is proposed only with evidence of who paid', () => {
    const weak = run({ movements: [mv('m1', 50_000)], items: [inv('1', 121_000)] }).get('m1')!;
    expect(weak.proposal).toBeNull();
    expect(weak.alternatives).toEqual([]);
    const strong = run({
      movements: [mv('m1', 50_000, { counterpartyIban: IBAN_A, conceptLines: ['F-2025-0001'] })],
      items: [inv('1', 121_000, { partyIban: IBAN_A })],
    }).get('m1')!.proposal!;
    expect(codes(strong)).toContain('PARTIAL_PAYMENT');
    expect(strong.items[0]!.amountCents).toBe(50_000);
  });

  it('never proposes a document issued after the movement, nor one of the other direction', () => {
    const r = run({
      movements: [mv('m1', 121_000, { counterpartyIban: IBAN_A, bookingDate: '2025-01-15' })],
      items: [inv('1', 121_000, { partyIban: IBAN_A })],
    });
    expect(r.get('m1')!.proposal).toBeNull();
    const out = run({
      movements: [mv('m2', -121_000, { counterpartyIban: IBAN_A })],
      items: [inv('1', 121_000, { partyIban: IBAN_A })],
    });
    expect(out.get('m2')!.proposal).toBeNull();
  });

  it('money out matches received invoices', () => {
    const rec = inv('9', 60_500, { kind: 'REC', direction: 'PAYABLE', partyIban: IBAN_B });
    const p = run({ movements: [mv('m1', -60_500, { counterpartyIban: IBAN_B })], items: [rec] }).get('m1')!
      .proposal!;
    expect(p.items[0]).toMatchObject({ kind: 'REC', documentKind: 'REC', effect: 'RECORD' });
  });

  it('links a payment already recorded by hand instead of recording another', () => {
    const paid = inv('1', 0, {
      status: 'PAID',
      partyIban: IBAN_A,
      payments: [{ paymentId: 'p1', date: '2025-03-08', amountCents: 121_000, method: 'TRANSFER' }],
    });
    const p = run({ movements: [mv('m1', 121_000, { counterpartyIban: IBAN_A })], items: [paid] }).get('m1')!
      .proposal!;
    expect(p.items[0]).toMatchObject({ kind: 'PAYMENT', effect: 'LINK', paymentId: 'p1' });
    expect(codes(p)).toContain('EXISTING_PAYMENT');
    const reconciled = run({
      movements: [mv('m1', 121_000, { counterpartyIban: IBAN_A })],
      items: [paid],
      reconciledPaymentIds: new Set(['p1']),
    });
    expect(reconciled.get('m1')!.proposal).toBeNull();
  });
});

describe('several documents, several movements', () => {
  it('one transfer paying three invoices of the same customer', () => {
    const items = [
      inv('1', 10_000, { partyId: 'c1', partyIban: IBAN_A }),
      inv('2', 25_000, { partyId: 'c1', partyIban: IBAN_A }),
      inv('3', 40_000, { partyId: 'c1', partyIban: IBAN_A }),
      inv('4', 25_000, { partyId: 'c2', partyIban: IBAN_B, partyName: 'Otro SA' }),
    ];
    const p = run({ movements: [mv('m1', 75_000, { counterpartyIban: IBAN_A })], items }).get('m1')!
      .proposal!;
    expect(codes(p)).toContain('SUM_OF_DOCUMENTS');
    expect(p.items.map((i) => i.documentId)).toEqual(['1', '2', '3']);
    expect(p.differenceCents).toBe(0);
  });

  it('no sum is searched for a party the movement does not name', () => {
    const items = [inv('1', 10_000, { partyId: 'c1' }), inv('2', 25_000, { partyId: 'c1' })];
    const r = run({ movements: [mv('m1', 35_000)], items });
    expect(r.get('m1')!.proposal).toBeNull();
    expect(r.get('m1')!.alternatives.some((a) => codes(a).includes('SUM_OF_DOCUMENTS'))).toBe(false);
  });

  it('two partial payments of one invoice become one proposal for both movements', () => {
    const items = [inv('1', 100_000, { partyIban: IBAN_A })];
    const r = run({
      movements: [
        mv('m1', 40_000, { counterpartyIban: IBAN_A, bookingDate: '2025-03-05' }),
        mv('m2', 60_000, { counterpartyIban: IBAN_A, bookingDate: '2025-03-12' }),
      ],
      items,
    });
    const p1 = r.get('m1')!.proposal!;
    const p2 = r.get('m2')!.proposal!;
    expect(p1.movementIds).toEqual(['m1', 'm2']);
    expect(p2.movementIds).toEqual(['m1', 'm2']);
    expect(p1.items).toMatchObject([{ documentId: '1', amountCents: 100_000 }]);
    expect(p1.differenceCents).toBe(0);
  });
});

describe('returns', () => {
  const collected = inv('1', 0, {
    status: 'PAID',
    payments: [{ paymentId: 'p1', date: '2025-03-01', amountCents: 48_400, method: 'DIRECT_DEBIT' }],
  });

  it('our EndToEndId on a return proposes removing the collection, with 100', () => {
    const p = run({
      movements: [mv('m1', -48_400, { commonConcept: '14', endToEndId: 'CUADRA-ORD1-001' })],
      items: [collected],
      endToEnd: new Map([['CUADRA-ORD1-001', { kind: 'INV', documentId: '1' }]]),
    }).get('m1')!.proposal!;
    expect(p.score).toBe(100);
    expect(p.items).toMatchObject([{ kind: 'PAYMENT', effect: 'REMOVE', paymentId: 'p1', documentId: '1' }]);
    expect(codes(p)).toEqual(['END_TO_END_ID', 'RETURN']);
  });

  it('concepto 14 without our id: the collection of the same amount and party', () => {
    const p = run({
      movements: [
        mv('m1', -48_400, { commonConcept: '14', description: 'DEVOLUCION RECIBO TALLERES PEREZ' }),
      ],
      items: [collected],
    }).get('m1')!.proposal!;
    expect(p.items[0]).toMatchObject({ effect: 'REMOVE', paymentId: 'p1' });
    expect(p.score).toBeGreaterThanOrEqual(60);
    expect(p.score).toBeLessThan(100);
  });

  it('an ordinary payment out of the same amount is not a return', () => {
    const r = run({ movements: [mv('m1', -48_400, { commonConcept: '03' })], items: [collected] });
    expect(r.get('m1')!.proposal).toBeNull();
  });
});

describe('recurring movements and rules', () => {
  it('TGSS proposes 642 with 476 as the alternative', () => {
    const r = run({
      movements: [mv('m1', -95_000, { commonConcept: '15', description: 'TGSS COTIZACION 022025' })],
    });
    const m = r.get('m1')!;
    expect(m.proposal!.items).toMatchObject([
      { kind: 'ACCOUNT', accountCode: '642', effect: 'POST', amountCents: 95_000 },
    ]);
    expect(codes(m.proposal)).toEqual(['RECURRING']);
    expect(m.alternatives[0]!.items[0]!.accountCode).toBe('476');
  });

  it('AEAT out is 4750, in is 4700', () => {
    const r = run({
      movements: [
        mv('m1', -300_000, { description: 'AGENCIA TRIBUTARIA MOD 303' }),
        mv('m2', 120_000, { description: 'DEVOLUCION AEAT' }),
      ],
    });
    expect(r.get('m1')!.proposal!.items[0]!.accountCode).toBe('4750');
    expect(r.get('m2')!.proposal!.items[0]!.accountCode).toBe('4700');
  });

  it('a commission with concepto común 17 is 626; interest 669 / 769', () => {
    const r = run({
      movements: [
        mv('m1', -1_200, { commonConcept: '17', description: 'COMISION MANTENIMIENTO' }),
        mv('m2', -800, { commonConcept: '17', description: 'LIQUIDACION INTERESES DEUDORES' }),
        mv('m3', 310, { commonConcept: '17', description: 'INTERESES A SU FAVOR' }),
        mv('m4', -1_200, { commonConcept: '99', description: 'COMISION' }),
      ],
    });
    expect(r.get('m1')!.proposal!.items[0]!.accountCode).toBe('626');
    expect(r.get('m2')!.proposal!.items[0]!.accountCode).toBe('669');
    expect(r.get('m3')!.proposal!.items[0]!.accountCode).toBe('769');
    expect(r.get('m4')!.proposal).toBeNull();
  });

  it('rent only through a learned rule', () => {
    const rent = mv('m1', -90_000, {
      counterpartyName: 'INMOBILIARIA SOL SL',
      description: 'ALQUILER LOCAL',
    });
    expect(run({ movements: [rent] }).get('m1')!.proposal).toBeNull();
    const rule = {
      ruleId: 'r1',
      pattern: 'Inmobiliaria Sol',
      field: 'COUNTERPARTY' as const,
      direction: 'OUT' as const,
      accountCode: '621',
      label: 'Alquiler del local',
    };
    const p = run({ movements: [rent], rules: [rule] }).get('m1')!.proposal!;
    expect(p).toMatchObject({ ruleId: 'r1', score: 82 });
    expect(p.items[0]).toMatchObject({ accountCode: '621', label: '621 · Alquiler del local' });
    const incoming = run({
      movements: [mv('m2', 90_000, { counterpartyName: 'INMOBILIARIA SOL SL' })],
      rules: [rule],
    });
    expect(incoming.get('m2')!.proposal).toBeNull();
  });
});

describe('greedy uniqueness', () => {
  const twoMovementsOneInvoice = (): MatchingInput => ({
    movements: [
      mv('m1', 121_000, { counterpartyIban: IBAN_A }),
      mv('m2', 121_000, { counterpartyIban: IBAN_A, conceptLines: ['F-2025-0001'] }),
    ],
    items: [inv('1', 121_000, { partyIban: IBAN_A })],
    rules: [],
  });

  it('a document goes to the movement with the best score only', () => {
    const r = proposeMatches(twoMovementsOneInvoice());
    expect(r.get('m2')!.proposal!.items[0]!.documentId).toBe('1');
    expect(r.get('m1')!.proposal).toBeNull();
    expect(r.get('m1')!.alternatives).toEqual([]);
  });

  it('the same input in another order gives the same proposals', () => {
    const a = proposeMatches(twoMovementsOneInvoice());
    const input = twoMovementsOneInvoice();
    const b = proposeMatches({ ...input, movements: [...input.movements].reverse() });
    expect([...b.entries()].sort()).toEqual([...a.entries()].sort());
  });

  it('on a tie the earlier movement id wins, deterministically', () => {
    const r = run({
      movements: [
        mv('m2', 121_000, { counterpartyIban: IBAN_A }),
        mv('m1', 121_000, { counterpartyIban: IBAN_A }),
      ],
      items: [inv('1', 121_000, { partyIban: IBAN_A })],
    });
    expect(r.get('m1')!.proposal).not.toBeNull();
    expect(r.get('m2')!.proposal).toBeNull();
  });

  it('documents the session already matched are never proposed', () => {
    const r = run({
      movements: [mv('m1', 121_000, { counterpartyIban: IBAN_A })],
      items: [inv('1', 121_000, { partyIban: IBAN_A })],
      usedDocuments: new Set(['INV#1']),
    });
    expect(r.get('m1')!.proposal).toBeNull();
  });

  it('two customers owing the same amount: the IBAN decides', () => {
    const r = run({
      movements: [mv('m1', 121_000, { counterpartyIban: IBAN_B })],
      items: [
        inv('1', 121_000, { partyIban: IBAN_A }),
        inv('2', 121_000, { partyIban: IBAN_B, partyId: 'c2', partyName: 'Otro SA' }),
      ],
    });
    expect(r.get('m1')!.proposal!.items[0]!.documentId).toBe('2');
  });
});

describe('scoreCandidates and suggestDifference', () => {
  it('ranks every candidate for the manual search, used ones included', () => {
    const s = scoreCandidates(
      {
        movements: [],
        items: [inv('1', 121_000, { partyIban: IBAN_A }), inv('2', 5_000)],
        rules: [],
        usedDocuments: new Set(['INV#1']),
      },
      mv('m1', 121_000, { counterpartyIban: IBAN_A }),
    );
    expect(s.get('INV#1')!.score).toBe(83);
    expect(s.has('INV#2')).toBe(false);
  });

  it('labels amounts as es-ES euros', () => {
    expect(euros(123_456_789)).toBe('1.234.567,89 €');
    expect(euros(-750)).toBe('-7,50 €');
    expect(euros(5)).toBe('0,05 €');
  });

  it('suggests rounding for cents, a fee or another income beyond', () => {
    expect(suggestDifference('IN', -50)).toEqual({ reason: 'ROUNDING', accountCode: '659' });
    expect(suggestDifference('IN', 50)).toEqual({ reason: 'ROUNDING', accountCode: '759' });
    expect(suggestDifference('IN', -750)).toEqual({ reason: 'BANK_FEE', accountCode: '626' });
    expect(suggestDifference('OUT', 750)).toEqual({ reason: 'BANK_FEE', accountCode: '626' });
    expect(suggestDifference('OUT', -750)).toEqual({ reason: 'OTHER', accountCode: '759' });
  });
});
