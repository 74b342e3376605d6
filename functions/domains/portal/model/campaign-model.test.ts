/**
 * Table tests of the campaign rules: suggestions from the tax profile, the escalation calendar, the
 * matching of uploads, progress deltas and the gestor's item changes.
 */

import type { CampaignItem, RequestKind } from '@shared/schemas/campaigns';
import type { TaxProfile, TaxProfileFacts } from '@shared/schemas/tax-profile';
import { defaultTaxProfileFacts } from '@shared/schemas/tax-profile';
import { describe, expect, it } from 'vitest';
import { newItems, periodSpan, progressDelta, quarterOf, setItemStatus, targetProgress } from './campaign';
import { reminderDue } from './campaign-escalation';
import { applyUpload, kindsOf, type UploadFacts } from './campaign-match';
import { suggestItems } from './campaign-suggest';

const profile = (
  over: Partial<TaxProfileFacts>,
  companyType: TaxProfile['companyType'] = 'SL',
): TaxProfile => {
  const facts = { ...defaultTaxProfileFacts({ companyType, siiEnabled: false }), ...over };
  return {
    companyId: 'c',
    companyType,
    taxYear: 2026,
    facts,
    versions: [{ effectiveFrom: '2026-01-01', facts, changedAt: '2026-01-01T00:00:00Z', changedBy: 'u' }],
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
  };
};

const brief = (p: TaxProfile | null, period: string) =>
  suggestItems(p, period).map((s) => `${s.kind}:${s.minDocuments}`);

describe('suggestItems', () => {
  it.each([
    ['no profile, a quarter', null, '2026-Q4', ['PURCHASE_INVOICES:1', 'BANK_STATEMENTS:3']],
    ['no profile, a month', null, '2026-11', ['PURCHASE_INVOICES:1', 'BANK_STATEMENTS:1']],
    ['quarterly 303, a quarter', profile({}), '2026-Q4', ['PURCHASE_INVOICES:1', 'BANK_STATEMENTS:3']],
    ['a year', profile({}), '2026', ['PURCHASE_INVOICES:1', 'BANK_STATEMENTS:12']],
    [
      'employees (111)',
      profile({ hasEmployees: true }),
      '2026-Q4',
      ['PURCHASE_INVOICES:1', 'BANK_STATEMENTS:3', 'PAYROLL_CHANGES:1'],
    ],
    [
      'professionals only: no payroll',
      profile({ paysProfessionals: true }),
      '2026-Q4',
      ['PURCHASE_INVOICES:1', 'BANK_STATEMENTS:3'],
    ],
    [
      'rented premises (115)',
      profile({ rentsPremises: true }),
      '2026-Q4',
      ['PURCHASE_INVOICES:1', 'BANK_STATEMENTS:3', 'RECEIPTS:3'],
    ],
    [
      'employees and rent, a month',
      profile({ hasEmployees: true, rentsPremises: true }),
      '2026-11',
      ['PURCHASE_INVOICES:1', 'BANK_STATEMENTS:1', 'PAYROLL_CHANGES:1', 'RECEIPTS:1'],
    ],
  ] as const)('%s', (_name, p, period, expected) => {
    expect(brief(p, period)).toEqual(expected);
  });

  it('gives the reason of each suggestion', () => {
    const quarterly = suggestItems(profile({}), '2026-Q4');
    expect(quarterly[0]!.reason).toContain('modelo 303 trimestral');
    const sii = suggestItems(profile({ siiEnabled: true }), '2026-11');
    expect(sii[0]!.reason).toContain('modelo 303 mensual');
    expect(sii[0]!.reason).toContain('SII');
    const canarias = suggestItems(profile({ vatZone: 'CANARIAS' }), '2026-Q4');
    expect(canarias[0]!.reason).toBe('Contabilidad del periodo (Impuesto sobre Sociedades)');
    const modulos = suggestItems(
      profile({ vatRegime: 'RECARGO_EQUIVALENCIA', irpfMethod: 'MODULOS' }, 'AUTONOMO'),
      '2026-Q4',
    );
    expect(modulos[0]!.reason).toContain('modelo 131');
    expect(suggestItems(profile({ hasEmployees: true }), '2026-Q4')[2]!.reason).toContain('modelo 111');
    expect(suggestItems(null, '2026-Q4')[0]!.reason).toContain('no tiene perfil fiscal');
  });

  it('reads the profile version in force at the period start', () => {
    const p = profile({});
    p.versions.push({
      effectiveFrom: '2026-10-01',
      facts: { ...p.facts, hasEmployees: true },
      changedAt: '2026-09-01T00:00:00Z',
      changedBy: 'u',
    });
    expect(brief(p, '2026-Q3')).not.toContain('PAYROLL_CHANGES:1');
    expect(brief(p, '2026-Q4')).toContain('PAYROLL_CHANGES:1');
  });
});

