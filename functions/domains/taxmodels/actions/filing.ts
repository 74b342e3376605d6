/**
 * Filing a model through the submission gateway (issue 14 item 4), shared by the single submit, the
 * retry and the cockpit's bulk submit:
 *
 * - who presents: mode CERTIFICATE, the company's own certificate (the VeriFacTu store; 400 TAX_025
 *   when it has none valid for its NIF); mode COLLABORATOR, a gestoría the company authorized for
 *   the model (403 CORE_002 without an ACTIVE authorization covering it, or when the caller does not
 *   belong to that gestoría), presenting with the gestoría's own certificate;
 * - what is filed: the model's AEAT file, stored in the documents bucket before it is sent, and sent
 *   again byte for byte on a retry with the same request id (`<company NIF>-<submissionId>`);
 * - what is recorded: ACCEPTED (CSV, justificante number and PDF; the model and its obligation →
 *   SUBMITTED in one transaction, and any earlier error alert resolved), REJECTED (the AEAT's errors
 *   and an 'error' alert), ERROR (no answer: retryable, and when the request may have reached the
 *   AEAT the next attempt asks it first whether the period is filed — never two filings of one model).
 *
 * A single submit does not require the model to be approved (the person filing is looking at it);
 * the cockpit files only approved ones (actions/cockpit.ts).
 */

import { errorFields, type Logger } from '@functions/platform/logger';
import { AppError, isAppError } from '@shared/api/errors';
import type { SubmissionDetail } from '@shared/schemas/tax-filing';
import type { TaxModelType } from '@shared/schemas/tax-models';
import {
  type AuthorizationRecord,
  authorizationStatus,
  coversModel,
  madridToday,
} from '../model/authorizations';
import { modelFile } from '../model/files';
import { assertCanFile, chooseCertificate } from '../model/filing-certificate';
import {
  errorsSummary,
  isRetryable,
  isStalePending,
  nextSubmissionNumber,
  type SubmissionAttempt,
  type SubmissionRecord,
  submissionBlocker,
  toSubmissionView,
} from '../model/submissions';
import { toModelView } from '../model/views';
import { listAuthorizations } from '../store/authorizations';
import { fileIdentityOf } from '../store/books';
import type { TaxModelsDeps } from '../store/deps';
import { resolveFilingErrorAlert, writeFilingErrorAlert } from '../store/filing-alerts';
import {
  type CertificateSecret,
  configuredCertificateId,
  listCompanyCertificates,
  loadCertificateSecret,
} from '../store/filing-certificates';
import {
  defaultSubmissionGateway,
  type FilingTarget,
  GatewayTechnicalError,
  isGatewayTechnicalError,
  type SubmissionGateway,
  type SubmissionOutcome,
} from '../store/gateway';
import { memberCompanyByNif } from '../store/gestor-companies';
import { getModel, markModelSubmitted, modelAlreadySubmitted, requireModel } from '../store/models';
import {
  createSubmission,
  getSubmission,
  getSubmissionObject,
  listModelSubmissions,
  putSubmissionObject,
  saveSubmission,
  submissionIdOf,
  submissionObjectKey,
} from '../store/submissions';

/** The deps filing needs: the domain's, plus the gateway (tests give a fake; else the environment's). */
export type FilingDeps = TaxModelsDeps & { gateway?: SubmissionGateway };

let environmentGateway: SubmissionGateway | undefined;
export function gatewayOf(deps: FilingDeps): SubmissionGateway {
  if (deps.gateway) return deps.gateway;
  environmentGateway ??= defaultSubmissionGateway();
  return environmentGateway;
}

export type FilingMode = 'CERTIFICATE' | 'COLLABORATOR';

export interface Presenter {
  mode: FilingMode;
  certificate?: CertificateSecret;
  collaborator?: { nif: string; name: string; certificate: CertificateSecret };
  authorization: AuthorizationRecord | null;
}

const notAuthorized = (message: string, reason: string) =>
  new AppError('CORE_002', message, { details: { reason } });

