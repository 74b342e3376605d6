import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { Membership } from '@functions/platform/company-scope';
import { createApiHandler } from '@functions/platform/http';
import { apiEvent, lambdaContext, readResponse } from '@functions/platform/testing/api-event';
import { keys } from '@shared/db/keys';
import type { SubmissionAttempt } from '@shared/schemas/verifactu';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { verifactuActions } from '../handler';
import { ARCHIVE_BUCKET_ENV } from '../store/archive';
import {
  COMPANY,
  OTHER_COMPANY,
  seedRecord,
  submissionsHarness,
  table,
  USERS,
} from '../testing/submissions-harness';
import { entryOfExchange } from './get-submission-exchange';

const h = submissionsHarness();
const s3 = mockClient(S3Client);
const BUCKET = 'cuadra-test-verifactu-archive';

const membershipLookup = async (companyId: string, userId: string): Promise<Membership | undefined> => {
  const u = USERS[userId];
  if (companyId !== COMPANY || !u?.role) return undefined;
  return {
    companyId,
    userId,
    companyRole: u.role,
    permissions: (u.permissions ?? []) as never,
    isActive: true,
  };
};
const handler = createApiHandler('verifactu', verifactuActions as never, () => h.deps, {
  membershipLookup,
  companyExists: async (c) => c === COMPANY || c === OTHER_COMPANY,
});

async function download(submissionId: string, query: Record<string, string>, user = 'gestor') {
  const event = apiEvent({
    routeId: 'verifactu.submissionExchange',
    params: { submissionId },
    query,
    claims: { sub: user, groups: [USERS[user]?.group ?? 'CLIENTE'] },
    headers: { 'x-company-id': COMPANY },
  });
  return (await handler(event, lambdaContext()))!;
}

const REQUEST_KEY = `verifactu/${COMPANY}/2027/01/att1-request.xml`;
const RESPONSE_KEY = `verifactu/${COMPANY}/2027/01/att1-response.xml`;
const CONSULT_KEY = `verifactu/${COMPANY}/2027/01/q7-request.xml`;
const OBJECTS: Record<string, string> = {
  [REQUEST_KEY]: '<soapenv:Envelope>peticion</soapenv:Envelope>',
  [RESPONSE_KEY]: '<env:Envelope><tikR:CSV>A-CSV1</tikR:CSV></env:Envelope>',
  [CONSULT_KEY]: '<soapenv:Envelope>consulta</soapenv:Envelope>',
  [`verifactu/${OTHER_COMPANY}/2027/01/x-request.xml`]: '<otra/>',
};

function withHistory(seq: number, history: SubmissionAttempt[], companyId = COMPANY) {
  const item = table.get(keys.verifactuSubmission(companyId, seq))!;
  table.put({ ...item, history });
}

beforeEach(() => {
  process.env[ARCHIVE_BUCKET_ENV] = BUCKET;
  s3.reset();
  s3.on(GetObjectCommand).callsFake((input: { Bucket: string; Key: string }) => {
    const body = input.Bucket === BUCKET ? OBJECTS[input.Key] : undefined;
    if (body === undefined) throw Object.assign(new Error('missing'), { name: 'NoSuchKey' });
    return {
      Body: { transformToByteArray: async () => new TextEncoder().encode(body) },
      ContentType: 'application/xml; charset=utf-8',
    };
  });
});

const sendEntry: SubmissionAttempt = {
  attemptId: 'att1',
  at: '2027-01-15T10:00:00.000Z',
  outcome: 'TIMEOUT',
  code: null,
  message: 'Sin respuesta',
  archive: { request: REQUEST_KEY, response: RESPONSE_KEY },
};
const consultEntry: SubmissionAttempt = {
  attemptId: 'att1',
  at: '2027-01-15T10:01:00.000Z',
  outcome: 'CONSULTED',
  code: null,
  message: null,
  archive: { request: CONSULT_KEY, response: null },
};

