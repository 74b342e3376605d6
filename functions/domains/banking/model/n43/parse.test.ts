import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { type N43Account, N43ParseError, parseN43 } from './parse';

// The six public sample files (../shared/data/n43/SOURCES.md), read from the repository root's sibling.
const DATA = fileURLToPath(new URL('../../../../../../shared/data/n43/', import.meta.url));
const file = (name: string) => new Uint8Array(readFileSync(`${DATA}${name}`));
const bytes = (s: string) => new TextEncoder().encode(s);

const sum = (a: N43Account) => a.movements.reduce((s, m) => s + m.amountCents, 0);

function errorOf(fn: () => unknown): N43ParseError {
  try {
    fn();
  } catch (e) {
    if (e instanceof N43ParseError) return e;
    throw e;
  }
  throw new Error('expected a parse error');
}

describe('parseN43 on the sample files', () => {
  it('oca_l10n_es_test.n43: one account, UTF-8, a zero movement dropped, 88 off by one', () => {
    const f = parseN43(file('oca_l10n_es_test.n43'));
    expect(f.encoding).toBe('UTF-8');
    expect(f.recordCount).toBe(11);
    expect(f.accounts).toHaveLength(1);
    const a = f.accounts[0]!;
    expect(a).toMatchObject({
      bankCode: '0000',
      branchCode: '0000',
      accountNumber: '0000000000',
      iban: 'ES8200000000000000000000',
      startDate: '2016-02-01',
      endDate: '2016-05-31',
      openingBalanceCents: 0,
      closingBalanceCents: 10196,
      currency: 'EUR',
      modalidad: 3,
      holderName: 'TECNATIVA S.L',
      debitCount: 3,
      debitCents: 17833,
      creditCount: 1,
      creditCents: 28029,
      zeroAmountDropped: 1,
      balanceChecked: true,
    });
    expect(
      a.movements.map((m) => [m.bookingDate, m.valueDate, m.amountCents, m.commonConcept, m.ownConcept]),
    ).toEqual([
      ['2016-05-26', '2016-05-25', -3, '06', '100'],
      ['2016-05-12', '2016-05-12', -17830, '04', '016'],
      ['2016-05-16', '2016-05-16', 28029, '04', '016'],
    ]);
    // The file carries U+FFFD, byte-exact, where "Ó" was once.
    expect(a.movements[0]!.conceptLines).toEqual(['COMISI\uFFFDN']);
    expect(a.movements[0]!.reference2).toBe('5540014210128010');
    expect(a.movements[0]!.commonConceptLabel).toBe('Remesas de efectos');
    expect(a.movements[1]!.reference1).toBe('000975737917');
    expect(a.movements[1]!.description).toBe('TRANSFERENC. A TEST PARTNER N43');
    expect(a.openingBalanceCents + sum(a)).toBe(a.closingBalanceCents);
    expect(f.warnings).toEqual([
      { line: 12, reason: 'El registro 88 declara 10 registros y el fichero tiene 11.' },
    ]);
  });

  it('oca_l10n_es_testmulti.n43: two accounts in one file', () => {
    const f = parseN43(file('oca_l10n_es_testmulti.n43'));
    expect(f.encoding).toBe('ISO-8859-1');
    expect(
      f.accounts.map((a) => [a.iban, a.openingBalanceCents, a.closingBalanceCents, a.movements.length]),
    ).toEqual([
      ['ES8200000000000000000000', 0, 10196, 3],
      ['ES2610000000711000000000', 0, 10196, 3],
    ]);
    for (const a of f.accounts) {
      expect(a.startDate).toBe('2016-02-01');
      expect(a.endDate).toBe('2016-05-31');
      expect(a.openingBalanceCents + sum(a)).toBe(a.closingBalanceCents);
    }
    expect(f.accounts[1]!.line).toBe(10);
    expect(f.recordCount).toBe(18);
  });

  it('nantic_trytond_csb43_c43.txt: modalidad 2, CRLF, 22 movements', () => {
    const f = parseN43(file('nantic_trytond_csb43_c43.txt'));
    expect(f.warnings).toEqual([]);
    const a = f.accounts[0]!;
    expect(a).toMatchObject({
      iban: 'ES4820590060248000314221',
      startDate: '2011-11-11',
      endDate: '2011-11-20',
      openingBalanceCents: 5253044,
      closingBalanceCents: 5381811,
      modalidad: 2,
      holderName: null,
      debitCount: 18,
      debitCents: 74849,
      creditCount: 4,
      creditCents: 203616,
    });
    expect(a.movements).toHaveLength(22);
    expect(a.movements[0]).toMatchObject({
      bookingDate: '2011-11-11',
      amountCents: -3560,
      commonConcept: '03',
      originBranch: '0982',
      description: 'REBUT PARKING EXPENSE',
    });
    expect(a.movements.at(-1)).toMatchObject({
      bookingDate: '2011-11-20',
      amountCents: -355,
      commonConcept: '12',
    });
    expect(a.openingBalanceCents + sum(a)).toBe(a.closingBalanceCents);
  });

  it('tryton_account_statement_aeb43_n43.txt: one card payment', () => {
    const f = parseN43(file('tryton_account_statement_aeb43_n43.txt'));
    const a = f.accounts[0]!;
    expect(a).toMatchObject({
      iban: 'ES0600815398730001414452',
      startDate: '2018-03-18',
      endDate: '2018-03-20',
      openingBalanceCents: 300500,
      closingBalanceCents: 299402,
      holderName: 'DUNDER MIFFLIN',
    });
    expect(a.movements).toHaveLength(1);
    expect(a.movements[0]).toMatchObject({
      bookingDate: '2018-03-19',
      valueDate: '2018-03-19',
      amountCents: -1098,
      commonConcept: '12',
      ownConcept: '408',
      documentNumber: null,
      reference1: null,
      reference2: '5540014387733014',
      description: 'COMPRA TARG 5540XXXXXXXX3014 DNH*MICHAEL SCOTT',
    });
    expect(a.openingBalanceCents + sum(a)).toBe(a.closingBalanceCents);
  });

  it('sequra example1: its 33 contradicts its movements and it has no 88 (rejected; read leniently)', () => {
    const e = errorOf(() => parseN43(file('sequra_norma43_parser_example1.n43')));
    expect(e.line).toBe(10);
    expect(e.reason).toBe('El registro 33 declara 4 apuntes al debe y la cuenta tiene 0.');

    const f = parseN43(file('sequra_norma43_parser_example1.n43'), { strict: false });
    const a = f.accounts[0]!;
    expect(a).toMatchObject({
      iban: 'ES1799991111710123456789',
      startDate: '2004-08-04',
      endDate: '2004-09-05',
      openingBalanceCents: 123456,
      holderName: 'MY ACCOUNT',
    });
    expect(a.movements.map((m) => [m.bookingDate, m.amountCents])).toEqual([
      ['2004-04-08', 1234],
      ['2004-04-08', 1234],
      ['2004-04-05', 1234],
      ['2004-08-05', 1234],
    ]);
    expect(a.movements[1]!.conceptLines).toEqual(['A28152585']);
    // What the movements make of the opening balance (the file's own 33 says otherwise):
    expect(a.openingBalanceCents + sum(a)).toBe(128392);
    expect(f.warnings.map((w) => w.line)).toEqual([10, 10, 10, 10, 10, 10]);
    expect(f.warnings.at(-1)!.reason).toBe('Falta el registro 88 de fin de fichero.');
  });

  it('sequra example2: truncated after the movements (rejected; read leniently with names)', () => {
    const e = errorOf(() => parseN43(file('sequra_norma43_parser_example2.n43')));
    expect(e.line).toBe(13);
    expect(e.reason).toBe('Falta el registro 33 de final de la cuenta que empieza en la línea 1.');

    const f = parseN43(file('sequra_norma43_parser_example2.n43'), { strict: false });
    const a = f.accounts[0]!;
    expect(a).toMatchObject({
      iban: 'ES0700814797516995216857',
      startDate: '2025-03-17',
      endDate: '2025-03-17',
      openingBalanceCents: 8614571,
      closingBalanceCents: 8648849,
      holderName: 'SEQURA WORLDWIDE S.A.',
      balanceChecked: false,
    });
    expect(a.movements.map((m) => m.amountCents)).toEqual([9726, 7433, 8225, 8894]);
    expect(a.openingBalanceCents + sum(a)).toBe(a.closingBalanceCents);
    expect(a.movements[0]).toMatchObject({
      bookingDate: '2025-03-17',
      valueDate: '2025-03-14',
      documentNumber: '6871166755',
      reference1: 'TRANSFERENCI',
      reference2: 'A48555633617',
    });
    expect(a.movements[0]!.counterparty.name).toBe('MARIA NARANJO ENFLOR');
    expect(a.movements[2]!.counterparty.name).toBeNull();
    expect(a.movements[2]!.commonConceptLabel).toBe('Varios');
  });
});

