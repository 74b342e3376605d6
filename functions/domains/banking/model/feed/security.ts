/**
 * The banking security pages (issue 19; spec part 1 routes banking/security/*): policies,
 * recommendations, metrics, the compliance report and the overview, each computed from the stored
 * records only — the connections (consents), their audit trail (who connected, renewed, revoked,
 * every sync and its outcome) and the company's members. Nothing is estimated or invented: where
 * there is nothing to check yet, a policy says so (compliant: null).
 *
 * The rules checked (shared/schemas/psd2.ts):
 *  - PSD2 RTS (EU) 2018/389 art. 10a: a consent lasts at most 180 days;
 *  - the consent is renewed PSD2_RENEW_BEFORE_DAYS before it ends, so the feed never stops;
 *  - RTS art. 36(5)(b): without the user present, at most four accesses a day → scheduled syncs at
 *    least PSD2_MIN_SYNC_INTERVAL_HOURS apart (a sync the user asks for is access on request, 36(5)(a));
 *  - the provider's tokens are stored sealed (KMS envelope encryption);
 *  - only the owner and the gestor connect, renew or revoke (access policy `banking.manage`).
 */

import {
  type ComplianceConsent,
  type ComplianceReport,
  PSD2_MAX_CONSENT_DAYS,
  PSD2_MIN_SYNC_INTERVAL_HOURS,
  PSD2_RENEW_BEFORE_DAYS,
  type Psd2ConnectionStatus,
  type SecurityConnectionMetric,
  type SecurityMetrics,
  type SecurityOverview,
  type SecurityPolicies,
  type SecurityPolicy,
  type SecurityRecommendation,
  type SecurityRecommendations,
} from '@shared/schemas/psd2';
import type { Psd2AuditItem, Psd2ConnectionItem } from '../../store/psd2';

export interface SecurityFacts {
  now: Date;
  connections: Psd2ConnectionItem[];
  /** The audit trail, any order. */
  audit: Psd2AuditItem[];
  members: { userId: string; email: string; companyRole: string }[];
}

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** The schedule's rate may drift by minutes between runs: tolerated below the 6 h. */
const SCHEDULE_TOLERANCE_MS = 10 * 60_000;
/** An account fed by a linked consent and not synced successfully for this long is flagged. */
export const STALE_SYNC_DAYS = 2;
/** The window of the sync counts (metrics, overview). */
export const METRICS_WINDOW_DAYS = 30;
const MANAGERS = new Set(['OWNER', 'GESTOR']);

const daysLeft = (now: Date, iso: string) => Math.floor((Date.parse(iso) - now.getTime()) / DAY_MS);
const fmtDate = (iso: string) => {
  const [y, m, d] = iso.slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
};
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const live = (c: Psd2ConnectionItem) => c.status !== 'REVOKED' && c.status !== 'REJECTED';

function consentPolicy(f: SecurityFacts): SecurityPolicy {
  const checked = f.connections.filter(live);
  const longest = checked.reduce((m, c) => Math.max(m, c.accessValidForDays), 0);
  const over = checked.filter((c) => c.accessValidForDays > PSD2_MAX_CONSENT_DAYS);
  return {
    id: 'consent-max-days',
    title: `Consentimientos de ${PSD2_MAX_CONSENT_DAYS} días como máximo`,
    description:
      'Cada acceso a las cuentas (PSD2, servicio de información sobre cuentas) se concede por un plazo de 180 días como máximo (RTS (UE) 2018/389, art. 10 bis); después el titular vuelve a autenticarse con su banco.',
    compliant: checked.length === 0 ? null : over.length === 0,
    evidence:
      checked.length === 0
        ? 'No hay consentimientos vigentes que comprobar.'
        : over.length === 0
          ? `${plural(checked.length, 'consentimiento comprobado', 'consentimientos comprobados')}; el más largo, ${longest} días.`
          : `${plural(over.length, 'consentimiento supera', 'consentimientos superan')} los ${PSD2_MAX_CONSENT_DAYS} días.`,
  };
}

