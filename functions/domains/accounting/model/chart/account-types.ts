/**
 * The type of a PGC account by its code, from the structure of the chart (PGC 2007, cuadro de cuentas
 * and the models of the balance sheet): the longest prefix of the table below wins, so a rule for
 * `438` overrides the one for `43`. It holds for any code, sub-accounts included (43000001 -> ASSET).
 *
 * Contra accounts (amortización acumulada 28, deterioro 29/39/49x/59) keep the type of what they
 * correct (ASSET with a credit balance), as the balance sheet subtracts them from those assets.
 */

import type { AccountType } from '@shared/schemas/accounting';

export const ACCOUNT_TYPE_PREFIXES: readonly (readonly [prefix: string, type: AccountType, why: string])[] = [
  // Group 1, Financiación básica: own funds and grants (10-13) are equity, the rest long-term debt.
  ['1', 'LIABILITY', 'group 1 by default: long-term debts and provisions (14-19)'],
  ['10', 'EQUITY', 'capital (103/104: uncalled capital, subtracted from equity)'],
  ['11', 'EQUITY', 'reserves'],
  ['12', 'EQUITY', 'results pending application and 129 Resultado del ejercicio'],
  ['13', 'EQUITY', 'grants, donations and legacies (and value adjustments in the normal chart)'],
  // Groups 2 and 3: non-current assets and inventories, with their contra accounts (28, 29, 39).
  ['2', 'ASSET', 'non-current assets'],
  ['3', 'ASSET', 'inventories'],
  // Group 4: trade debtors are assets, trade creditors liabilities.
  ['4', 'ASSET', 'group 4 by default'],
  ['40', 'LIABILITY', 'suppliers'],
  ['407', 'ASSET', 'advances to suppliers (anticipos a proveedores)'],
  ['41', 'LIABILITY', 'sundry creditors'],
  ['43', 'ASSET', 'customers'],
  ['438', 'LIABILITY', 'advances from customers (anticipos de clientes) are owed to them'],
  ['44', 'ASSET', 'sundry debtors'],
  ['46', 'ASSET', 'personnel: 460 advances of pay'],
  ['465', 'LIABILITY', 'pay owed to personnel'],
  ['466', 'LIABILITY', 'defined-contribution payments owed (normal chart)'],
  ['47', 'ASSET', 'public administrations: 470-474 owed to the company'],
  ['475', 'LIABILITY', 'Hacienda Pública acreedora (4750 IVA, 4751 retenciones, 4752 IS)'],
  ['476', 'LIABILITY', 'Seguridad Social acreedora'],
  ['477', 'LIABILITY', 'IVA repercutido'],
  ['479', 'LIABILITY', 'deferred tax liabilities'],
  ['48', 'ASSET', 'accruals: 480 gastos anticipados'],
  ['485', 'LIABILITY', 'ingresos anticipados'],
  ['49', 'ASSET', 'impairment of trade receivables (490, 493): contra assets'],
  ['499', 'LIABILITY', 'short-term provisions for trade operations'],
  // Group 5: short-term financial debts are liabilities, investments and cash assets.
  ['5', 'ASSET', 'group 5 by default'],
  ['50', 'LIABILITY', 'short-term bonds and special debts'],
  ['51', 'LIABILITY', 'short-term debts with related parties'],
  ['52', 'LIABILITY', 'short-term borrowings (520 bank loans, 529 provisions)'],
  ['53', 'ASSET', 'short-term investments in related parties'],
  ['54', 'ASSET', 'other short-term investments'],
  // 55 "Otras cuentas no bancarias" may have either sign (550 titular, 551/552 current accounts with
  // partners and related parties, 555 pending items); they are typed ASSET and the balance sheet places
  // them by the sign of their balance. 5595 (derivative liabilities) is a liability by nature.
  ['55', 'ASSET', 'other non-bank accounts (either sign, see above)'],
  ['5595', 'LIABILITY', 'short-term derivative liabilities (cartera de negociación)'],
  ['5598', 'LIABILITY', 'short-term derivative liabilities (cobertura, normal chart)'],
  ['56', 'LIABILITY', 'deposits and guarantees received, income collected in advance'],
  ['565', 'ASSET', 'short-term guarantees given (fianzas constituidas)'],
  ['566', 'ASSET', 'short-term deposits given (depósitos constituidos)'],
  ['567', 'ASSET', 'interest paid in advance'],
  ['57', 'ASSET', 'cash and banks'],
  ['58', 'ASSET', 'non-current assets held for sale (normal chart)'],
  ['585', 'LIABILITY', 'provisions linked to assets held for sale'],
  ['586', 'LIABILITY', 'debts linked to assets held for sale'],
  ['587', 'LIABILITY', 'debts with related parties linked to assets held for sale'],
  ['588', 'LIABILITY', 'trade creditors linked to assets held for sale'],
  ['589', 'LIABILITY', 'other liabilities linked to assets held for sale'],
  ['59', 'ASSET', 'impairment of short-term investments: contra assets'],
  // Groups 6 and 7 make the P&L; 8 and 9 (normal chart) go straight to equity.
  ['6', 'EXPENSE', 'purchases and expenses'],
  ['7', 'REVENUE', 'sales and income'],
  ['8', 'EXPENSE', 'expenses recognised in equity'],
  ['9', 'REVENUE', 'income recognised in equity'],
];

const TYPE_BY_PREFIX = new Map(ACCOUNT_TYPE_PREFIXES.map(([prefix, type]) => [prefix, type]));

/** The type of any account code (group, subgroup, PGC account or sub-account). */
export function accountTypeOf(code: string): AccountType {
  if (!/^\d{1,12}$/.test(code) || code[0] === '0') throw new Error(`Not an account code: ${code}`);
  for (let length = Math.min(code.length, 4); length >= 1; length--) {
    const type = TYPE_BY_PREFIX.get(code.slice(0, length));
    if (type) return type;
  }
  throw new Error(`No account type for ${code}`);
}
