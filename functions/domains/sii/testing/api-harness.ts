/**
 * Harness of the SII API tests: the real pipeline (auth, the membership GetItem, the route's access
 * policy, zod) over the real action table (handler.ts), every DynamoDB call answered by the
 * in-memory table of functions/platform/testing/fake-table.ts, a fixed clock, the SQS wake-ups
 * captured, the archive in a map, and a fake AEAT (`SiiGateway`) whose ConsultaLR answers the tests
 * set per service and period. Builders for what the tests seed: companies, members, entries,
 * submissions and certificates (sealed with a local master key, as an upload seals them).
 */

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SendMessageCommandInput } from '@aws-sdk/client-sqs';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { seal } from '@functions/lib/secret-box';
import { lineKey, recordKey, type SiiConsultaRecord, type SiiService } from '@functions/lib/sii-xml';
import { createApiHandler } from '@functions/platform/http';
import {
  type ApiEventOptions,
  apiEvent,
  lambdaContext,
  readResponse,
} from '@functions/platform/testing/api-event';
import { testDocumentClient, useEnv } from '@functions/platform/testing/env';
import { fakeTable } from '@functions/platform/testing/fake-table';
import { envNames } from '@shared/config/env-names';
import { keys } from '@shared/db/keys';
import {
  type ClientPermission,
  type Company,
  type CompanyRole,
  companyItem,
  membershipItem,
  SCHEMA_VERSION,
} from '@shared/db/records';
import type { SiiBook, SiiEntry, SiiRecord, SiiStatus, SiiSubmission } from '@shared/schemas/sii';
import type { APIGatewayProxyResult } from 'aws-lambda';
import { beforeEach } from 'vitest';
import { siiActions } from '../handler';
import type { StoredSiiEntry } from '../model/entry-rules';
import type { SiiGateway } from '../store/aeat-client';
import type { ArchiveStore } from '../store/archive';
import type { SiiDeps } from '../store/deps';
import { entryItem } from '../store/entry-item';

export const TABLE = 'cuadra-sii-api-test';
export const COMPANY = 'co-sii';
/** Another SII company: its ids must never reach COMPANY's answers. */
export const OTHER = 'co-other';
/** A company outside the SII. */
export const NO_SII = 'co-nosii';
export const NIF = 'B12345674';
/** Wednesday 17 March 2027, 10:00 in Madrid. */
export const NOW = new Date('2027-03-17T09:00:00.000Z');

export type Caller = { userId: string; groups: string[] };
export const OWNER: Caller = { userId: 'u-owner', groups: ['CLIENTE'] };
export const GESTOR: Caller = { userId: 'u-gestor', groups: ['GESTOR'] };
export const MEMBER: Caller = { userId: 'u-member', groups: ['CLIENTE'] };
/** A client of the gestoría with VIEW_TAX_DOCUMENTS: reads, never writes. */
export const CLIENT_TAX: Caller = { userId: 'u-client-tax', groups: ['CLIENTE'] };
/** A client without VIEW_TAX_DOCUMENTS: nothing of the SII. */
export const CLIENT_PLAIN: Caller = { userId: 'u-client', groups: ['CLIENTE'] };
/** The owner of OTHER only. */
export const STRANGER: Caller = { userId: 'u-stranger', groups: ['CLIENTE'] };

export function company(companyId: string, over: Partial<Company> = {}) {
  return companyItem({
    companyId,
    name: 'Transportes Levante SA',
    nif: NIF,
    companyType: 'SA',
    isActive: true,
    siiEnabled: true,
    verifactuEnabled: false,
    address: {
      street: 'Calle Mayor 1',
      postalCode: '46001',
      city: 'Valencia',
      province: 'Valencia',
      country: 'ES',
    },
    fiscal: { vatRegime: 'GENERAL', directTax: 'IMPUESTO_SOCIEDADES', largeCompany: true, redeme: false },
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    createdBy: 'u-owner',
    ...over,
  });
}

export function member(
  companyId: string,
  userId: string,
  companyRole: CompanyRole,
  permissions: ClientPermission[] = [],
) {
  return membershipItem({
    companyId,
    userId,
    companyRole,
    permissions,
    isActive: true,
    email: `${userId}@cuadra.test`,
    firstName: userId,
    lastName: 'Test',
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
  });
}