/** Linked consents within the renewal window and with no renewal asked. */
const dueForRenewal = (f: SecurityFacts) =>
  f.connections.filter(
    (c) =>
      c.status === 'LINKED' &&
      c.renewal === null &&
      daysLeft(f.now, c.consentExpiresAt) <= PSD2_RENEW_BEFORE_DAYS,
  );

function renewalPolicy(f: SecurityFacts): SecurityPolicy {
  const linked = f.connections.filter((c) => c.status === 'LINKED');
  const due = dueForRenewal(f);
  const expired = f.connections.filter((c) => c.status === 'EXPIRED');
  return {
    id: 'reconsent-before-expiry',
    title: `Renovación ${PSD2_RENEW_BEFORE_DAYS} días antes de caducar`,
    description: `El consentimiento se renueva en los ${PSD2_RENEW_BEFORE_DAYS} días anteriores a su caducidad, para que la sincronización no se interrumpa.`,
    compliant: linked.length + expired.length === 0 ? null : due.length === 0 && expired.length === 0,
    evidence:
      linked.length + expired.length === 0
        ? 'No hay conexiones activas.'
        : due.length === 0 && expired.length === 0
          ? `${plural(linked.length, 'conexión activa', 'conexiones activas')}, ninguna pendiente de renovar.`
          : [
              due.length
                ? `${plural(due.length, 'conexión caduca', 'conexiones caducan')} en ${PSD2_RENEW_BEFORE_DAYS} días o menos sin renovación pedida`
                : '',
              expired.length ? `${plural(expired.length, 'conexión caducada', 'conexiones caducadas')}` : '',
            ]
              .filter(Boolean)
              .join('; ')
              .concat('.'),
  };
}

/** The shortest gap between two scheduled syncs of the same connection (ms), and how many were compared. */
function scheduledGaps(audit: Psd2AuditItem[]) {
  const byConnection = new Map<string, string[]>();
  for (const a of audit) {
    if (a.action !== 'SYNC' || a.actor !== null) continue;
    byConnection.set(a.connectionId, [...(byConnection.get(a.connectionId) ?? []), a.at]);
  }
  let shortest: number | null = null;
  let pairs = 0;
  for (const times of byConnection.values()) {
    const sorted = [...times].sort();
    for (let i = 1; i < sorted.length; i++) {
      const gap = Date.parse(sorted[i]!) - Date.parse(sorted[i - 1]!);
      pairs += 1;
      shortest = shortest === null ? gap : Math.min(shortest, gap);
    }
  }
  return { shortest, pairs };
}

function syncPolicy(f: SecurityFacts): SecurityPolicy {
  const { shortest, pairs } = scheduledGaps(f.audit);
  const limit = PSD2_MIN_SYNC_INTERVAL_HOURS * HOUR_MS - SCHEDULE_TOLERANCE_MS;
  const hours = shortest === null ? null : Math.round((shortest / HOUR_MS) * 10) / 10;
  return {
    id: 'sync-interval',
    title: `Sincronización automática cada ${PSD2_MIN_SYNC_INTERVAL_HOURS} horas como máximo`,
    description:
      'Sin el usuario presente, el acceso a las cuentas se limita a cuatro veces al día (RTS (UE) 2018/389, art. 36.5): la sincronización programada se ejecuta como mucho cada 6 horas. La que pide el usuario no cuenta en ese límite.',
    compliant: shortest === null ? null : shortest >= limit,
    evidence:
      shortest === null
        ? 'Aún no hay dos sincronizaciones programadas de una misma conexión que comparar.'
        : `${plural(pairs, 'intervalo comprobado', 'intervalos comprobados')} entre sincronizaciones programadas; el más corto, ${String(hours).replace('.', ',')} h.`,
  };
}

