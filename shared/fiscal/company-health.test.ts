import { describe, expect, it } from 'vitest';
import { type CompanyHealthFacts, companyHealth, pendingTasksOf } from './company-health';

const calm: CompanyHealthFacts = {
  failed: false,
  overdueObligations: 0,
  dueSoonObligations: 0,
  rejectedSii: 0,
  rejectedVerifactu: 0,
  unreviewedDocuments: 0,
  complianceScore: 100,
};

describe('companyHealth', () => {
  it.each<[string, Partial<CompanyHealthFacts>, string, string[]]>([
    ['nothing pending', {}, 'HEALTHY', []],
    ['no tax profile (no score)', { complianceScore: null }, 'HEALTHY', []],
    ['score exactly 90', { complianceScore: 90 }, 'HEALTHY', []],
    ['score 89', { complianceScore: 89 }, 'WARNING', ['Cumplimiento fiscal del 89 % (menos del 90 %)']],
    [
      'score exactly 70',
      { complianceScore: 70 },
      'WARNING',
      ['Cumplimiento fiscal del 70 % (menos del 90 %)'],
    ],
    ['score 69', { complianceScore: 69 }, 'CRITICAL', ['Cumplimiento fiscal del 69 % (menos del 70 %)']],
    ['one due soon', { dueSoonObligations: 1 }, 'WARNING', ['1 obligación vence en 7 días o menos']],
    ['three due soon', { dueSoonObligations: 3 }, 'WARNING', ['3 obligaciones vencen en 7 días o menos']],
    ['documents to review', { unreviewedDocuments: 2 }, 'WARNING', ['2 documentos por revisar']],
    ['one overdue', { overdueObligations: 1 }, 'CRITICAL', ['1 obligación vencida']],
    ['SII rejected', { rejectedSii: 4 }, 'CRITICAL', ['4 registros SII rechazados']],
    ['VeriFacTu errors', { rejectedVerifactu: 1 }, 'CRITICAL', ['1 envío VeriFacTu con errores']],
    [
      'critical and warning reasons together, critical first',
      { unreviewedDocuments: 1, overdueObligations: 2, complianceScore: 80 },
      'CRITICAL',
      ['2 obligaciones vencidas', '1 documento por revisar', 'Cumplimiento fiscal del 80 % (menos del 90 %)'],
    ],
    [
      'failed wins over everything',
      { failed: true, overdueObligations: 3 },
      'CRITICAL',
      ['No se pudieron calcular los datos de la empresa'],
    ],
  ])('%s', (_, over, status, reasons) => {
    expect(companyHealth({ ...calm, ...over })).toEqual({ status, reasons });
  });
});

describe('pendingTasksOf', () => {
  it('adds overdue, due soon, documents to review and rejected records', () => {
    expect(
      pendingTasksOf({
        overdueObligations: 1,
        dueSoonObligations: 2,
        unreviewedDocuments: 3,
        rejectedSii: 4,
        rejectedVerifactu: 5,
      }),
    ).toBe(15);
  });
});
