import { lineKey, recordKey, type SiiConsultaRecord, type SiiService } from '@functions/lib/sii-xml';
import { defineCompanyAction } from '@functions/platform/http';
import type { Logger } from '@functions/platform/logger';
import { AppError } from '@shared/api/errors';
import { madridDate } from '@shared/fiscal/sii-deadlines';
import { type SiiBook, type SiiEntry, SiiQueryBody } from '@shared/schemas/sii';
import { type CompanyConsultaQuery, consultaForCompany } from '../store/consulta';
import { entriesOfPeriod } from '../store/queries';
import { saveReconciliation } from '../store/user-moves';
import { invalidPeriod, requireSiiCompany, SiiBookPath, withLog } from './sii-scope';
import type { SiiAeatDeps } from './test-connection';

/** One record whose AEAT copy is not what we hold. */
export interface SiiDifference {
  entryId: string;
  documentId: string;
  documentNumber: string;
  status: SiiEntry['status'];
  /** We believe the AEAT holds it (accepted, with or without errors). */
  registered: boolean;
  /** EstadoRegistro at the AEAT ('Correcta', 'AceptadaConErrores', 'Anulada'), null when it has none. */
  aeatState: string | null;
  reason: string;
}

/** A record the AEAT holds that no entry of ours names (sent by other software, or by hand). */
export interface SiiUnknownRecord {
  invoiceNumber: string;
  issueDate: string;
  issuerNif: string | null;
  aeatState: string;
}

export interface SiiBookComparison {
  /** Entries compared (an entry in flight is left to the sender). */
  compared: number;
  matches: number;
  /** The AEAT holds something we do not think it holds (or holds it annulled). */
  mismatches: SiiDifference[];
  /** We hold the record as registered and the AEAT does not have it. */
  missing: SiiDifference[];
  unknown: SiiUnknownRecord[];
  /** What to store on each compared entry. */
  results: { entry: SiiEntry; aeatState: string | null; matches: boolean }[];
}

const difference = (e: SiiEntry, aeatState: string | null, reason: string): SiiDifference => ({
  entryId: e.entryId,
  documentId: e.documentId,
  documentNumber: e.documentNumber,
  status: e.status,
  registered: e.registered,
  aeatState,
  reason,
});

/** The key of an entry's record at the AEAT, or null when it has none we can compute. */
function keyOf(e: SiiEntry): string | null {
  try {
    return e.record.book === 'RECC' ? null : recordKey(e.record);
  } catch {
    return null;
  }
}

/** The AEAT copy of a RECC entry: every cobro/pago of its record among the rows (date and amount). */
function cashState(e: SiiEntry, rows: SiiConsultaRecord[]): string | null {
  if (e.record.book !== 'RECC' || e.record.payments.length === 0) return null;
  const pool = rows.filter((r) => r.payment !== null && r.key === keyOfCash(e));
  for (const p of e.record.payments) {
    const i = pool.findIndex((r) => r.payment!.date === p.date && r.payment!.amountCents === p.amountCents);
    if (i === -1) return null;
    pool.splice(i, 1);
  }
  return 'Correcta';
}

/** The invoice key of a RECC entry's cobros/pagos (ConsultaCobros / ConsultaPagos rows carry it). */
const keyOfCash = (e: SiiEntry): string | null =>
  e.record.book === 'RECC' ? lineKey(e.record.invoiceId) : null;

/**
 * Compares our entries of a book and period with what a ConsultaLR found (pure). Expected at the
 * AEAT: exactly the entries it `registered` (accepted); an entry in flight (SENT) is the sender's to
 * resolve and is not compared. When the query was cut (`complete` false) an entry not found may be
 * on a page not read: only the entries found are compared then.
 */
export function compareBook(
  entries: SiiEntry[],
  rows: SiiConsultaRecord[],
  complete = true,
): SiiBookComparison {
  const byKey = new Map<string, SiiConsultaRecord[]>();
  for (const r of rows) byKey.set(r.key, [...(byKey.get(r.key) ?? []), r]);
  const used = new Set<string>();
  const out: SiiBookComparison = {
    compared: 0,
    matches: 0,
    mismatches: [],
    missing: [],
    unknown: [],
    results: [],
  };
  for (const e of entries) {
    const k = e.record.book === 'RECC' ? keyOfCash(e) : keyOf(e);
    if (k) used.add(k);
    if (e.status === 'SENT') continue;
    let aeatState: string | null;
    if (e.record.book === 'RECC') {
      aeatState = cashState(e, rows);
    } else {
      if (k === null) continue;
      const found = byKey.get(k) ?? [];
      aeatState = (found.find((r) => r.state !== 'Anulada') ?? found[0])?.state ?? null;
    }
    if (!complete && aeatState === null) continue;
    const live = aeatState !== null && aeatState !== 'Anulada';
    out.compared++;
    const matches = live === e.registered;
    out.results.push({ entry: e, aeatState, matches });
    if (matches) out.matches++;
    else if (e.registered)
      out.missing.push(
        difference(
          e,
          aeatState,
          aeatState === 'Anulada'
            ? 'La AEAT tiene el registro anulado.'
            : 'La AEAT no tiene el registro aunque consta como aceptado.',
        ),
      );
    else
      out.mismatches.push(
        difference(
          e,
          aeatState,
          e.withdrawn
            ? 'La AEAT aún tiene vigente el registro de un documento anulado.'
            : 'La AEAT tiene el registro aunque no consta como aceptado.',
        ),
      );
  }
  const unknown = new Map<string, SiiConsultaRecord>();
  for (const r of rows) if (!used.has(r.key) && r.payment === null) unknown.set(r.key, r);
  out.unknown = [...unknown.values()].map((r) => ({
    invoiceNumber: r.invoiceId.number,
    issueDate: r.invoiceId.issueDate,
    issuerNif: r.invoiceId.issuerNif,
    aeatState: r.state,
  }));
  return out;
}