function tokenPolicy(f: SecurityFacts): SecurityPolicy {
  const sealed = f.connections.filter((c) => c.sealedTokens !== null);
  const kms = sealed.filter((c) => c.sealedTokens?.keyRef.startsWith('kms:')).length;
  const local = sealed.filter((c) => c.sealedTokens?.keyRef.startsWith('local:')).length;
  const bad = sealed.length - kms - local;
  return {
    id: 'tokens-encrypted',
    title: 'Credenciales del proveedor cifradas',
    description:
      'Los tokens de sesión con el proveedor de banca abierta se guardan solo cifrados (AES-256-GCM con una clave de datos propia, envuelta por AWS KMS) y ligados a la empresa y a la conexión; nunca se muestran ni se devuelven por la API.',
    compliant: sealed.length === 0 ? null : bad === 0,
    evidence:
      sealed.length === 0
        ? 'No hay credenciales de sesión guardadas.'
        : `${plural(sealed.length, 'sesión cifrada', 'sesiones cifradas')}: ${kms} con AWS KMS${local ? `, ${local} con la clave local (entorno de desarrollo)` : ''}${bad ? `, ${bad} sin cifrado reconocido` : ''}.`,
  };
}

function rolePolicy(f: SecurityFacts): SecurityPolicy {
  const managing = f.audit.filter(
    (a) => (a.action === 'CONNECT' || a.action === 'RENEW' || a.action === 'REVOKE') && a.actor,
  );
  const roles = new Map(f.members.map((m) => [m.userId, m.companyRole]));
  const outside = managing.filter((a) => {
    const role = roles.get(a.actor!.userId);
    return role !== undefined && !MANAGERS.has(role);
  });
  const managers = f.members.filter((m) => MANAGERS.has(m.companyRole));
  return {
    id: 'access-by-role',
    title: 'Acceso por rol',
    description:
      'Solo el propietario y el gestor de la empresa conectan, renuevan o revocan bancos; el resto del equipo consulta y sincroniza. Los clientes del portal no ven la banca.',
    compliant: managing.length === 0 ? null : outside.length === 0,
    evidence:
      managing.length === 0
        ? `Sin operaciones de gestión registradas. ${plural(managers.length, 'persona puede', 'personas pueden')} gestionar conexiones.`
        : outside.length === 0
          ? `${plural(managing.length, 'operación de gestión', 'operaciones de gestión')}, todas por propietario o gestor. ${plural(managers.length, 'persona puede', 'personas pueden')} gestionar conexiones.`
          : `${plural(outside.length, 'operación la hizo', 'operaciones las hicieron')} personas que hoy no son propietario ni gestor.`,
  };
}

export function securityPolicies(f: SecurityFacts): SecurityPolicies {
  return {
    generatedAt: f.now.toISOString(),
    items: [consentPolicy(f), renewalPolicy(f), syncPolicy(f), tokenPolicy(f), rolePolicy(f)],
  };
}

const SEVERITY_ORDER = { HIGH: 0, MEDIUM: 1, LOW: 2 } as const;

