import { defineCompanyAction } from '@functions/platform/http';
import { verifactuObligationOf } from '@shared/fiscal/verifactu-obligation';
import { CompanyPath } from '@shared/schemas/companies';
import type { CertificateView, VerifactuConfig, VerifactuDashboard } from '@shared/schemas/verifactu';
import { certificateView } from '../model/certificates';
import { buildDashboard, countsOf } from '../model/dashboard';
import { getCertificate } from '../store/certificates';
import { readCompanyFacts } from '../store/company-plan';
import type { VerifactuDeps } from '../store/deps';
import { readSendingState, readVerifactuConfig } from '../store/records';
import { getSender } from '../store/sender';
import { filteredSubmissions, readStats } from '../store/submission-queries';
import { currentUsage } from './get-usage';

/** How many of the newest ERROR submissions the dashboard lists (spec: status ERROR, page 0, size 10). */
export const RECENT_ERRORS = 10;

/** The configured certificate as the API shows it (a projection: never the file nor its password). */
async function configuredCertificate(
  deps: VerifactuDeps,
  config: VerifactuConfig | null,
): Promise<CertificateView | null> {
  if (!config?.certificateId) return null;
  const cert = await getCertificate(deps, config.companyId, config.certificateId);
  return cert ? certificateView(cert, config.certificateId, deps.now()) : null;
}

/**
 * GET /verifactu/dashboard/{companyId}: configured or not, counts by state, last message sent, this
 * month's usage against the plan, the configured certificate, whether records are sent now (and
 * why not), from when VeriFacTu is mandatory for the company, the 10 newest errors and the
 * dashboard warnings ('VeriFacTu no configurado' medium, unless the company is in the SII, with the
 * reason and the date; a configuration that cannot send, high; '{n} envíos VeriFacTu con errores'
 * high). A handful of GetItems, plus one Query for the recent errors only when there are errors.
 */
export const getDashboardRoute = defineCompanyAction({
  params: CompanyPath,
  run: async ({ scope }, deps: VerifactuDeps): Promise<VerifactuDashboard> => {
    const companyId = scope.companyId;
    const [config, stats, facts, sender, sending] = await Promise.all([
      readVerifactuConfig(deps.db, deps.table, companyId),
      readStats(deps, companyId),
      readCompanyFacts(deps, companyId),
      getSender(deps, companyId),
      readSendingState(deps, companyId, deps.now()),
    ]);
    const errors = countsOf(stats).ERROR;
    const siiEnabled = facts?.siiEnabled ?? false;
    const [usage, certificate, recentErrors] = await Promise.all([
      currentUsage(deps, companyId, stats ?? {}, facts),
      configuredCertificate(deps, config),
      errors > 0
        ? filteredSubmissions(deps, companyId, (s) => s.status === 'ERROR', {
            stopAfter: RECENT_ERRORS,
          }).then((r) => r.items)
        : Promise.resolve([]),
    ]);
    return buildDashboard({
      companyId,
      config,
      stats,
      siiEnabled,
      usage,
      certificate,
      recentErrors,
      lastSubmissionAt: sender?.lastSentAt ?? null,
      sending,
      obligation: verifactuObligationOf({ companyType: facts?.companyType ?? 'SL', siiEnabled }, deps.now()),
    });
  },
});