describe('reminderDue', () => {
  const base = { dueDate: '2026-12-20', levelReached: 0, lastOverdueDay: null, sentDay: '2026-12-01' };
  it.each([
    ['8 days before: nothing', { today: '2026-12-12' }, null],
    ['7 days before: level 1', { today: '2026-12-13' }, 'L1'],
    ['5 days before, level 1 sent: nothing', { today: '2026-12-15', levelReached: 1 }, null],
    ['4 days before, nothing sent: level 1', { today: '2026-12-16' }, 'L1'],
    ['3 days before: level 2', { today: '2026-12-17', levelReached: 1 }, 'L2'],
    ['1 day before, level 1 skipped: level 2', { today: '2026-12-19' }, 'L2'],
    ['2 days before, level 2 sent: nothing', { today: '2026-12-18', levelReached: 2 }, null],
    ['the due date: level 3', { today: '2026-12-20', levelReached: 2 }, 'L3'],
    ['the due date, level 3 sent: nothing', { today: '2026-12-20', levelReached: 3 }, null],
    ['the day after: overdue', { today: '2026-12-21', levelReached: 3 }, 'L4#2026-12-21'],
    [
      '2 days after the last overdue: nothing',
      { today: '2026-12-23', levelReached: 4, lastOverdueDay: '2026-12-21' },
      null,
    ],
    [
      '3 days after the last overdue: again',
      { today: '2026-12-24', levelReached: 4, lastOverdueDay: '2026-12-21' },
      'L4#2026-12-24',
    ],
    ['sent today: nothing', { today: '2026-12-15', sentDay: '2026-12-15' }, null],
  ] as const)('%s', (_name, over, claim) => {
    const due = reminderDue({ ...base, ...over });
    expect(due ? `L${due.level}${due.overdueDay ? `#${due.overdueDay}` : ''}` : null).toBe(claim);
  });

  it('gives the level and the days left', () => {
    expect(reminderDue({ ...base, today: '2026-12-17' })).toEqual({
      level: 2,
      overdueDay: null,
      daysLeft: 3,
    });
    expect(reminderDue({ ...base, today: '2026-12-22' })).toEqual({
      level: 4,
      overdueDay: '2026-12-22',
      daysLeft: -2,
    });
  });
});

const doc = (over: Partial<UploadFacts> = {}): UploadFacts => ({
  documentId: 'd1',
  documentType: 'OTHER',
  status: 'OCR_PENDING',
  category: null,
  supplierNif: null,
  companyNif: 'B12345678',
  ...over,
});

describe('kindsOf', () => {
  it.each([
    ['a bank statement', doc({ documentType: 'BANK_STATEMENT' }), ['BANK_STATEMENTS']],
    ['an unread invoice: a purchase', doc({ documentType: 'INVOICE' }), ['PURCHASE_INVOICES']],
    [
      'an invoice from a supplier',
      doc({ documentType: 'INVOICE', supplierNif: 'A87654321' }),
      ['PURCHASE_INVOICES'],
    ],
    [
      'an invoice the company issued',
      doc({ documentType: 'INVOICE', supplierNif: 'ES-B12345678' }),
      ['SALES_INVOICES'],
    ],
    ['payroll', doc({ documentType: 'PAYROLL' }), ['PAYROLL_CHANGES']],
    ['a receipt', doc({ documentType: 'RECEIPT' }), ['RECEIPTS']],
    ['other', doc(), ['OTHER']],
    [
      'other in a typed category',
      doc({ category: { name: 'Suministros', documentType: 'INVOICE' } }),
      ['PURCHASE_INVOICES'],
    ],
    [
      'a category named after bank statements',
      doc({ documentType: 'RECEIPT', category: { name: 'Extractos del Banco', documentType: 'RECEIPT' } }),
      ['RECEIPTS', 'BANK_STATEMENTS'],
    ],
    [
      'a category of payroll',
      doc({ category: { name: 'Nóminas', documentType: null } }),
      ['OTHER', 'PAYROLL_CHANGES'],
    ],
    ['refused', doc({ documentType: 'BANK_STATEMENT', status: 'FAILED' }), []],
    ['bytes not arrived', doc({ documentType: 'BANK_STATEMENT', status: 'UPLOADING' }), []],
  ] as const)('%s', (_name, d, kinds) => {
    expect(kindsOf(d)).toEqual(kinds);
  });
});

const items = (...spec: [RequestKind, number][]): CampaignItem[] =>
  newItems(spec.map(([kind, minDocuments]) => ({ kind, minDocuments })));
const NOW = '2026-11-20T10:00:00.000Z';

describe('applyUpload', () => {
  it('ticks one MISSING item, RECEIVED at its minimum; a replay changes nothing', () => {
    let list = items(['BANK_STATEMENTS', 2], ['PURCHASE_INVOICES', 1]);
    const a = applyUpload(list, doc({ documentId: 'a', documentType: 'BANK_STATEMENT' }), NOW);
    expect(a.changed).toBe(true);
    expect(a.items[0]).toMatchObject({ status: 'MISSING', documentIds: ['a'] });
    list = a.items;
    expect(applyUpload(list, doc({ documentId: 'a', documentType: 'BANK_STATEMENT' }), NOW).changed).toBe(
      false,
    );
    const b = applyUpload(list, doc({ documentId: 'b', documentType: 'BANK_STATEMENT' }), NOW);
    expect(b.items[0]).toMatchObject({ status: 'RECEIVED', documentIds: ['a', 'b'], receivedAt: NOW });
    const c = applyUpload(b.items, doc({ documentId: 'c', documentType: 'BANK_STATEMENT' }), NOW);
    expect(c.changed).toBe(false);
  });

  it('ticks at most one item even when two match', () => {
    const r = applyUpload(
      items(['PURCHASE_INVOICES', 1], ['PURCHASE_INVOICES', 1]),
      doc({ documentType: 'INVOICE' }),
      NOW,
    );
    expect(r.items.map((i) => i.status)).toEqual(['RECEIVED', 'MISSING']);
  });

  it('never ticks an item closed by hand', () => {
    const list = items(['BANK_STATEMENTS', 1]);
    const closed = [setItemStatus(list[0]!, { status: 'CLOSED_MANUALLY', note: 'Lo trae en mano' }, 'g')!];
    expect(applyUpload(closed, doc({ documentType: 'BANK_STATEMENT' }), NOW).changed).toBe(false);
  });

  it('moves an invoice when the reader says the company issued it', () => {
    const list = items(['PURCHASE_INVOICES', 1], ['SALES_INVOICES', 1]);
    const first = applyUpload(list, doc({ documentType: 'INVOICE' }), NOW);
    expect(first.items.map((i) => i.status)).toEqual(['RECEIVED', 'MISSING']);
    const read = applyUpload(first.items, doc({ documentType: 'INVOICE', supplierNif: 'B12345678' }), NOW);
    expect(read.changed).toBe(true);
    expect(read.items[0]).toMatchObject({ status: 'MISSING', documentIds: [], receivedAt: null });
    expect(read.items[1]).toMatchObject({ status: 'RECEIVED', documentIds: ['d1'] });
  });

  it('a refused document leaves its item', () => {
    const first = applyUpload(items(['BANK_STATEMENTS', 1]), doc({ documentType: 'BANK_STATEMENT' }), NOW);
    const failed = applyUpload(first.items, doc({ documentType: 'BANK_STATEMENT', status: 'FAILED' }), NOW);
    expect(failed.items[0]).toMatchObject({ status: 'MISSING', documentIds: [] });
  });
});

describe('progress and item changes', () => {
  it('counts done items and the complete company', () => {
    const before = items(['BANK_STATEMENTS', 1], ['PURCHASE_INVOICES', 1]);
    const one = applyUpload(before, doc({ documentType: 'BANK_STATEMENT' }), NOW).items;
    expect(progressDelta(before, one)).toEqual({ itemsDone: 1, completeCompanies: 0 });
    const both = [one[0]!, setItemStatus(one[1]!, { status: 'CLOSED_MANUALLY' }, 'g')!];
    expect(targetProgress(both)).toEqual({ done: 2, total: 2, complete: true });
    expect(progressDelta(one, both)).toEqual({ itemsDone: 1, completeCompanies: 1 });
    const reopened = [both[0]!, setItemStatus(both[1]!, { status: 'MISSING' }, 'g')!];
    expect(progressDelta(both, reopened)).toEqual({ itemsDone: -1, completeCompanies: -1 });
  });

  it('setItemStatus: closes with a note, reopens, and nothing for no change', () => {
    const [item] = items(['CONTRACTS', 1]);
    const closed = setItemStatus(item!, { status: 'CLOSED_MANUALLY', note: 'No aplica' }, 'g1');
    expect(closed).toMatchObject({ status: 'CLOSED_MANUALLY', closedBy: 'g1', note: 'No aplica' });
    expect(setItemStatus(closed!, { status: 'CLOSED_MANUALLY', note: 'No aplica' }, 'g1')).toBeNull();
    expect(setItemStatus(item!, { status: 'MISSING' }, 'g1')).toBeNull();
    expect(setItemStatus(closed!, { status: 'MISSING' }, 'g1')).toMatchObject({
      status: 'MISSING',
      closedBy: null,
    });
  });

  it('items get ids and labels', () => {
    expect(
      newItems([
        { kind: 'RECEIPTS', minDocuments: 3, label: 'Recibos del alquiler' },
        { kind: 'OTHER', minDocuments: 1 },
      ]),
    ).toMatchObject([
      { itemId: 'i1', label: 'Recibos del alquiler', minDocuments: 3, status: 'MISSING', documentIds: [] },
      { itemId: 'i2', label: 'Otros documentos' },
    ]);
  });

  it.each([
    ['2026-Q4', { start: '2026-10-01', months: 3, label: 'el 4.º trimestre de 2026' }],
    ['2026-02', { start: '2026-02-01', months: 1, label: 'febrero de 2026' }],
    ['2026', { start: '2026-01-01', months: 12, label: 'el año 2026' }],
  ])('periodSpan(%s)', (period, span) => {
    expect(periodSpan(period)).toEqual(span);
  });

  it('quarterOf', () => {
    expect(quarterOf('2026-11-27')).toBe('2026-Q4');
    expect(quarterOf('2026-01-01')).toBe('2026-Q1');
  });
});