export function securityRecommendations(f: SecurityFacts): SecurityRecommendations {
  const items: SecurityRecommendation[] = [];
  const rec = (
    r: Omit<SecurityRecommendation, 'connectionId' | 'accountId'> & Partial<SecurityRecommendation>,
  ) => items.push({ connectionId: null, accountId: null, ...r });
  for (const c of f.connections) {
    const left = daysLeft(f.now, c.consentExpiresAt);
    if (c.status === 'EXPIRED') {
      rec({
        id: `expired-${c.connectionId}`,
        severity: 'HIGH',
        title: `Renueva el consentimiento de ${c.institutionName}`,
        detail: `Caducó el ${fmtDate(c.consentExpiresAt)}: sus ${plural(c.accounts.length, 'cuenta ya no se sincroniza', 'cuentas ya no se sincronizan')}.`,
        connectionId: c.connectionId,
      });
    } else if (c.status === 'LINKED' && c.renewal === null && left <= PSD2_RENEW_BEFORE_DAYS) {
      rec({
        id: `expiring-${c.connectionId}`,
        severity: 'HIGH',
        title: `El consentimiento de ${c.institutionName} caduca pronto`,
        detail: `Caduca el ${fmtDate(c.consentExpiresAt)} (${left <= 0 ? 'hoy' : `en ${plural(left, 'día', 'días')}`}). Renuévalo para no interrumpir la sincronización.`,
        connectionId: c.connectionId,
      });
    } else if (c.status === 'LINKED' && c.renewal === null && left <= 30) {
      rec({
        id: `expiring-${c.connectionId}`,
        severity: 'LOW',
        title: `El consentimiento de ${c.institutionName} caduca en ${plural(left, 'día', 'días')}`,
        detail: `Caduca el ${fmtDate(c.consentExpiresAt)}. Podrás renovarlo desde la página de conexiones.`,
        connectionId: c.connectionId,
      });
    }
    if (c.status === 'LINKED') {
      const last = c.lastSuccessfulSyncAt ?? c.linkedAt;
      const idle = last ? Math.floor((f.now.getTime() - Date.parse(last)) / DAY_MS) : null;
      if (idle !== null && idle >= STALE_SYNC_DAYS) {
        for (const a of c.accounts) {
          rec({
            id: `stale-${c.connectionId}-${a.accountId}`,
            severity: 'MEDIUM',
            title: `La cuenta ${a.iban} lleva ${plural(idle, 'día', 'días')} sin sincronizar`,
            detail: c.lastSuccessfulSyncAt
              ? `Última sincronización correcta: ${fmtDate(c.lastSuccessfulSyncAt)}.${c.lastSync?.errorMessage ? ` Último error: ${c.lastSync.errorMessage}` : ''}`
              : 'No se ha sincronizado nunca con éxito.',
            connectionId: c.connectionId,
            accountId: a.accountId,
          });
        }
      } else if (c.lastSync?.outcome === 'FAILED') {
        rec({
          id: `failed-${c.connectionId}`,
          severity: 'MEDIUM',
          title: `La última sincronización de ${c.institutionName} falló`,
          detail: c.lastSync.errorMessage ?? 'Error del proveedor.',
          connectionId: c.connectionId,
        });
      }
    }
    if (c.status === 'PENDING' && f.now.getTime() - Date.parse(c.createdAt) > DAY_MS) {
      rec({
        id: `pending-${c.connectionId}`,
        severity: 'LOW',
        title: `La conexión con ${c.institutionName} sigue pendiente`,
        detail: `Se pidió el ${fmtDate(c.createdAt)} y el banco no la ha autorizado. Complétala o revócala.`,
        connectionId: c.connectionId,
      });
    }
  }
  const managers = f.members.filter((m) => MANAGERS.has(m.companyRole));
  if (managers.length > 0) {
    rec({
      id: 'managers',
      severity: managers.length > 3 ? 'MEDIUM' : 'LOW',
      title: `${plural(managers.length, 'persona puede', 'personas pueden')} conectar y revocar bancos`,
      detail: `Propietario y gestor: ${managers.map((m) => m.email).join(', ')}. Revisa que todas lo sigan necesitando.`,
    });
  }
  items.sort((a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity] || a.id.localeCompare(b.id));
  return { generatedAt: f.now.toISOString(), items };
}

const inWindow = (f: SecurityFacts) => {
  const since = f.now.getTime() - METRICS_WINDOW_DAYS * DAY_MS;
  return f.audit.filter((a) => a.action === 'SYNC' && Date.parse(a.at) >= since);
};

const STATUSES: Psd2ConnectionStatus[] = ['PENDING', 'LINKED', 'EXPIRED', 'REJECTED', 'REVOKED'];

