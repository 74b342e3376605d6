import { readVerifactuConfig } from '@functions/lib/verifactu-chain';
import { defineAction } from '@functions/platform/http';
import { CompanyPath } from '@shared/schemas/companies';
import type { CertificateView, VerifactuConfig, VerifactuDashboard } from '@shared/schemas/verifactu';
import { certificateView } from '../model/certificates';
import { buildDashboard, countsOf } from '../model/dashboard';
import { assertCanRead } from '../model/permissions';
import { getCertificate } from '../store/certificates';
import type { VerifactuDeps } from '../store/deps';
import { getSender } from '../store/sender';
import { filteredSubmissions, readCompanySiiEnabled, readStats } from '../store/submission-queries';
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
 * month's usage, the configured certificate, the 10 newest errors and the dashboard warnings
 * ('VeriFacTu no configurado' medium, unless the company is in the SII; '{n} envíos VeriFacTu con
 * errores' high). Five GetItems, plus one Query for the recent errors only when there are errors.
 */
export const getDashboardRoute = defineAction({
  params: CompanyPath,
  run: async ({ auth, scope }, deps: VerifactuDeps): Promise<VerifactuDashboard> => {
    assertCanRead(auth, scope);
    const companyId = scope!.companyId;
    const [config, stats, siiEnabled, sender] = await Promise.all([
      readVerifactuConfig(deps.db, deps.table, companyId),
      readStats(deps, companyId),
      readCompanySiiEnabled(deps, companyId),
      getSender(deps, companyId),
    ]);
    const errors = countsOf(stats).ERROR;
    const [usage, certificate, recentErrors] = await Promise.all([
      currentUsage(deps, companyId, stats ?? {}),
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
    });
  },
});
