import { describe, expect, it } from 'vitest';
import { cockpitRows } from '../testing/fixtures';
import { computableRows, filterRows, isPendingRow } from './rows';

const names = (rows: { companyName: string }[]) => rows.map((r) => r.companyName);

describe('cockpit filters', () => {
  it('keeps only the rows with anomalies', () => {
    expect(names(filterRows(cockpitRows(), { anomalies: true, pending: false, search: '' }))).toEqual([
      'Panadería La Espiga SL',
    ]);
  });

  it('keeps only what is still to file: owed and not submitted', () => {
    expect(names(filterRows(cockpitRows(), { anomalies: false, pending: true, search: '' }))).toEqual([
      'Panadería La Espiga SL',
      'Javier Romero Gil',
    ]);
    expect(cockpitRows().map(isPendingRow)).toEqual([true, true, false, false]);
  });

  it('finds a company by name without accents or by NIF', () => {
    expect(
      names(filterRows(cockpitRows(), { anomalies: false, pending: false, search: 'panaderia' })),
    ).toEqual(['Panadería La Espiga SL']);
    expect(
      names(filterRows(cockpitRows(), { anomalies: false, pending: false, search: 'a46000001' })),
    ).toEqual(['Transportes Levante Norte SA']);
  });

  it("computes ('Calcular todos') every company that owes the model and has not filed it", () => {
    expect(computableRows(cockpitRows()).map((r) => r.companyId)).toEqual(['c-1', 'c-2']);
  });
});
