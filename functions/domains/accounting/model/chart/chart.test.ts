import { readFileSync } from 'node:fs';
import { CHART_TYPES } from '@shared/schemas/accounting';
import { describe, expect, it } from 'vitest';
import { derivePgcAccounts, PGC_DATA_FILE, renderPgcAccountsData } from './generate';
import {
  accountTypeOf,
  chartAccount,
  chartDefinition,
  groupsAndSubgroups,
  isBalanceSheetAccount,
  isPnlAccount,
  pgcAccountOf,
  pgcParentOf,
  subAccountCode,
} from './index';
import { PGC_NORMAL_EXTRA_ACCOUNTS, PGC_PYMES_ACCOUNTS } from './pgc-accounts.data';
import { PGC_PARENT_ACCOUNTS, PGC_SUBGROUPS } from './pgc-structure';

describe('generated PGC data', () => {
  it('is what the generator derives from ../shared/data/pgc today', () => {
    const derived = derivePgcAccounts();
    expect(PGC_PYMES_ACCOUNTS).toEqual(derived.pymes);
    expect(PGC_NORMAL_EXTRA_ACCOUNTS).toEqual(derived.normalExtras);
    expect(readFileSync(PGC_DATA_FILE, 'utf8')).toBe(renderPgcAccountsData(derived));
  });

  it('holds the 629 PYMES accounts and the 109 accounts only the normal chart has', () => {
    expect(PGC_PYMES_ACCOUNTS).toHaveLength(629);
    expect(PGC_NORMAL_EXTRA_ACCOUNTS).toHaveLength(109);
    expect(PGC_NORMAL_EXTRA_ACCOUNTS).toContainEqual(['1111', 'Resto de instrumentos de patrimonio neto']);
  });
});