/** An F1 issued to a Spanish company (FE), in March 2027. */
export function issuedRecord(number: string, issueDate = '2027-03-15', nif = NIF): SiiRecord {
  return {
    book: 'FE',
    period: { year: Number(issueDate.slice(0, 4)), period: issueDate.slice(5, 7) },
    invoiceId: { issuerNif: nif, number, issueDate },
    invoiceType: 'F1',
    regimeKeys: ['01'],
    description: 'Transporte de mercancías',
    totalCents: 121_000,
    counterparty: { name: 'Cliente Industrial SA', nif: 'A87654321', otherId: null },
    rectification: null,
    operationDate: null,
    breakdown: {
      kind: 'INVOICE',
      invoice: {
        notExempt: { type: 'S1', details: [{ rateBp: 2100, baseCents: 100_000, vatCents: 21_000 }] },
        exempt: [],
        notSubjectArt7_14Cents: 0,
        notSubjectLocationCents: 0,
      },
    },
  };
}

/** A cobro (RECC, criterio de caja) of an issued invoice. */
export function collectionRecord(
  number: string,
  issueDate: string,
  payDate: string,
  cents: number,
): SiiRecord {
  return {
    book: 'RECC',
    direction: 'COLLECTION',
    invoiceId: { issuerNif: NIF, number, issueDate },
    payments: [{ date: payDate, amountCents: cents, method: '01', account: 'ES9121000418450200051332' }],
  };
}

/** A stored entry: FE of `documentId` unless told otherwise, status and the rest as asked. */
export function entry(
  documentId: string,
  status: SiiStatus,
  over: Partial<StoredSiiEntry> & { companyId?: string } = {},
): StoredSiiEntry {
  const book: SiiBook = over.book ?? 'FE';
  const number = over.documentNumber ?? `F-${documentId}`;
  const issueDate = over.issueDate ?? '2027-03-15';
  const registered = over.registered ?? status === 'ACCEPTED';
  const invoiceId = documentId.split('~')[0]!;
  return {
    entryId: `${book}:${documentId}`,
    companyId: over.companyId ?? COMPANY,
    book,
    documentId,
    source: { type: book === 'FR' ? 'RECEIVED_INVOICE' : 'INVOICE', id: invoiceId, invoiceId },
    documentNumber: number,
    counterpartyName: 'Cliente Industrial SA',
    counterpartyTaxId: 'A87654321',
    issueDate,
    totalCents: 121_000,
    period: { year: Number(issueDate.slice(0, 4)), period: issueDate.slice(5, 7) },
    record: issuedRecord(number, issueDate),
    contentVersion: 1,
    status,
    pendingOperation: status === 'ACCEPTED' ? null : registered ? 'A1' : 'A0',
    registered,
    withdrawn: false,
    held: false,
    deadline: '2027-03-19',
    sentContentVersion: null,
    sentOperation: null,
    attemptId: null,
    attempts: status === 'ERROR' ? 5 : 0,
    lastSubmissionId: null,
    lastSentAt: status === 'NOT_SENT' || status === 'QUEUED' ? null : '2027-03-16T10:00:00.000Z',
    acceptedAt: status === 'ACCEPTED' ? '2027-03-16T10:00:05.000Z' : null,
    acceptedWithErrors: false,
    csv: status === 'ACCEPTED' ? 'CSV-ACEPTADO' : null,
    lastError:
      status === 'REJECTED'
        ? { code: '1117', message: 'El NIF no está identificado en el censo de la AEAT' }
        : status === 'ERROR'
          ? { code: 'TIMEOUT', message: 'La AEAT no ha respondido' }
          : null,
    reconciliation: null,
    history: [
      {
        at: '2027-03-15T10:00:00.000Z',
        status: 'QUEUED',
        operation: 'A0',
        message: 'Registro creado (alta A0)',
      },
    ],
    createdAt: '2027-03-15T10:00:00.000Z',
    updatedAt: '2027-03-16T10:00:05.000Z',
    sourceOrder: '0',
    ...over,
  };
}

export function submission(submissionId: string, over: Partial<SiiSubmission> = {}): SiiSubmission {
  return {
    submissionId,
    companyId: COMPANY,
    book: 'FE',
    operation: 'A0',
    environment: 'TEST',
    status: 'ACCEPTED',
    recordCount: 1,
    acceptedCount: 1,
    acceptedWithErrorsCount: 0,
    rejectedCount: 0,
    aeatState: 'Correcto',
    csv: 'CSV-ACEPTADO',
    periods: ['2027-03'],
    records: [
      {
        entryId: 'FE:inv-1',
        documentId: 'inv-1',
        documentNumber: 'F-inv-1',
        status: 'ACCEPTED',
        code: null,
        message: null,
      },
    ],
    error: null,
    archive: { request: null, response: null },
    sentAt: '2027-03-16T10:00:00.000Z',
    answeredAt: '2027-03-16T10:00:05.000Z',
    triggeredBy: null,
    ...over,
  };
}

