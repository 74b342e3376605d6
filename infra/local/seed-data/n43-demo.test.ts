import { parseN43 } from '@functions/domains/banking/model/n43/parse';
import { describe, expect, it } from 'vitest';
import { statementWindow } from '../seed-banking';
import { buildN43, directDebitConcepts, ibanOfAccount, transferConcepts } from './n43-demo';

const account = {
  bankCode: '0182',
  branchCode: '6004',
  accountNumber: '0201518734',
  holderName: 'PANADERÍA LA ESPIGA SL',
  fromDate: '2026-10-01',
  toDate: '2026-11-26',
  openingCents: 1_845_237,
};

describe('the demo Norma 43 writer', () => {
  it('writes a statement the product parser reads back exactly (ISO-8859-1, balances, concepts)', () => {
    const file = buildN43(account, [
      {
        bookingDate: '2026-11-14',
        amountCents: 87_464,
        commonConcept: '04',
        concepts: transferConcepts('COLEGIO SAN JOSE DE CALASANZ', 'PAGO FRA F-2026-0003'),
      },
      {
        bookingDate: '2026-10-05',
        amountCents: -115_000,
        commonConcept: '04',
        concepts: transferConcepts('INMUEBLES RUZAFA PATRIMONIAL SL', 'ALQUILER 10/2026'),
      },
      {
        bookingDate: '2026-11-13',
        amountCents: -49_896,
        commonConcept: '03',
        concepts: directDebitConcepts('COMERCIALIZADORA ELECTRICA', 'ES05000A46128732', 'M-1', 'FRA E-1'),
      },
      {
        bookingDate: '2026-10-30',
        amountCents: -1_500,
        commonConcept: '17',
        concepts: [{ code: '01', text: 'COMISIÓN' }],
      },
      { bookingDate: '2026-10-31', amountCents: 0, commonConcept: '99', concepts: [] },
    ]);

    // Í is one byte (0xCD) in ISO-8859-1, not UTF-8's two.
    expect(file.bytes.includes(0xcd)).toBe(true);
    const parsed = parseN43(new Uint8Array(file.bytes));
    expect(parsed.encoding).toBe('ISO-8859-1');
    expect(parsed.warnings).toEqual([]);
    const [a] = parsed.accounts;
    expect(a!.iban).toBe(file.iban);
    expect(file.iban).toBe(ibanOfAccount(account));
    expect(a!.holderName).toBe('PANADERÍA LA ESPIGA SL');
    expect(a!.openingBalanceCents).toBe(1_845_237);
    expect(file.closingCents).toBe(1_845_237 + 87_464 - 115_000 - 49_896 - 1_500);
    expect(a!.closingBalanceCents).toBe(file.closingCents);
    expect(a!.movements.map((m) => [m.bookingDate, m.amountCents])).toEqual([
      ['2026-10-05', -115_000],
      ['2026-10-30', -1_500],
      ['2026-11-13', -49_896],
      ['2026-11-14', 87_464],
    ]);
    expect(file.movementCount).toBe(4);
    const school = a!.movements.at(-1)!;
    expect(school.counterparty.name).toBe('COLEGIO SAN JOSE DE CALASANZ');
    expect(school.description).toContain('PAGO FRA F-2026-0003');
    const electricity = a!.movements[2]!;
    expect(electricity.counterparty.name).toBe('COMERCIALIZADORA ELECTRICA');
    expect(a!.movements[1]!.description).toBe('COMISIÓN');
  });

  it('refuses a movement outside the statement', () => {
    expect(() =>
      buildN43(account, [{ bookingDate: '2026-11-27', amountCents: 1, commonConcept: '99', concepts: [] }]),
    ).toThrow(/outside/);
  });
});

describe('the demo statement window', () => {
  it('is last month from its first day to yesterday (Madrid)', () => {
    expect(statementWindow(new Date('2026-11-27T10:00:00Z'))).toEqual({
      from: '2026-10-01',
      to: '2026-11-26',
    });
    // January: last month is the previous year's December.
    expect(statementWindow(new Date('2027-01-15T10:00:00Z'))).toEqual({
      from: '2026-12-01',
      to: '2027-01-14',
    });
    // On the 1st the statement is last month whole.
    expect(statementWindow(new Date('2027-03-01T10:00:00Z'))).toEqual({
      from: '2027-02-01',
      to: '2027-02-28',
    });
    // 23:30 UTC on 31 December is already 1 January in Madrid.
    expect(statementWindow(new Date('2026-12-31T23:30:00Z'))).toEqual({
      from: '2026-12-01',
      to: '2026-12-31',
    });
  });
});