describe.each(CHART_TYPES)('chartDefinition(%s)', (chartType) => {
  const chart = chartDefinition(chartType);
  const byCode = new Map(chart.map((d) => [d.code, d]));

  it('has no duplicate codes and is sorted by code', () => {
    expect(byCode.size).toBe(chart.length);
    expect(chart.map((d) => d.code)).toEqual([...chart.map((d) => d.code)].sort());
  });

  it('gives every account a parent chain up to its group', () => {
    for (const d of chart) {
      if (d.level === 'GROUP') {
        expect(d.parentCode).toBeNull();
        continue;
      }
      const parent = byCode.get(d.parentCode ?? '');
      expect(parent, d.code).toBeDefined();
      expect(d.code.startsWith(parent!.code), d.code).toBe(true);
      let ancestor = parent!;
      while (ancestor.parentCode) ancestor = byCode.get(ancestor.parentCode)!;
      expect(ancestor.level).toBe('GROUP');
      expect(ancestor.code).toBe(d.code[0]);
      expect(d.categoryCode).toBe(d.code.slice(0, 2));
    }
  });

  it('accepts entries only on PGC accounts without PGC children', () => {
    const parents = new Set(chart.map((d) => d.parentCode));
    for (const d of chart)
      expect(d.acceptsEntries, d.code).toBe(d.level === 'ACCOUNT' && !parents.has(d.code));
  });

  it('has the key accounts of banking-accounting.md B2 with their names and types', () => {
    const expected: [string, string, string][] = [
      ['100', 'Capital social', 'EQUITY'],
      ['129', 'Resultado del ejercicio', 'EQUITY'],
      ['400', 'Proveedores', 'LIABILITY'],
      ['4000', 'Proveedores (euros)', 'LIABILITY'],
      ['407', 'Anticipos a proveedores', 'ASSET'],
      ['410', 'Acreedores por prestaciones de servicios', 'LIABILITY'],
      ['4100', 'Acreedores por prestaciones de servicios (euros)', 'LIABILITY'],
      ['430', 'Clientes', 'ASSET'],
      ['4300', 'Clientes (euros)', 'ASSET'],
      ['438', 'Anticipos de clientes', 'LIABILITY'],
      ['465', 'Remuneraciones pendientes de pago', 'LIABILITY'],
      ['470', 'Hacienda Pública, deudora por diversos conceptos', 'ASSET'],
      ['4700', 'Hacienda Pública, deudora por IVA', 'ASSET'],
      ['472', 'Hacienda Pública. IVA soportado', 'ASSET'],
      ['473', 'Hacienda Pública, retenciones y pagos a cuenta', 'ASSET'],
      ['475', 'Hacienda Pública, acreedora por conceptos fiscales', 'LIABILITY'],
      ['4750', 'Hacienda Pública, acreedora por IVA', 'LIABILITY'],
      ['4751', 'Hacienda Pública, acreedora por retenciones practicadas', 'LIABILITY'],
      ['476', 'Organismos de la Seguridad Social, acreedores', 'LIABILITY'],
      ['477', 'Hacienda Pública. IVA repercutido', 'LIABILITY'],
      ['520', 'Deudas a corto plazo con entidades de crédito', 'LIABILITY'],
      ['570', 'Caja, euros', 'ASSET'],
      ['572', 'Bancos e instituciones de crédito c/c vista, euros', 'ASSET'],
      ['600', 'Compras de mercaderías', 'EXPENSE'],
      ['621', 'Arrendamientos y cánones', 'EXPENSE'],
      ['622', 'Reparaciones y conservación', 'EXPENSE'],
      ['623', 'Servicios de profesionales independientes', 'EXPENSE'],
      ['624', 'Transportes', 'EXPENSE'],
      ['625', 'Primas de seguros', 'EXPENSE'],
      ['626', 'Servicios bancarios y similares', 'EXPENSE'],
      ['627', 'Publicidad, propaganda y relaciones públicas', 'EXPENSE'],
      ['628', 'Suministros', 'EXPENSE'],
      ['629', 'Otros servicios', 'EXPENSE'],
      ['640', 'Sueldos y salarios', 'EXPENSE'],
      ['642', 'Seguridad Social a cargo de la empresa', 'EXPENSE'],
      ['700', 'Ventas de mercaderías', 'REVENUE'],
      ['705', 'Prestaciones de servicios', 'REVENUE'],
      ['759', 'Ingresos por servicios diversos', 'REVENUE'],
    ];
    for (const [code, name, type] of expected) {
      expect({ code, name: byCode.get(code)?.name, type: byCode.get(code)?.type }).toEqual({
        code,
        name,
        type,
      });
    }
    // Where the automatic entries post: leaves of the chart.
    for (const code of [
      '4300',
      '4000',
      '4100',
      '472',
      '473',
      '4751',
      '477',
      '570',
      '572',
      '600',
      '629',
      '219',
    ]) {
      expect(byCode.get(code)?.acceptsEntries, code).toBe(true);
    }
    // The data lists 7000-7002 / 7050-7052 under them, as 4300 under 430.
    for (const code of ['430', '400', '700', '705'])
      expect(byCode.get(code)?.acceptsEntries, code).toBe(false);
  });

  it('names the groups and subgroups', () => {
    expect(byCode.get('4')).toMatchObject({
      name: 'Acreedores y deudores por operaciones comerciales',
      level: 'GROUP',
      categoryCode: '4',
    });
    expect(byCode.get('57')).toMatchObject({ name: 'Tesorería', level: 'SUBGROUP', parentCode: '5' });
    expect(groupsAndSubgroups(chartType).every((d) => d.level !== 'ACCOUNT')).toBe(true);
  });
});

describe('chart sizes', () => {
  it('PYMES: 629 data accounts + 101 parent accounts + 62 subgroups + 7 groups', () => {
    const chart = chartDefinition('PYMES');
    expect(PGC_PARENT_ACCOUNTS.filter((p) => !p.normalOnly)).toHaveLength(101);
    expect(chart.filter((d) => d.level === 'ACCOUNT')).toHaveLength(629 + 101);
    expect(chart.filter((d) => d.level === 'SUBGROUP')).toHaveLength(62);
    expect(chart.filter((d) => d.level === 'GROUP').map((d) => d.code)).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
    ]);
    expect(chart).toHaveLength(799);
  });

  it('NORMAL: + 109 normal accounts + 7 parents, subgroups 58 and 80-99, groups 8 and 9', () => {
    const chart = chartDefinition('NORMAL');
    expect(chart.filter((d) => d.level === 'ACCOUNT')).toHaveLength(629 + 109 + 108);
    expect(chart.filter((d) => d.level === 'SUBGROUP')).toHaveLength(78);
    expect(chart.filter((d) => d.level === 'GROUP')).toHaveLength(9);
    expect(chart.find((d) => d.code === '13')?.name).toBe(
      'Subvenciones, donaciones y ajustes por cambios de valor',
    );
    expect(chartDefinition('PYMES').find((d) => d.code === '13')?.name).toBe(
      'Subvenciones, donaciones y legados',
    );
  });

  it('uses every name written in pgc-structure.ts (none is dead)', () => {
    const normal = new Set(chartDefinition('NORMAL').map((d) => d.code));
    const pymes = new Set(chartDefinition('PYMES').map((d) => d.code));
    for (const r of [...PGC_SUBGROUPS, ...PGC_PARENT_ACCOUNTS]) {
      expect(normal.has(r.code), r.code).toBe(true);
      expect(pymes.has(r.code), r.code).toBe(!r.normalOnly);
    }
  });
});