/** What the fake AEAT holds: ConsultaLR rows per `<service>|<year>-<period>` (cobros/pagos: per service). */
export class FakeAeat implements SiiGateway {
  rows = new Map<string, SiiConsultaRecord[]>();
  calls: { service: SiiService; period: string; invoiceNumber: string | null }[] = [];
  /** Throws this on every call when set. */
  failure: Error | null = null;

  hold(service: SiiService, period: string, rows: SiiConsultaRecord[]): void {
    this.rows.set(`${service}|${period}`, [...(this.rows.get(`${service}|${period}`) ?? []), ...rows]);
  }

  async submit(): Promise<never> {
    throw new Error('the API never sends records');
  }

  async consult(
    _target: Parameters<SiiGateway['consult']>[0],
    service: SiiService,
    _header: Parameters<SiiGateway['consult']>[2],
    query: Parameters<SiiGateway['consult']>[3],
    recorder?: Parameters<SiiGateway['consult']>[4],
  ) {
    const period = `${query.period.year}-${query.period.period}`;
    this.calls.push({ service, period, invoiceNumber: query.invoiceId?.number ?? null });
    await recorder?.request(`<consulta service="${service}" period="${period}"/>`);
    if (this.failure) throw this.failure;
    const all =
      service === 'COBROS' || service === 'PAGOS'
        ? (this.rows.get(`${service}|*`) ?? [])
        : (this.rows.get(`${service}|${period}`) ?? []);
    const records = query.invoiceId ? all.filter((r) => r.key === lineKey(query.invoiceId!)) : all;
    await recorder?.response({ kind: 'http', status: 200, body: '<respuesta/>' });
    return { service, records, more: false, paginationKey: null };
  }
}

/** The ConsultaLR row of a record the AEAT holds. */
export function aeatRow(
  record: SiiRecord,
  state: SiiConsultaRecord['state'] = 'Correcta',
): SiiConsultaRecord {
  return {
    invoiceId: { ...record.invoiceId, issuerName: null },
    goodIdentification: null,
    key: recordKey(record),
    state,
    code: null,
    message: null,
    timestamp: '2027-03-16T11:00:05',
    csv: 'CSV-ACEPTADO',
    payment: null,
  };
}

/** The ConsultaCobros row of one cobro. */
export function aeatCashRow(record: SiiRecord): SiiConsultaRecord {
  if (record.book !== 'RECC') throw new Error('a cash record');
  const p = record.payments[0]!;
  return {
    invoiceId: { ...record.invoiceId, issuerName: null },
    goodIdentification: null,
    key: lineKey(record.invoiceId),
    state: 'Correcta',
    code: null,
    message: null,
    timestamp: null,
    csv: null,
    payment: { date: p.date, amountCents: p.amountCents, method: p.method, account: p.account },
  };
}