// --- synthetic files ---------------------------------------------------------------------------------

const H =
  '11' +
  '2100' +
  '0418' +
  '0200051332' +
  '260301' +
  '260331' +
  '2' +
  '00000000100000' +
  '978' +
  '3' +
  'PANADERIA PEÑA SL'.padEnd(26) +
  '   ';
const mov = (flag: '1' | '2', cents: number, concept = '04', date = '260310') =>
  `22    0000${date}${date}${concept}000${flag}${String(cents).padStart(14, '0')}${'0'.repeat(10)}${'0'.repeat(12)}${' '.repeat(16)}`;
const footer = (nd: number, d: number, nc: number, c: number, close: number) =>
  `33210004180200051332${String(nd).padStart(5, '0')}${String(d).padStart(14, '0')}${String(nc).padStart(5, '0')}${String(c).padStart(14, '0')}2${String(close).padStart(14, '0')}978    `;
const end = (n: number) => `88${'9'.repeat(18)}${String(n).padStart(6, '0')}`;

/** Latin-1 bytes of a string (every char < 256). */
const latin1 = (s: string) => Uint8Array.from([...s].map((c) => c.charCodeAt(0)));

describe('parseN43 on synthetic files', () => {
  const lines = [
    H,
    mov('2', 50000),
    '2301TRANSFERENCIA DE JOSÉ PEÑA              FACTURA F-2026-0012',
    mov('1', 12050, '17'),
    '2301COMISIÓN MANTENIMIENTO',
    footer(1, 12050, 1, 50000, 137950),
    end(6),
  ];

  it('reads ISO-8859-1 bytes as Latin-1', () => {
    const f = parseN43(latin1(`${lines.join('\r\n')}\r\n\x1a`));
    expect(f.encoding).toBe('ISO-8859-1');
    expect(f.accounts[0]!.holderName).toBe('PANADERIA PEÑA SL');
    expect(f.accounts[0]!.movements[1]!.description).toBe('COMISIÓN MANTENIMIENTO');
    expect(f.accounts[0]!.iban).toBe('ES9121000418450200051332');
  });

  it('reads UTF-8 bytes as UTF-8 and gives the same result', () => {
    const a = parseN43(latin1(lines.join('\n')));
    const b = parseN43(bytes(lines.join('\n')));
    expect(b.encoding).toBe('UTF-8');
    expect(b.accounts).toEqual(a.accounts);
  });

  it('accepts right-trimmed lines, LF ends and a concept común outside the table', () => {
    const trimmed = lines.map((l) => l.trimEnd()).join('\n');
    const f = parseN43(latin1(trimmed));
    expect(f.accounts[0]!.movements.map((m) => m.amountCents)).toEqual([50000, -12050]);
    expect(f.accounts[0]!.movements[1]!.commonConceptLabel).toBe(
      'Intereses / comisiones / custodia / gastos e impuestos',
    );
  });

  it('names the line of a malformed record', () => {
    const bad = [...lines];
    bad[3] = `${bad[3]!.slice(0, 27)}X${bad[3]!.slice(28)}`;
    const e = errorOf(() => parseN43(latin1(bad.join('\n'))));
    expect([e.line, e.reason]).toEqual([4, 'El indicador debe/haber (posición 28) debe ser 1 o 2, no «X».']);
    const e2 = errorOf(() => parseN43(latin1(['99 hola', ...lines].join('\n'))));
    expect(e2.line).toBe(1);
    expect(e2.reason).toContain('Tipo de registro desconocido «99»');
  });

  it('refuses a 33 whose totals do not match', () => {
    const bad = [...lines];
    bad[5] = footer(1, 12050, 1, 50001, 137951);
    const e = errorOf(() => parseN43(latin1(bad.join('\n'))));
    expect(e.line).toBe(6);
    expect(e.reason).toBe(
      'El total del haber del registro 33 (500,01) no coincide con la suma de los abonos (500,00).',
    );
  });

  it('refuses a closing balance that is not opening + credits − debits', () => {
    const bad = [...lines];
    bad[5] = footer(1, 12050, 1, 50000, 137900);
    const e = errorOf(() => parseN43(latin1(bad.join('\n'))));
    expect(e.reason).toBe(
      'Saldo inicial (1000,00) + haber − debe = 1379,50, pero el saldo final es 1379,00.',
    );
  });

  it('skips the balance check when the bank leaves the closing balance at zero', () => {
    const zero = [...lines];
    zero[5] = footer(1, 12050, 1, 50000, 0);
    const f = parseN43(latin1(zero.join('\n')));
    expect(f.accounts[0]!.balanceChecked).toBe(false);
    expect(f.warnings).toHaveLength(1);
  });

  it('refuses an 88 count off by more than one', () => {
    const bad = [...lines];
    bad[6] = end(8);
    const e = errorOf(() => parseN43(latin1(bad.join('\n'))));
    expect([e.line, e.reason]).toEqual([7, 'El registro 88 declara 8 registros y el fichero tiene 6.']);
    bad[6] = end(7);
    expect(parseN43(latin1(bad.join('\n'))).warnings).toHaveLength(1);
  });

  it('refuses a file without accounts and records after the 88', () => {
    expect(errorOf(() => parseN43(bytes('\n\n'))).reason).toBe('El fichero está vacío.');
    const e = errorOf(() => parseN43(latin1([...lines, H].join('\n'))));
    expect(e.line).toBe(8);
  });

  it('extracts SEPA direct-debit fields (Annex 4) and the CaixaBank NIF', () => {
    const dd = [
      H,
      mov('1', 7260, '03'),
      `2301CORE${'ENDESA ENERGIA SAU'.padEnd(72)}`,
      `2302${'ES12000B12345674'.padEnd(35)}${'MANDATO-000123'.padEnd(35)}`,
      `2305${'CUADRA-ord1-001'.padEnd(35)}`,
      footer(1, 7260, 0, 0, 92740),
      end(6),
    ];
    const m = parseN43(latin1(dd.join('\n'))).accounts[0]!.movements[0]!;
    expect(m.counterparty).toEqual({
      name: 'ENDESA ENERGIA SAU',
      nif: 'B12345674',
      iban: null,
      endToEndId: 'CUADRA-ord1-001',
      mandateId: 'MANDATO-000123',
    });
  });

  it('finds a counterparty IBAN in the concept lines', () => {
    const tr = [
      H,
      mov('2', 1000),
      '2301TRANSF DE ES9121000418450200051332',
      footer(0, 0, 1, 1000, 101000),
      end(4),
    ];
    const m = parseN43(latin1(tr.join('\n'))).accounts[0]!.movements[0]!;
    expect(m.counterparty.iban).toBe('ES9121000418450200051332');
  });
});

describe('a direct debit described by its creditor (Annex 4: the scheme before the name in 23-01)', () => {
  const line = (s: string) => s.padEnd(80, ' ');
  const file = [
    line('110182000000000000002603012603312000000001000009783PANADERIA'),
    line('22    0000260305260305030001000000000150000000000000000000000000                '),
    line('2301CORECOMERCIALIZADORA DE LUZ SA'),
    line('22    0000260306260306040012000000000020000000000000000000000000                '),
    line('2301CORESA MADERAS SL'),
    line('3301820000000000000000001000000000150000000100000000002000200000000087000978'),
    line('88999999999999999999000007'),
  ].join('\r\n');

  it('reads the name, and leaves alone a transfer whose text starts like a scheme', () => {
    const f = parseN43(new TextEncoder().encode(file));
    expect(f.accounts[0]!.movements.map((m) => m.description)).toEqual([
      'COMERCIALIZADORA DE LUZ SA',
      'CORESA MADERAS SL',
    ]);
  });
});