describe('accountTypeOf', () => {
  it.each([
    ['1', 'LIABILITY'],
    ['100', 'EQUITY'],
    ['129', 'EQUITY'],
    ['1300', 'EQUITY'],
    ['170', 'LIABILITY'],
    ['2810', 'ASSET'],
    ['300', 'ASSET'],
    ['4000', 'LIABILITY'],
    ['40000012', 'LIABILITY'],
    ['407', 'ASSET'],
    ['41000003', 'LIABILITY'],
    ['43000001', 'ASSET'],
    ['438', 'LIABILITY'],
    ['460', 'ASSET'],
    ['465', 'LIABILITY'],
    ['4700', 'ASSET'],
    ['473', 'ASSET'],
    ['4740', 'ASSET'],
    ['4751', 'LIABILITY'],
    ['480', 'ASSET'],
    ['485', 'LIABILITY'],
    ['490', 'ASSET'],
    ['4935', 'ASSET'],
    ['4994', 'LIABILITY'],
    ['5200', 'LIABILITY'],
    ['540', 'ASSET'],
    ['551', 'ASSET'],
    ['5590', 'ASSET'],
    ['5595', 'LIABILITY'],
    ['560', 'LIABILITY'],
    ['565', 'ASSET'],
    ['57200001', 'ASSET'],
    ['580', 'ASSET'],
    ['589', 'LIABILITY'],
    ['62900001', 'EXPENSE'],
    ['7050', 'REVENUE'],
    ['800', 'EXPENSE'],
    ['940', 'REVENUE'],
  ])('%s is %s', (code, type) => {
    expect(accountTypeOf(code)).toBe(type);
  });

  it('refuses what is not an account code', () => {
    expect(() => accountTypeOf('')).toThrow();
    expect(() => accountTypeOf('0123')).toThrow();
    expect(() => accountTypeOf('43a')).toThrow();
  });
});

describe('parents and statements', () => {
  it('finds the PGC account of a sub-account and the parent of an account', () => {
    expect(pgcParentOf('43000001')).toBe('4300');
    expect(pgcParentOf('57200001')).toBe('572');
    expect(pgcParentOf('4300')).toBe('430');
    expect(pgcParentOf('430')).toBe('43');
    expect(pgcParentOf('4')).toBeNull();
    expect(pgcAccountOf('4300')).toBe('4300');
    expect(pgcAccountOf('47510001')).toBe('4751');
    // 1110 exists only in the normal chart.
    expect(pgcParentOf('11100001', 'PYMES')).toBe('11');
    expect(pgcParentOf('11100001', 'NORMAL')).toBe('1110');
    expect(chartAccount('4751', 'PYMES')?.name).toBe(
      'Hacienda Pública, acreedora por retenciones practicadas',
    );
    expect(chartAccount('43000001')).toBeUndefined();
  });

  it('tells balance-sheet from P&L accounts', () => {
    expect(['100', '2810', '300', '43000001', '572'].map(isBalanceSheetAccount)).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(['600', '705', '800', '940'].map(isBalanceSheetAccount)).toEqual([false, false, false, false]);
    expect(['600', '62900001', '705', '800', '940', '129'].map(isPnlAccount)).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
    ]);
  });
});

describe('subAccountCode', () => {
  it('pads the sequence so the code has 8 digits', () => {
    expect(subAccountCode('4300', 1)).toBe('43000001');
    expect(subAccountCode('572', 1)).toBe('57200001');
    expect(subAccountCode('4300', 9999)).toBe('43009999');
    expect(subAccountCode('572', 12345)).toBe('57212345');
  });

  it('throws when the sequence overflows or is not a positive integer', () => {
    expect(() => subAccountCode('4300', 10_000)).toThrow();
    expect(() => subAccountCode('572', 100_000)).toThrow();
    expect(() => subAccountCode('4300', 0)).toThrow();
    expect(() => subAccountCode('4300', 1.5)).toThrow();
    expect(() => subAccountCode('43000001', 1)).toThrow();
  });
});