/** Call at the top of a test file. */
export function siiApiHarness() {
  const keyDir = mkdtempSync(join(tmpdir(), 'sii-api-'));
  useEnv({
    TABLE_NAME: TABLE,
    AWS_REGION: 'eu-west-1',
    LOG_LEVEL: 'silent',
    [envNames.certificatesLocalKeyFile]: join(keyDir, 'certificates.key'),
  });
  const table = fakeTable(DynamoDBDocumentClient as unknown as DynamoDBDocumentClient);
  const wakeups: SendMessageCommandInput[] = [];
  const archived = new Map<string, string>();
  const archive: ArchiveStore = {
    put: async (key, body) => {
      archived.set(key, body);
    },
    get: async (key) => {
      const body = archived.get(key);
      return body === undefined
        ? null
        : {
            body: new TextEncoder().encode(body),
            contentType: key.endsWith('.xml') ? 'application/xml' : 'text/plain',
          };
    },
  };
  const aeat = { current: new FakeAeat() };
  let clock = new Date(NOW);
  let ids = 0;
  const deps: SiiDeps & { archive: ArchiveStore; gateway: SiiGateway } = {
    db: testDocumentClient(),
    table: TABLE,
    sqs: {
      send: (async (command: { input: SendMessageCommandInput }) => {
        wakeups.push(command.input);
        return {};
      }) as SiiDeps['sqs']['send'],
    },
    sendQueueUrl: 'https://sqs.test/sii-send.fifo',
    s3: () => Promise.reject(new Error('S3 is not used: the archive is a map')),
    archiveBucket: 'cuadra-sii-archive-test',
    now: () => new Date(clock),
    newId: () => `id${++ids}`,
    archive,
    get gateway() {
      return aeat.current;
    },
  };
  const handler = createApiHandler('sii', siiActions, () => deps);

  async function raw(user: Caller, options: Omit<ApiEventOptions, 'claims'>): Promise<APIGatewayProxyResult> {
    // The company of the calls without `{companyId}` in the path (x-company-id header).
    const headers: Record<string, string> = options.params?.companyId ? {} : { 'x-company-id': COMPANY };
    const event = apiEvent({
      claims: { sub: user.userId, groups: user.groups },
      ...options,
      headers: { ...headers, ...options.headers },
    });
    return (await handler(event, lambdaContext())) as APIGatewayProxyResult;
  }
  async function call<T = unknown>(user: Caller, options: Omit<ApiEventOptions, 'claims'>) {
    return readResponse<T>(await raw(user, options));
  }

  async function putEntry(e: StoredSiiEntry): Promise<void> {
    table.put(entryItem(e));
  }
  async function putSubmissionItem(s: SiiSubmission): Promise<void> {
    table.put({
      ...keys.siiSubmission(s.companyId, s.submissionId),
      entity: 'SiiSubmission',
      v: SCHEMA_VERSION,
      ...s,
    });
  }
  /** A certificate of the company, sealed like an upload (a fake .p12: the AEAT is fake too). */
  async function putCertificate(
    companyId: string,
    certificateId: string,
    over: {
      validFrom?: string;
      validTo?: string;
      qualifiedCa?: string | null;
      digitalSignature?: boolean | null;
    } = {},
  ): Promise<void> {
    const sealed = await seal(Buffer.from(JSON.stringify({ p12Base64: 'MIIB', password: 'clave' })), {
      purpose: 'verifactu-certificate',
      companyId,
      certificateId,
    });
    await deps.db.send(
      new PutCommand({
        TableName: TABLE,
        Item: {
          ...keys.verifactuCertificate(companyId, certificateId),
          entity: 'VerifactuCertificate',
          v: SCHEMA_VERSION,
          certificateId,
          companyId,
          fileName: `${certificateId}.p12`,
          subject: `TRANSPORTES LEVANTE SA - ${NIF}`,
          holderNif: NIF,
          issuer: 'AC Cuadra Pruebas',
          serialNumber: '0A1B',
          validFrom: over.validFrom ?? '2026-01-01T00:00:00.000Z',
          validTo: over.validTo ?? '2028-01-01T00:00:00.000Z',
          qualifiedCa: over.qualifiedCa === undefined ? null : over.qualifiedCa,
          digitalSignature: over.digitalSignature === undefined ? true : over.digitalSignature,
          uploadedAt: '2027-01-01T00:00:00.000Z',
          uploadedBy: 'u-owner',
          sealed,
        },
      }),
    );
  }
  const stored = (companyId: string, book: SiiBook, documentId: string): SiiEntry | undefined => {
    const item = table.get(keys.siiEntry(companyId, book, documentId));
    return item as unknown as SiiEntry | undefined;
  };

  beforeEach(() => {
    table.reset();
    wakeups.length = 0;
    archived.clear();
    aeat.current = new FakeAeat();
    clock = new Date(NOW);
    table.put(company(COMPANY));
    table.put(company(OTHER, { name: 'Otra Empresa SL', nif: 'B87654321' }));
    table.put(company(NO_SII, { name: 'Panadería La Espiga SL', siiEnabled: false }));
    table.put(member(COMPANY, OWNER.userId, 'OWNER'));
    table.put(member(COMPANY, GESTOR.userId, 'GESTOR'));
    table.put(member(COMPANY, MEMBER.userId, 'MEMBER'));
    table.put(member(COMPANY, CLIENT_TAX.userId, 'CLIENTE', ['VIEW_TAX_DOCUMENTS']));
    table.put(member(COMPANY, CLIENT_PLAIN.userId, 'CLIENTE', ['VIEW_INVOICES']));
    table.put(member(NO_SII, OWNER.userId, 'OWNER'));
    table.put(member(OTHER, STRANGER.userId, 'OWNER'));
  });

  return {
    table,
    deps,
    call,
    raw,
    wakeups,
    archived,
    aeat,
    putEntry,
    putSubmission: putSubmissionItem,
    putCertificate,
    stored,
    setNow: (d: Date) => {
      clock = new Date(d);
    },
  };
}
