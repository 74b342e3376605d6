import { defineCompanyAction } from '@functions/platform/http';
import { AppError } from '@shared/api/errors';
import { type ComplianceReport, ComplianceReportQuery } from '@shared/schemas/psd2';
import { complianceReport } from '../model/feed/security';
import type { BankingDeps } from '../store/deps';
import { auditView, securityFactsOf } from '../store/psd2';

/**
 * GET banking/security/compliance-report?from=&to=: every consent (bank, who connected it and when,
 * expiry, age, scopes, token encrypted) and the audit trail of the period (all of it by default).
 */
export const complianceReportRoute = defineCompanyAction({
  query: ComplianceReportQuery,
  run: async ({ scope, query }, deps: BankingDeps): Promise<ComplianceReport> => {
    if (query.from && query.to && query.from > query.to) {
      throw new AppError('CORE_004', 'La fecha inicial no puede ser posterior a la final.', {
        field: 'from',
      });
    }
    const facts = await securityFactsOf(deps, scope.companyId, { from: query.from, to: query.to });
    return complianceReport(facts, auditView);
  },
});