export function securityMetrics(f: SecurityFacts): SecurityMetrics {
  const syncs = inWindow(f);
  const byStatus = Object.fromEntries(STATUSES.map((s) => [s, 0])) as Record<Psd2ConnectionStatus, number>;
  for (const c of f.connections) byStatus[c.status] += 1;
  const ageHours = (at: string | null) =>
    at === null ? null : Math.round(((f.now.getTime() - Date.parse(at)) / HOUR_MS) * 10) / 10;
  const connections: SecurityConnectionMetric[] = f.connections.map((c) => {
    const own = syncs.filter((s) => s.connectionId === c.connectionId);
    return {
      connectionId: c.connectionId,
      institutionName: c.institutionName,
      status: c.status,
      daysLeft: daysLeft(f.now, c.consentExpiresAt),
      lastSyncAt: c.lastSync?.at ?? null,
      lastSyncAgeHours: ageHours(c.lastSuccessfulSyncAt),
      syncOk: own.filter((s) => s.outcome === 'OK').length,
      syncFailed: own.filter((s) => s.outcome === 'FAILED').length,
    };
  });
  const linkedAges = connections.filter((c) => c.status === 'LINKED').map((c) => c.lastSyncAgeHours);
  const lastSyncAt = f.connections.reduce<string | null>(
    (m, c) => (c.lastSync && (m === null || c.lastSync.at > m) ? c.lastSync.at : m),
    null,
  );
  return {
    generatedAt: f.now.toISOString(),
    windowDays: METRICS_WINDOW_DAYS,
    connectionsByStatus: byStatus,
    syncs: {
      ok: syncs.filter((s) => s.outcome === 'OK').length,
      failed: syncs.filter((s) => s.outcome === 'FAILED').length,
      movementsCreated: syncs.reduce((s, a) => s + (a.outcome === 'OK' ? (a.created ?? 0) : 0), 0),
    },
    lastSyncAt,
    oldestSyncAgeHours:
      linkedAges.length === 0 || linkedAges.some((a) => a === null)
        ? null
        : Math.max(...(linkedAges as number[])),
    connections,
  };
}

export function complianceConsents(f: SecurityFacts): ComplianceConsent[] {
  return f.connections.map((c) => ({
    connectionId: c.connectionId,
    institutionName: c.institutionName,
    connectedBy: c.connectedBy.email,
    connectedAt: c.createdAt,
    consentExpiresAt: c.consentExpiresAt,
    ageDays: Math.floor((f.now.getTime() - Date.parse(c.linkedAt ?? c.createdAt)) / DAY_MS),
    daysLeft: daysLeft(f.now, c.consentExpiresAt),
    scopes: c.scopes,
    status: c.status,
    accounts: c.accounts.length,
    tokenEncrypted: c.sealedTokens === null || c.sealedTokens.alg === 'AES-256-GCM',
    revokedAt: c.revokedAt,
  }));
}

export function complianceReport(
  f: SecurityFacts,
  auditView: (a: Psd2AuditItem) => ComplianceReport['audit'][number],
): ComplianceReport {
  return {
    generatedAt: f.now.toISOString(),
    consents: complianceConsents(f),
    audit: [...f.audit].sort((a, b) => b.at.localeCompare(a.at)).map(auditView),
  };
}

export function securityOverview(f: SecurityFacts): SecurityOverview {
  const policies = securityPolicies(f).items;
  const recs = securityRecommendations(f).items;
  const syncs = inWindow(f);
  const lastAuditAt = f.audit.reduce<string | null>((m, a) => (m === null || a.at > m ? a.at : m), null);
  return {
    generatedAt: f.now.toISOString(),
    connections: {
      total: f.connections.length,
      linked: f.connections.filter((c) => c.status === 'LINKED').length,
      expiringSoon: f.connections.filter(
        (c) => c.status === 'LINKED' && daysLeft(f.now, c.consentExpiresAt) <= PSD2_RENEW_BEFORE_DAYS,
      ).length,
      expired: f.connections.filter((c) => c.status === 'EXPIRED').length,
    },
    policies: {
      total: policies.length,
      compliant: policies.filter((p) => p.compliant === true).length,
      failing: policies.filter((p) => p.compliant === false).length,
    },
    recommendations: {
      high: recs.filter((r) => r.severity === 'HIGH').length,
      medium: recs.filter((r) => r.severity === 'MEDIUM').length,
      low: recs.filter((r) => r.severity === 'LOW').length,
    },
    syncs: {
      ok: syncs.filter((s) => s.outcome === 'OK').length,
      failed: syncs.filter((s) => s.outcome === 'FAILED').length,
      windowDays: METRICS_WINDOW_DAYS,
    },
    lastAuditAt,
  };
}