describe('verifactu.submissionExchange', () => {
  it('downloads the archived request and response of an attempt as XML files', async () => {
    seedRecord({ invoiceId: 'inv1', status: 'VERIFIED' });
    withHistory(1, [sendEntry, consultEntry]);

    const req = await download(`${COMPANY}-1`, { attempt: 'att1', part: 'request' });
    expect(req.statusCode).toBe(200);
    expect(req.headers?.['content-type']).toBe('application/xml; charset=utf-8');
    expect(String(req.headers?.['content-disposition'])).toMatch(
      /^attachment; filename="verifactu-F-2027-0001-att1-request\.xml"$/,
    );
    expect(Buffer.from(req.body, req.isBase64Encoded ? 'base64' : 'utf8').toString()).toBe(
      OBJECTS[REQUEST_KEY],
    );

    const res = await download(`${COMPANY}-1`, { attempt: 'att1', part: 'response' });
    expect(Buffer.from(res.body, 'base64').toString()).toBe(OBJECTS[RESPONSE_KEY]);
    // The ConsultaLR of that attempt by its own exchange id.
    const q = await download(`${COMPANY}-1`, { attempt: 'q7', part: 'request' });
    expect(Buffer.from(q.body, 'base64').toString()).toBe(OBJECTS[CONSULT_KEY]);
    expect(s3.commandCalls(GetObjectCommand).map((c) => c.args[0].input)).toEqual([
      { Bucket: BUCKET, Key: REQUEST_KEY },
      { Bucket: BUCKET, Key: RESPONSE_KEY },
      { Bucket: BUCKET, Key: CONSULT_KEY },
    ]);
  });

  it('404 when the attempt is not of that submission, has no such part, or the object is gone', async () => {
    seedRecord({ invoiceId: 'inv1', status: 'VERIFIED' });
    seedRecord({ invoiceId: 'inv2', status: 'VERIFIED' });
    withHistory(1, [sendEntry, consultEntry]);
    withHistory(2, [
      {
        ...sendEntry,
        attemptId: 'att2',
        archive: { request: `verifactu/${COMPANY}/2027/01/gone-request.xml`, response: null },
      },
    ]);
    const cases: [string, Record<string, string>][] = [
      [`${COMPANY}-2`, { attempt: 'att1' }], // an attempt of another submission
      [`${COMPANY}-1`, { attempt: 'nope' }],
      [`${COMPANY}-1`, { attempt: 'q7', part: 'response' }], // the answer was not archived
      [`${COMPANY}-2`, { attempt: 'att2' }], // the key is in the history but the object is missing
      [`${COMPANY}-9`, { attempt: 'att1' }],
      [`${OTHER_COMPANY}-1`, { attempt: 'att1' }],
    ];
    for (const [id, query] of cases) {
      const r = readResponse(await download(id, query));
      expect(r.status, `${id} ${JSON.stringify(query)}`).toBe(404);
      expect(r.envelope.error?.code).toBe('CORE_006');
    }
  });

  it('never reads a key outside the company’s archive, even if a history entry named one', async () => {
    seedRecord({ invoiceId: 'inv1', status: 'VERIFIED' });
    withHistory(1, [
      {
        ...sendEntry,
        archive: {
          request: `verifactu/${OTHER_COMPANY}/2027/01/x-request.xml`,
          response: 'documents/secret.pdf',
        },
      },
    ]);
    for (const part of ['request', 'response'])
      expect((await download(`${COMPANY}-1`, { attempt: 'att1', part })).statusCode).toBe(404);
    expect(s3.commandCalls(GetObjectCommand)).toHaveLength(0);
  });

  it('validates the query: the attempt is an id, the part request|response', async () => {
    seedRecord({ invoiceId: 'inv1', status: 'VERIFIED' });
    for (const query of [{ attempt: '../x' }, { attempt: 'att1', part: 'both' }, {}]) {
      const r = readResponse(await download(`${COMPANY}-1`, query as Record<string, string>));
      expect(r.status, JSON.stringify(query)).toBe(400);
      expect(r.envelope.error?.code).toBe('CORE_004');
    }
  });

  it('CLIENTE needs VIEW_TAX_DOCUMENTS; a stranger is refused', async () => {
    seedRecord({ invoiceId: 'inv1', status: 'VERIFIED' });
    withHistory(1, [sendEntry]);
    expect((await download(`${COMPANY}-1`, { attempt: 'att1' }, 'cliente')).statusCode).toBe(403);
    expect((await download(`${COMPANY}-1`, { attempt: 'att1' }, 'stranger')).statusCode).toBe(403);
    expect((await download(`${COMPANY}-1`, { attempt: 'att1' }, 'clienteTax')).statusCode).toBe(200);
    expect((await download(`${COMPANY}-1`, { attempt: 'att1' }, 'member')).statusCode).toBe(200);
  });
});

describe('entryOfExchange', () => {
  it('prefers the entry whose own exchange has the id, then the first archived entry of the attempt', () => {
    expect(entryOfExchange([sendEntry, consultEntry], 'att1')).toBe(sendEntry);
    expect(entryOfExchange([sendEntry, consultEntry], 'q7')).toBe(consultEntry);
    expect(entryOfExchange([consultEntry], 'att1')).toBe(consultEntry);
    expect(entryOfExchange([{ ...sendEntry, archive: null }], 'att1')).toBeNull();
  });
});