/** The failure of a company query as the API answers it. */
function consultaError(problem: string, message: string): AppError {
  if (problem === 'AEAT') return new AppError('TAX_024', message, { details: { reason: 'AEAT' } });
  if (problem === 'NOT_IN_SII')
    return new AppError('CORE_004', message, { details: { reason: 'SII_NOT_ENABLED' } });
  return new AppError('TAX_025', message, { field: 'certificateId', details: { reason: problem } });
}

export interface SiiBookQueryResult extends Omit<SiiBookComparison, 'results'> {
  book: SiiBook;
  year: number;
  period: string;
  checkedAt: string;
  /** Records the AEAT answered with. */
  aeatRecords: number;
  /** False when the AEAT had more pages than were read (tens of thousands of records). */
  complete: boolean;
  /** The ConsultaLR exchanges made (listed among the submissions, operation CONSULTA). */
  submissionIds: string[];
}

/** Our entries of a book and period, with the queries that cover them at the AEAT. */
function queriesFor(
  book: SiiBook,
  entries: SiiEntry[],
  year: number,
  period: string,
): CompanyConsultaQuery[] {
  if (book !== 'RECC') return [{ service: book as SiiService, period: { year, period } }];
  // Cobros and pagos are asked per invoice (ConsultaCobros / ConsultaPagos have no period).
  const seen = new Map<string, CompanyConsultaQuery>();
  for (const e of entries) {
    if (e.record.book !== 'RECC') continue;
    const service: SiiService = e.record.direction === 'COLLECTION' ? 'COBROS' : 'PAGOS';
    const k = `${service}|${keyOfCash(e)}`;
    if (!seen.has(k))
      seen.set(k, {
        service,
        period: { year, period },
        invoiceId: e.record.invoiceId,
        issuerName: e.record.issuerName ?? null,
      });
  }
  return [...seen.values()];
}

/**
 * Asks the AEAT what it holds of one book and period, compares it with our entries and stores the
 * comparison on each (`reconciliation`). Throws 400 TAX_025 without a usable certificate and 502
 * TAX_024 when the AEAT does not answer.
 */
export async function reconcileBookPeriod(
  deps: SiiAeatDeps,
  input: { companyId: string; book: SiiBook; year: number; period: string; userId: string; log: Logger },
): Promise<SiiBookQueryResult> {
  const { companyId, book, year, period } = input;
  const entries = await entriesOfPeriod(deps, companyId, book, year, period);
  const rows: SiiConsultaRecord[] = [];
  const submissionIds: string[] = [];
  let complete = true;
  for (const query of queriesFor(book, entries, year, period)) {
    const answer = await consultaForCompany(withLog(deps, input.log), companyId, {
      ...query,
      triggeredBy: input.userId,
    });
    if (!answer.ok) throw consultaError(answer.problem, answer.message);
    rows.push(...answer.result.records);
    submissionIds.push(answer.submissionId);
    complete &&= answer.result.complete;
  }
  const comparison = compareBook(entries, rows, complete);
  const checkedAt = deps.now().toISOString();
  for (const r of comparison.results)
    await saveReconciliation(deps, r.entry, { checkedAt, aeatState: r.aeatState, matches: r.matches });
  const { results: _results, ...summary } = comparison;
  return { ...summary, book, year, period, checkedAt, aeatRecords: rows.length, complete, submissionIds };
}

/** The period asked must exist for the book and not be in the future. */
export function assertQueryablePeriod(book: SiiBook, year: number, period: string, now: Date): void {
  if (book === 'BI' && period !== '0A')
    throw invalidPeriod('El libro de bienes de inversión es anual: su periodo es 0A.', 'period');
  if (book !== 'BI' && period === '0A')
    throw invalidPeriod('El periodo anual (0A) solo existe en el libro de bienes de inversión.', 'period');
  const today = madridDate(now);
  const asked = period === '0A' ? `${year}-01` : `${year}-${period}`;
  if (asked > today.slice(0, 7)) throw invalidPeriod('No se puede consultar un periodo futuro.', 'period');
}

/**
 * POST /sii/books/{book}/query { year, period }: a ConsultaLR of that book and period; answers the
 * matches, the mismatches, the records missing at the AEAT and those it holds that we do not know.
 */
export const queryBookRoute = defineCompanyAction({
  params: SiiBookPath,
  body: SiiQueryBody,
  run: async ({ auth, scope, params, body, log }, deps: SiiAeatDeps): Promise<SiiBookQueryResult> => {
    await requireSiiCompany(deps, scope.companyId);
    assertQueryablePeriod(params.book, body.year, body.period, deps.now());
    return reconcileBookPeriod(deps, {
      companyId: scope.companyId,
      book: params.book,
      year: body.year,
      period: body.period,
      userId: auth.userId,
      log,
    });
  },
});