/** The authorization that lets a collaborator file `modelType` today: the one named, or any covering it. */
export function authorizationFor(
  authorizations: AuthorizationRecord[],
  modelType: TaxModelType,
  today: string,
  authorizationId?: string,
): AuthorizationRecord {
  if (authorizationId) {
    const a = authorizations.find((x) => x.authorizationId === authorizationId);
    if (!a) throw new AppError('CORE_006', 'La autorización no existe.', { field: 'authorizationId' });
    const status = authorizationStatus(a, today);
    if (status !== 'ACTIVE')
      throw notAuthorized(
        status === 'REVOKED'
          ? `La autorización de ${a.collaboratorName} está revocada.`
          : `La autorización de ${a.collaboratorName} caducó el ${a.validUntil}: renuévala para presentar como colaborador social.`,
        `AUTHORIZATION_${status}`,
      );
    if (!a.models.includes(modelType))
      throw notAuthorized(
        `La autorización de ${a.collaboratorName} no incluye el modelo ${modelType}.`,
        'MODEL_NOT_AUTHORIZED',
      );
    return a;
  }
  const found = authorizations.find((a) => coversModel(a, modelType, today));
  if (!found)
    throw notAuthorized(
      `La empresa no ha autorizado a ningún colaborador social a presentar el modelo ${modelType} (o la autorización ha caducado o se ha revocado).`,
      'NO_AUTHORIZATION',
    );
  return found;
}

/** Loads the certificate that files for `nif` from `companyId`'s store; TAX_025 when it cannot. */
async function certificateOf(
  deps: FilingDeps,
  companyId: string,
  nif: string,
  label: string,
): Promise<CertificateSecret> {
  const [certificates, configured] = await Promise.all([
    listCompanyCertificates(deps, companyId),
    configuredCertificateId(deps, companyId),
  ]);
  const chosen = assertCanFile(chooseCertificate(certificates, nif, deps.now(), configured), { nif, label });
  const secret = await loadCertificateSecret(deps, companyId, chosen.certificateId);
  if (!secret)
    throw new AppError('TAX_025', `El certificado digital de ${label.toLowerCase()} ya no está disponible.`, {
      details: { reason: 'CERTIFICATE_GONE' },
    });
  return secret;
}

/** Who presents the model, with what certificate, checked now. */
export async function resolvePresenter(
  deps: FilingDeps,
  input: {
    company: { companyId: string; nif: string };
    modelType: TaxModelType;
    mode: FilingMode;
    authorizationId?: string | null;
    userId: string;
  },
): Promise<Presenter> {
  if (input.mode === 'CERTIFICATE') {
    const certificate = await certificateOf(deps, input.company.companyId, input.company.nif, 'La empresa');
    return { mode: 'CERTIFICATE', certificate, authorization: null };
  }
  const today = madridToday(deps.now());
  const authorization = authorizationFor(
    await listAuthorizations(deps, input.company.companyId),
    input.modelType,
    today,
    input.authorizationId ?? undefined,
  );
  const firm = await memberCompanyByNif(deps, input.userId, authorization.collaboratorNif);
  if (!firm)
    throw notAuthorized(
      `Solo los miembros de ${authorization.collaboratorName} (NIF ${authorization.collaboratorNif}) pueden presentar como su colaborador social.`,
      'NOT_A_COLLABORATOR_MEMBER',
    );
  const certificate = await certificateOf(
    deps,
    firm.companyId,
    authorization.collaboratorNif,
    `La gestoría colaboradora (${authorization.collaboratorNif})`,
  );
  return {
    mode: 'COLLABORATOR',
    collaborator: { nif: authorization.collaboratorNif, name: authorization.collaboratorName, certificate },
    authorization,
  };
}

const targetOf = (
  r: Pick<SubmissionRecord, 'companyNif' | 'modelType' | 'year' | 'period'>,
  p: Presenter,
): FilingTarget => ({
  companyNif: r.companyNif,
  modelType: r.modelType,
  year: r.year,
  period: r.period,
  ...(p.certificate ? { certificate: p.certificate } : {}),
  ...(p.collaborator
    ? { collaborator: { nif: p.collaborator.nif, certificate: p.collaborator.certificate } }
    : {}),
});

const unavailable = () =>
  new AppError(
    'CORE_007',
    'La presentación telemática a la AEAT no está disponible en este entorno: exporta el fichero y preséntalo en la Sede electrónica.',
    { details: { reason: 'GATEWAY_NOT_CONFIGURED' } },
  );

export interface SubmitInput {
  companyId: string;
  modelType: TaxModelType;
  modelId: string;
  mode: FilingMode;
  authorizationId?: string | undefined;
  userId: string;
}

