import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { createApiHandler } from '@functions/platform/http';
import { apiEvent, lambdaContext, readResponse } from '@functions/platform/testing/api-event';
import { routeIds, routes } from '@shared/api/routes';
import { keys } from '@shared/db/keys';
import {
  hasPayroll,
  isStarter,
  type Subscription,
  type SubscriptionLookup,
  subscriptionToPlan,
} from '@shared/schemas/billing';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { billingActions } from './handler';
import type { BillingDeps } from './store/deps';

process.env.LOG_LEVEL ??= 'silent';

const db = mockClient(DynamoDBDocumentClient);
const deps: BillingDeps = {
  db: DynamoDBDocumentClient.from(
    new DynamoDBClient({ region: 'eu-west-1', credentials: { accessKeyId: 't', secretAccessKey: 't' } }),
  ),
  table: 'cuadra-test',
};
const handler = createApiHandler('billing', billingActions, () => deps);
const getSubscription = async (sub: string, groups: string[]) =>
  readResponse<Subscription>(
    await handler(apiEvent({ routeId: 'billing.getSubscription', claims: { sub, groups } }), lambdaContext()),
  );

const starter = subscriptionToPlan('GESTORIA_STARTER', {
  subscriptionId: 'sub-1',
  status: 'ACTIVE',
  startedAt: '2026-01-07T09:00:00.000Z',
  currentPeriodEnd: '2026-04-07T09:00:00.000Z',
  addons: [{ addonType: 'PAYROLL_MODULE', status: 'ACTIVE' }],
});

beforeEach(() => {
  db.reset();
  db.on(GetCommand).resolves({});
});

describe('billing handler', () => {
  it('wires exactly the billing routes of the route table', () => {
    const own = routeIds.filter((id) => routes[id].domain === 'billing').sort();
    expect(Object.keys(billingActions).sort()).toEqual(own);
  });

  it("answers the caller's own subscription, read by its user id", async () => {
    db.on(GetCommand, { Key: keys.subscription('gestor-2') }).resolves({
      Item: {
        ...keys.subscription('gestor-2'),
        entity: 'Subscription',
        v: 1,
        userId: 'gestor-2',
        ...starter,
        createdAt: '2026-01-07T09:00:00.000Z',
        updatedAt: '2026-01-07T09:00:00.000Z',
      },
    });

    const res = await getSubscription('gestor-2', ['GESTOR']);

    expect(res.status).toBe(200);
    expect(res.envelope.data).toEqual({
      subscriptionId: 'sub-1',
      planCategory: 'GESTORIA',
      planCode: 'GESTORIA_STARTER',
      planName: 'Gestoría Starter',
      status: 'ACTIVE',
      limits: { payrollEnabled: false, maxCompanies: 25, maxUsers: 2, accountingEnabled: false },
      addons: [{ addonType: 'PAYROLL_MODULE', status: 'ACTIVE' }],
      currentPeriodEnd: '2026-04-07T09:00:00.000Z',
      trialEndsAt: null,
      startedAt: '2026-01-07T09:00:00.000Z',
    });
    expect(db.commandCalls(GetCommand)[0]!.args[0].input).toMatchObject({
      TableName: 'cuadra-test',
      Key: keys.subscription('gestor-2'),
    });
    // The web's gates on the answer: a starter plan whose payroll comes from the add-on.
    expect(isStarter(res.envelope.data)).toBe(true);
    expect(hasPayroll(res.envelope.data)).toBe(true);
  });

  it('answers 404 CORE_006 when the caller has no subscription (a client inherits none)', async () => {
    const res = await getSubscription('cliente-1', ['CLIENTE']);

    expect(res.status).toBe(404);
    expect(res.envelope.error).toMatchObject({ code: 'CORE_006', message: 'No tienes ninguna suscripción.' });
  });

  it('refuses a call without the authorizer claims', async () => {
    const res = readResponse(
      await handler(apiEvent({ routeId: 'billing.getSubscription' }), lambdaContext()),
    );
    expect(res.status).toBe(401);
  });
});

describe('billing/subscription/status', () => {
  const status = async (sub: string, groups: string[]) =>
    readResponse<SubscriptionLookup>(
      await handler(
        apiEvent({ routeId: 'billing.getSubscriptionStatus', claims: { sub, groups } }),
        lambdaContext(),
      ),
    );

  it('answers 200 with no subscription for a freshly registered account, never a 404', async () => {
    const res = await status('autonomo-new', ['CLIENTE']);

    expect(res.status).toBe(200);
    expect(res.envelope.data).toEqual({ subscription: null });
    expect(db.commandCalls(GetCommand)[0]!.args[0].input.Key).toEqual(keys.subscription('autonomo-new'));
  });

  it("answers the caller's subscription when there is one, as GET billing/subscription does", async () => {
    db.on(GetCommand, { Key: keys.subscription('gestor-2') }).resolves({
      Item: {
        ...keys.subscription('gestor-2'),
        entity: 'Subscription',
        v: 1,
        userId: 'gestor-2',
        ...starter,
        createdAt: '2026-01-07T09:00:00.000Z',
        updatedAt: '2026-01-07T09:00:00.000Z',
      },
    });

    const res = await status('gestor-2', ['GESTOR']);

    expect(res.status).toBe(200);
    expect(res.envelope.data).toEqual({ subscription: starter });
  });

  it('refuses a call without the authorizer claims', async () => {
    const res = readResponse(
      await handler(apiEvent({ routeId: 'billing.getSubscriptionStatus' }), lambdaContext()),
    );
    expect(res.status).toBe(401);
  });
});
