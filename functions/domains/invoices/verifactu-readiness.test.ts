/**
 * Confirming an invoice from the date VeriFacTu is mandatory for the company (Impuesto sobre
 * Sociedades taxpayers: 1 January 2027) needs VeriFacTu working; before it, nothing is read.
 */

import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  type QueryCommandInput,
  TransactWriteCommand,
} from '@aws-sdk/lib-dynamodb';
import { keys } from '@shared/db/keys';
import type { InvoiceSeries } from '@shared/schemas/invoice-series';
import type { Invoice } from '@shared/schemas/invoices';
import { beforeEach, describe, expect, it } from 'vitest';
import { invoiceItem } from './store/invoices';
import { seriesItem } from './store/series';
import { COMPANY, invoicesHarness, issuerCompany, T0, USER } from './testing/harness';

const { db, call, deps, resetIds } = invoicesHarness('inv');
const AFTER = new Date('2027-01-15T10:00:00.000Z');

const series: InvoiceSeries = {
  seriesId: 'f1',
  companyId: COMPANY,
  code: 'F',
  description: 'Ordinarias',
  purpose: 'ORDINARY',
  format: '{SERIES}-{YYYY}-{NNNN}',
  isActive: true,
  issuedCount: 0,
  createdAt: T0.toISOString(),
  updatedAt: T0.toISOString(),
};

const body = () => ({
  invoiceType: 'F1',
  invoiceDate: '2027-01-15',
  customer: {
    nif: '12345678Z',
    name: 'Ferretería López',
    address: 'Calle Mayor 1',
    postalCode: '28013',
    city: 'Madrid',
  },
  invoiceLines: [{ description: 'Reparación', quantity: 1, unitPriceCents: 10_000, vatRateBp: 2100 }],
});

function company(over: Record<string, unknown> = {}) {
  db.on(GetCommand, { Key: keys.company(COMPANY) }).resolves({
    Item: { ...keys.company(COMPANY), ...issuerCompany, ...over },
  });
}

function verifactuConfigured() {
  db.on(GetCommand, { Key: keys.verifactuConfig(COMPANY) }).resolves({
    Item: { companyId: COMPANY, mode: 'VERIFACTU', enabled: true, certificateId: 'cert1' },
  });
  db.on(GetCommand, { Key: keys.verifactuCertificate(COMPANY, 'cert1') }).resolves({
    Item: { validFrom: '2026-01-01T00:00:00Z', validTo: '2028-01-01T00:00:00Z' },
  });
}

beforeEach(() => {
  db.reset();
  resetIds();
  deps.now = () => new Date(AFTER);
  db.on(GetCommand).resolves({});
  company();
  db.on(GetCommand, { Key: keys.membership(COMPANY, USER) }).resolves({
    Item: { ...keys.membership(COMPANY, USER), companyRole: 'GESTOR', isActive: true },
  });
  db.on(GetCommand, { Key: keys.invoiceSeries(COMPANY, 'f1') }).resolves({ Item: seriesItem(series) });
  db.on(QueryCommand).callsFake((input: QueryCommandInput) =>
    input.ExpressionAttributeValues?.[':prefix'] === keys.invoiceSeriesDefaultPrefix(COMPANY).skPrefix
      ? { Items: [{ purpose: 'ORDINARY', seriesId: 'f1' }] }
      : { Items: [] },
  );
  db.on(PutCommand).resolves({});
  db.on(DeleteCommand).resolves({});
  db.on(TransactWriteCommand).resolves({});
});

const createAndConfirm = () => call<Invoice>({ routeId: 'invoices.createAndConfirm', body: body() });

describe('confirming with VeriFacTu mandatory (an SL from 1 January 2027)', () => {
  it('without VeriFacTu configured: 409 DOC_047 in Spanish, the link to configure it, nothing written', async () => {
    const res = await createAndConfirm();
    expect(res.status).toBe(409);
    expect(res.envelope.error).toMatchObject({
      code: 'DOC_047',
      message: expect.stringMatching(
        /^Desde el 1 de enero de 2027 VeriFacTu es obligatorio para esta empresa/,
      ),
      details: {
        reason: 'VERIFACTU_REQUIRED',
        sendingBlock: 'NOT_CONFIGURED',
        link: `/app/companies/${COMPANY}/verifactu`,
      },
    });
    expect(db.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('a draft cannot be confirmed either; configured, it is', async () => {
    const draft = (await call<Invoice>({ routeId: 'invoices.create', body: body() })).envelope.data!;
    db.on(GetCommand, { Key: keys.invoice(COMPANY, draft.invoiceId) }).resolves({ Item: invoiceItem(draft) });
    const writesBefore = db.commandCalls(TransactWriteCommand).length;
    const refused = await call({ routeId: 'invoices.confirm', params: { invoiceId: draft.invoiceId } });
    expect(refused.status).toBe(409);
    expect(db.commandCalls(TransactWriteCommand)).toHaveLength(writesBefore);

    verifactuConfigured();
    const res = await call<Invoice>({ routeId: 'invoices.confirm', params: { invoiceId: draft.invoiceId } });
    expect(res.status).toBe(200);
    expect(res.envelope.data?.status).toBe('CONFIRMED');
  });

  it('with VeriFacTu configured and a valid certificate, create-and-confirm goes through', async () => {
    verifactuConfigured();
    expect((await createAndConfirm()).status).toBe(201);
  });

  it('an autónomo (mandatory from 1 July 2027) and a company in the SII still confirm', async () => {
    company({ companyType: 'AUTONOMO', fiscal: { ...issuerCompany.fiscal, directTax: 'IRPF' } });
    expect((await createAndConfirm()).status).toBe(201);
    company({ siiEnabled: true });
    expect((await createAndConfirm()).status).toBe(201);
  });

  it('before 1 January 2027 it confirms without the readiness reads (company kind, certificate)', async () => {
    deps.now = () => new Date('2026-11-26T10:00:00.000Z');
    expect((await createAndConfirm()).status).toBe(201);
    const reads = db.commandCalls(GetCommand).map((c) => c.args[0].input);
    expect(reads.map((r) => r.Key?.sk)).not.toContain(keys.verifactuCertificate(COMPANY, 'cert1').sk);
    expect(reads.filter((r) => r.ProjectionExpression === 'companyType, siiEnabled')).toHaveLength(0);
  });
});