/** Files a generated model: creates its submission and makes the first attempt. */
export async function submitModel(
  input: SubmitInput,
  deps: FilingDeps,
  log?: Logger,
): Promise<SubmissionDetail> {
  const gateway = gatewayOf(deps);
  if (!gateway.available) throw unavailable();
  const model = await requireModel(deps, input.companyId, input.modelType, input.modelId);
  if (model.status === 'SUBMITTED') throw modelAlreadySubmitted();
  const errors = model.issues.filter((i) => i.severity === 'ERROR');
  if (errors.length > 0)
    throw new AppError(
      'CORE_004',
      'El modelo tiene errores de validación: corrígelos antes de presentarlo.',
      {
        details: { reason: 'VALIDATION_ERRORS', issues: errors },
      },
    );
  const now = deps.now();
  const existing = await listModelSubmissions(deps, input.companyId, model.modelId);
  const blocker = submissionBlocker(
    existing.filter((r) => r.state !== 'ERROR' || r.ambiguous || r.modelVersion === model.version),
    now,
  );
  if (blocker) throw new AppError('TAX_022', blocker, { details: { reason: 'SUBMISSION_EXISTS' } });

  const identity = await fileIdentityOf(deps, input.companyId, model);
  const presenter = await resolvePresenter(deps, {
    company: { companyId: input.companyId, nif: identity.nif },
    modelType: model.modelType,
    mode: input.mode,
    authorizationId: input.authorizationId ?? null,
    userId: input.userId,
  });
  const file = modelFile(toModelView(model), identity);
  const submissionId = submissionIdOf(model.modelId, nextSubmissionNumber(existing));
  const fileKey = submissionObjectKey(input.companyId, submissionId, file.fileName);
  // The exact bytes are kept before they leave: what was filed can always be shown and sent again.
  await putSubmissionObject(deps, fileKey, file.body, file.contentType);
  const at = now.toISOString();
  const record: SubmissionRecord = {
    submissionId,
    companyId: input.companyId,
    companyName: identity.name,
    companyNif: identity.nif,
    modelId: model.modelId,
    modelType: model.modelType,
    year: model.year,
    period: model.period,
    mode: presenter.mode,
    collaboratorNif: presenter.collaborator?.nif ?? null,
    authorizationId: presenter.authorization?.authorizationId ?? null,
    state: 'PENDING',
    csv: null,
    receiptNumber: null,
    presentedAt: null,
    errors: [],
    attempts: 1,
    submittedBy: input.userId,
    createdAt: at,
    updatedAt: at,
    modelVersion: model.version,
    result: { ...model.result },
    fileName: file.fileName,
    // Unique at the AEAT's side too (another company's model has the same submission id).
    requestId: `${identity.nif}-${submissionId}`,
    fileKey,
    receiptKey: null,
    ambiguous: false,
    lastAttemptAt: at,
    lastAttemptBy: input.userId,
    modelMarked: false,
    history: [{ at, by: input.userId, outcome: 'STARTED', detail: presenter.mode }],
    revision: 1,
  };
  await createSubmission(deps, record);
  const outcome = await callGateway(gateway, record, presenter, file.body, {
    askFirst: false,
    mayFile: true,
    log,
  });
  return toSubmissionView(await recordOutcome(deps, record, outcome, input.userId, log), deps.now());
}

type AttemptResult =
  | { kind: 'answer'; outcome: SubmissionOutcome; recovered: boolean }
  | { kind: 'technical'; error: GatewayTechnicalError };

const MODEL_CHANGED: SubmissionOutcome = {
  outcome: 'REJECTED',
  errors: [
    {
      code: 'MODEL_CHANGED',
      message:
        'La AEAT no tenía este envío y el modelo ha cambiado desde entonces: presenta el modelo de nuevo.',
    },
  ],
};

/**
 * One attempt: ask first when the last one may have reached the AEAT, then file (same request id) —
 * unless `mayFile` is false (the model changed since: the old file is never sent again).
 */
