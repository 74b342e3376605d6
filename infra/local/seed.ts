/**
 * Seeds the demo world idempotently: Cognito users (confirmed, permanent password, group) and
 * their profiles, companies, memberships and NIF claims. Items are only created when missing, so
 * a restart never overwrites what somebody changed while trying the product.
 */

import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '@shared/db/keys';
import { companyItem, emailClaimItem, membershipItem, profileItem, SCHEMA_VERSION } from '@shared/db/records';
import { plans, subscriptionToPlan } from '@shared/schemas/billing';
import {
  DEMO_PASSWORD,
  type DemoSubscription,
  demoCompanies,
  demoSubscriptions,
  demoUsers,
} from './demo-data';
import type { LocalCloudInfo } from './types';

const SEED_TIME = '2026-01-07T09:00:00.000Z';

async function ensureCognitoUser(
  cognito: CognitoIdentityProviderClient,
  poolId: string,
  email: string,
  group: string,
) {
  let sub: string | undefined;
  try {
    const got = await cognito.send(new AdminGetUserCommand({ UserPoolId: poolId, Username: email }));
    sub = got.UserAttributes?.find((a) => a.Name === 'sub')?.Value;
  } catch (e) {
    if ((e as Error).name !== 'UserNotFoundException') throw e;
    const created = await cognito.send(
      new AdminCreateUserCommand({
        UserPoolId: poolId,
        Username: email,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'email_verified', Value: 'true' },
        ],
      }),
    );
    sub = created.User?.Attributes?.find((a) => a.Name === 'sub')?.Value;
    await cognito.send(
      new AdminSetUserPasswordCommand({
        UserPoolId: poolId,
        Username: email,
        Password: DEMO_PASSWORD,
        Permanent: true,
      }),
    );
  }
  await cognito.send(
    new AdminAddUserToGroupCommand({ UserPoolId: poolId, Username: email, GroupName: group }),
  );
  if (!sub) throw new Error(`Cognito user ${email} has no sub`);
  return sub;
}

async function putIfMissing(db: DynamoDBDocumentClient, table: string, item: Record<string, unknown>) {
  try {
    await db.send(
      new PutCommand({ TableName: table, Item: item, ConditionExpression: 'attribute_not_exists(pk)' }),
    );
  } catch (e) {
    if ((e as Error).name !== 'ConditionalCheckFailedException') throw e;
  }
}

export async function seedDemoData(info: LocalCloudInfo) {
  const env = info.env;
  const region = env.AWS_REGION ?? 'eu-west-1';
  const credentials = {
    accessKeyId: env.AWS_ACCESS_KEY_ID ?? 'S3RVER',
    secretAccessKey: env.AWS_SECRET_ACCESS_KEY ?? 'S3RVER',
  };
  const cognito = new CognitoIdentityProviderClient({
    region,
    credentials,
    ...(env.AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER
      ? { endpoint: env.AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER }
      : {}),
  });
  const db = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      region,
      credentials,
      ...(env.AWS_ENDPOINT_URL_DYNAMODB ? { endpoint: env.AWS_ENDPOINT_URL_DYNAMODB } : {}),
    }),
    { marshallOptions: { removeUndefinedValues: true } },
  );
  const table = env.TABLE_NAME!;
  const poolId = env.USER_POOL_ID!;

  const ids = new Map<string, string>();
  for (const u of demoUsers) ids.set(u.email, await ensureCognitoUser(cognito, poolId, u.email, u.role));

  const defaults = new Map<string, string>();
  for (const c of demoCompanies) for (const m of c.members) if (m.default) defaults.set(m.email, c.companyId);

  for (const u of demoUsers) {
    const userId = ids.get(u.email)!;
    await putIfMissing(db, table, emailClaimItem(u.email, userId));
    const defaultCompanyId = defaults.get(u.email);
    await putIfMissing(
      db,
      table,
      profileItem({
        userId,
        email: u.email,
        firstName: u.firstName,
        lastName: u.lastName,
        phone: u.phone,
        role: u.role,
        isAutonomous: u.isAutonomous,
        ...(u.firmName ? { firmName: u.firmName } : {}),
        ...(u.invitedBy ? { invitedByUserId: ids.get(u.invitedBy)! } : {}),
        ...(defaultCompanyId ? { defaultCompanyId } : {}),
        emailVerified: true,
        isActive: true,
        createdAt: SEED_TIME,
        updatedAt: SEED_TIME,
      }),
    );
  }

  for (const c of demoCompanies) {
    const creator = ids.get(c.members[0]!.email)!;
    await putIfMissing(
      db,
      table,
      companyItem({
        companyId: c.companyId,
        name: c.name,
        nif: c.nif,
        companyType: c.companyType,
        isActive: true,
        siiEnabled: c.siiEnabled,
        verifactuEnabled: !c.siiEnabled,
        email: c.email,
        phone: c.phone,
        address: c.address,
        fiscal: c.fiscal,
        createdAt: SEED_TIME,
        updatedAt: SEED_TIME,
        createdBy: creator,
      }),
    );
    await putIfMissing(db, table, {
      ...keys.companyNifClaim(creator, c.nif),
      entity: 'CompanyNifClaim',
      v: SCHEMA_VERSION,
      companyId: c.companyId,
    });
    for (const m of c.members) {
      const u = demoUsers.find((d) => d.email === m.email)!;
      await putIfMissing(
        db,
        table,
        membershipItem({
          companyId: c.companyId,
          userId: ids.get(m.email)!,
          companyRole: m.companyRole,
          permissions: m.permissions,
          isActive: true,
          email: u.email,
          firstName: u.firstName,
          lastName: u.lastName,
          createdAt: SEED_TIME,
          updatedAt: SEED_TIME,
        }),
      );
    }
  }
  const seededAt = new Date();
  for (const s of demoSubscriptions) {
    await putIfMissing(db, table, subscriptionItem(s, ids.get(s.email)!, seededAt));
  }
  cognito.destroy();
  db.destroy();
  return demoUsers.map((u) => ({ email: u.email, role: u.role, description: u.description }));
}

const DAY_MS = 86_400_000;

/**
 * A demo subscription, alive from the first seed on: the current period (or the trial) ends a month
 * (or the plan's trial days) after it. Put only when missing, like everything else.
 */
function subscriptionItem(s: DemoSubscription, userId: string, seededAt: Date) {
  const trialDays = plans[s.planCode].trialDays;
  const periodEnd = new Date(
    seededAt.getTime() + (s.status === 'TRIAL' ? trialDays : 30) * DAY_MS,
  ).toISOString();
  return {
    ...keys.subscription(userId),
    entity: 'Subscription',
    v: SCHEMA_VERSION,
    userId,
    ...subscriptionToPlan(s.planCode, {
      subscriptionId: s.subscriptionId,
      status: s.status,
      startedAt: SEED_TIME,
      currentPeriodEnd: periodEnd,
      trialEndsAt: s.status === 'TRIAL' ? periodEnd : null,
      addons: s.addons,
    }),
    createdAt: SEED_TIME,
    updatedAt: SEED_TIME,
  };
}