async function callGateway(
  gateway: SubmissionGateway,
  r: SubmissionRecord,
  presenter: Presenter,
  file: Buffer,
  opts: { askFirst: boolean; mayFile: boolean; log?: Logger | undefined },
): Promise<AttemptResult> {
  const target = targetOf(r, presenter);
  try {
    if (opts.askFirst) {
      const status = await gateway.status(target);
      if (status.filed && status.requestId === r.requestId)
        return {
          kind: 'answer',
          recovered: true,
          outcome: {
            outcome: 'ACCEPTED',
            csv: status.csv,
            receiptNumber: status.receiptNumber,
            presentedAt: status.presentedAt,
          },
        };
      if (status.filed)
        return {
          kind: 'answer',
          recovered: false,
          outcome: {
            outcome: 'REJECTED',
            errors: [
              {
                code: 'ALREADY_FILED',
                message: `La AEAT ya tiene una declaración presentada para este ejercicio y periodo (justificante ${status.receiptNumber}, CSV ${status.csv}) que no procede de esta presentación. Si se presentó fuera de Cuadra, márcala como presentada con ese justificante.`,
              },
            ],
          },
        };
    }
    if (!opts.mayFile) return { kind: 'answer', recovered: false, outcome: MODEL_CHANGED };
    return {
      kind: 'answer',
      recovered: false,
      outcome: await gateway.submit({ ...target, requestId: r.requestId, file }),
    };
  } catch (e) {
    if (isGatewayTechnicalError(e)) return { kind: 'technical', error: e };
    // Anything else (a bug, a dependency) leaves the attempt unanswered: the AEAT may have it.
    opts.log?.error('Filing attempt failed unexpectedly', errorFields(e));
    return {
      kind: 'technical',
      error: new GatewayTechnicalError('unreadable', 'Error inesperado al presentar', true),
    };
  }
}

const attemptEntry = (
  by: string,
  outcome: SubmissionAttempt['outcome'],
  detail: string | null,
  at: string,
) => ({
  at,
  by,
  outcome,
  detail,
});

/** Records what the attempt gave (and what follows: the model marked, the alerts). */
async function recordOutcome(
  deps: FilingDeps,
  r: SubmissionRecord,
  attempt: AttemptResult,
  by: string,
  log?: Logger,
): Promise<SubmissionRecord> {
  const at = deps.now().toISOString();
  if (attempt.kind === 'technical') {
    const e = attempt.error;
    const next: SubmissionRecord = {
      ...r,
      state: 'ERROR',
      errors: [
        { code: 'TAX_024', message: `Error de conexión con la AEAT: ${e.message}. Reinténtalo más tarde.` },
      ],
      ambiguous: r.ambiguous || e.requestSent,
      updatedAt: at,
      history: [
        ...r.history,
        attemptEntry(by, 'ERROR', `${e.kind}${e.requestSent ? ' (petición enviada)' : ''}`, at),
      ],
      revision: r.revision + 1,
    };
    await saveSubmission(deps, next, r.revision);
    await writeFilingErrorAlert(
      deps,
      r.companyId,
      r.modelId,
      'La AEAT no respondió a la presentación: reinténtala desde el historial de presentaciones.',
    );
    return next;
  }
  const { outcome } = attempt;
  if (outcome.outcome === 'REJECTED') {
    const next: SubmissionRecord = {
      ...r,
      state: 'REJECTED',
      errors: outcome.errors,
      ambiguous: false,
      updatedAt: at,
      history: [...r.history, attemptEntry(by, 'REJECTED', errorsSummary(outcome.errors), at)],
      revision: r.revision + 1,
    };
    await saveSubmission(deps, next, r.revision);
    await writeFilingErrorAlert(
      deps,
      r.companyId,
      r.modelId,
      `La AEAT rechazó la presentación: ${errorsSummary(outcome.errors)}`,
    );
    return next;
  }
  let receiptKey = r.receiptKey;
  if (outcome.receiptPdf) {
    const key = submissionObjectKey(r.companyId, r.submissionId, `justificante_${outcome.receiptNumber}.pdf`);
    try {
      await putSubmissionObject(deps, key, outcome.receiptPdf, 'application/pdf');
      receiptKey = key;
    } catch (e) {
      // The acceptance (CSV, number) is what matters; the PDF can be had again from the AEAT.
      log?.warn('Justificante PDF not stored', {
        submissionId: r.submissionId,
        error: (e as Error).message,
      });
    }
  }
  const accepted: SubmissionRecord = {
    ...r,
    state: 'ACCEPTED',
    csv: outcome.csv,
    receiptNumber: outcome.receiptNumber,
    presentedAt: outcome.presentedAt,
    errors: [],
    ambiguous: false,
    receiptKey,
    updatedAt: at,
    history: [
      ...r.history,
      attemptEntry(by, attempt.recovered ? 'RECOVERED' : 'ACCEPTED', `CSV ${outcome.csv}`, at),
    ],
    revision: r.revision + 1,
  };
  // The AEAT's acceptance is recorded first: whatever fails after it, it is never lost.
  await saveSubmission(deps, accepted, r.revision);
  return completeAcceptance(deps, accepted, by, log);
}

/** The model (and its obligation) → SUBMITTED with the CSV; idempotent. */
async function completeAcceptance(
  deps: FilingDeps,
  r: SubmissionRecord,
  by: string,
  log?: Logger,
): Promise<SubmissionRecord> {
  let marked = false;
  try {
    await markModelSubmitted(deps, r.companyId, r.modelId, {
      submissionId: r.submissionId,
      reference: r.csv,
      at: r.presentedAt ? new Date(r.presentedAt).toISOString() : r.updatedAt,
      userId: by,
    });
    marked = true;
  } catch (e) {
    const model = await getModel(deps, r.companyId, r.modelId);
    marked = model?.status === 'SUBMITTED' && model.submissionId === r.submissionId;
    if (!marked)
      log?.warn('Accepted submission not yet marked on its model', {
        submissionId: r.submissionId,
        error: isAppError(e) ? e.code : (e as Error).message,
      });
  }
  if (!marked) return r;
  await resolveFilingErrorAlert(deps, r.companyId, r.modelId);
  const next: SubmissionRecord = {
    ...r,
    modelMarked: true,
    updatedAt: deps.now().toISOString(),
    revision: r.revision + 1,
  };
  await saveSubmission(deps, next, r.revision);
  return next;
}

/**
 * Retries a submission that got no answer (ERROR, or an attempt that never finished), with the same
 * file and request id; completes an acceptance whose model was not marked. Anything else is 409.
 */
export async function retrySubmission(
  input: { companyId: string; submissionId: string; userId: string },
  deps: FilingDeps,
  log?: Logger,
): Promise<SubmissionDetail> {
  const r = await getSubmission(deps, input.companyId, input.submissionId);
  if (!r) throw new AppError('CORE_006', 'La presentación no existe.');
  const now = deps.now();
  if (!isRetryable(r, now)) {
    const why =
      r.state === 'ACCEPTED'
        ? 'La presentación ya fue aceptada por la AEAT.'
        : r.state === 'REJECTED'
          ? 'La AEAT rechazó esta presentación: corrige el modelo y preséntalo de nuevo.'
          : 'La presentación está en curso: espera a que termine.';
    throw new AppError('TAX_022', why, { details: { reason: `NOT_RETRYABLE_${r.state}` } });
  }
  if (r.state === 'ACCEPTED')
    return toSubmissionView(await completeAcceptance(deps, r, input.userId, log), deps.now());

  const gateway = gatewayOf(deps);
  if (!gateway.available) throw unavailable();
  const model = await getModel(deps, input.companyId, r.modelId);
  const askFirst = r.ambiguous || isStalePending(r, now);
  const changed = !model || model.version !== r.modelVersion;
  if (changed && !askFirst)
    throw new AppError(
      'TAX_022',
      'El modelo ha cambiado desde este envío, que no llegó a la AEAT: presenta el modelo de nuevo.',
      { details: { reason: 'MODEL_CHANGED' } },
    );
  const presenter = await resolvePresenter(deps, {
    company: { companyId: r.companyId, nif: r.companyNif },
    modelType: r.modelType,
    mode: r.mode,
    authorizationId: r.authorizationId,
    userId: input.userId,
  });
  const at = now.toISOString();
  const claimed: SubmissionRecord = {
    ...r,
    state: 'PENDING',
    attempts: r.attempts + 1,
    lastAttemptAt: at,
    lastAttemptBy: input.userId,
    updatedAt: at,
    history: [
      ...r.history,
      attemptEntry(input.userId, 'STARTED', askFirst ? 'reintento (consulta previa)' : 'reintento', at),
    ],
    revision: r.revision + 1,
  };
  // Conditioned on the revision read: two retries at once send once.
  await saveSubmission(deps, claimed, r.revision);
  const file = await getSubmissionObject(deps, r.fileKey);
  const attempt = await callGateway(gateway, claimed, presenter, file, {
    askFirst,
    mayFile: !changed,
    log,
  });
  return toSubmissionView(await recordOutcome(deps, claimed, attempt, input.userId, log), deps.now());
}
