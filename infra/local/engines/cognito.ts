/**
 * Cognito on cognito-local (a child process; data in <dataDir>/cognito/.cognito) and the user pool
 * the app needs, created idempotently: pool, app client with the password and refresh flows
 * (cognito-local has no SRP, reference/local-runtime.md §3), and the groups ADMIN, GESTOR, CLIENTE.
 */

import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import {
  CognitoIdentityProviderClient,
  CreateGroupCommand,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  DescribeUserPoolClientCommand,
  DescribeUserPoolCommand,
  GroupExistsException,
  ListUserPoolClientsCommand,
  ListUserPoolsCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { PASSWORD_MIN_LENGTH } from '@shared/schemas/password';
import { localClientConfig } from '../aws';
import { type RunningChild, spawnChild, tailOf } from '../util/children';
import { preferPort } from '../util/ports';

export interface RunningCognito {
  url: string;
  port: number;
  child: RunningChild;
  stop(): Promise<void>;
}

export interface UserPoolIds {
  userPoolId: string;
  userPoolClientId: string;
}

export const USER_GROUPS = ['ADMIN', 'GESTOR', 'CLIENTE'] as const;
const POOL_NAME = 'cuadra-local';
const CLIENT_NAME = 'cuadra-web';

export async function startCognitoLocal(opts: {
  dataDir: string;
  host?: string;
  preferredPort?: number;
  logFile: string;
}): Promise<RunningCognito> {
  const host = opts.host ?? '127.0.0.1';
  const port = await preferPort(opts.preferredPort, host);
  const cwd = path.join(opts.dataDir, 'cognito');
  fs.mkdirSync(cwd, { recursive: true });
  const pkg = createRequire(import.meta.url).resolve('cognito-local/package.json');
  const child = spawnChild(
    'cognito-local',
    process.execPath,
    [path.join(path.dirname(pkg), 'lib/bin/start.js')],
    {
      cwd,
      // NODE_OPTIONS of a tsx parent would load tsx's loader into the child too; it is plain JS.
      env: { ...process.env, PORT: String(port), HOST: host, NODE_OPTIONS: '' },
      logFile: opts.logFile,
    },
  );
  const url = `http://${host}:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (!child.alive())
      throw new Error(`cognito-local exited on start\n--- ${opts.logFile} ---\n${tailOf(opts.logFile)}`);
    const ok = await fetch(`${url}/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) break;
    if (Date.now() > deadline) {
      await child.stop();
      throw new Error(`cognito-local did not answer on ${url}\n${tailOf(opts.logFile)}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return { url, port, child, stop: () => child.stop() };
}

/** Finds or creates the pool, its app client and groups; `known` are the ids of a previous start. */
export async function ensureUserPool(endpoint: string, known: Partial<UserPoolIds>): Promise<UserPoolIds> {
  const client = new CognitoIdentityProviderClient(localClientConfig(endpoint));
  try {
    const userPoolId = await ensurePool(client, known.userPoolId);
    const userPoolClientId = await ensureClient(client, userPoolId, known.userPoolClientId);
    for (const group of USER_GROUPS) {
      await client.send(new CreateGroupCommand({ UserPoolId: userPoolId, GroupName: group })).catch((e) => {
        if (!(e instanceof GroupExistsException)) throw e;
      });
    }
    return { userPoolId, userPoolClientId };
  } finally {
    client.destroy();
  }
}

async function ensurePool(client: CognitoIdentityProviderClient, knownId?: string): Promise<string> {
  if (knownId) {
    const found = await client
      .send(new DescribeUserPoolCommand({ UserPoolId: knownId }))
      .catch(() => undefined);
    if (found?.UserPool?.Id) return found.UserPool.Id;
  }
  const pools = await client.send(new ListUserPoolsCommand({ MaxResults: 60 }));
  const existing = pools.UserPools?.find((p) => p.Name === POOL_NAME)?.Id;
  if (existing) return existing;
  // The e-mail is the Username itself (no alias attributes), as the identity domain creates users.
  const created = await client.send(
    new CreateUserPoolCommand({
      PoolName: POOL_NAME,
      AutoVerifiedAttributes: ['email'],
      Policies: {
        PasswordPolicy: {
          MinimumLength: PASSWORD_MIN_LENGTH,
          RequireLowercase: true,
          RequireUppercase: true,
          RequireNumbers: true,
          RequireSymbols: false,
        },
      },
      Schema: [{ Name: 'email', AttributeDataType: 'String', Required: true, Mutable: true }],
    }),
  );
  if (!created.UserPool?.Id) throw new Error('cognito-local returned no user pool id');
  return created.UserPool.Id;
}

async function ensureClient(
  client: CognitoIdentityProviderClient,
  poolId: string,
  knownId?: string,
): Promise<string> {
  if (knownId) {
    const found = await client
      .send(new DescribeUserPoolClientCommand({ UserPoolId: poolId, ClientId: knownId }))
      .catch(() => undefined);
    if (found?.UserPoolClient?.ClientId) return found.UserPoolClient.ClientId;
  }
  const clients = await client.send(new ListUserPoolClientsCommand({ UserPoolId: poolId, MaxResults: 60 }));
  const existing = clients.UserPoolClients?.find((c) => c.ClientName === CLIENT_NAME)?.ClientId;
  if (existing) return existing;
  const created = await client.send(
    new CreateUserPoolClientCommand({
      UserPoolId: poolId,
      ClientName: CLIENT_NAME,
      GenerateSecret: false,
      ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
    }),
  );
  if (!created.UserPoolClient?.ClientId) throw new Error('cognito-local returned no app client id');
  return created.UserPoolClient.ClientId;
}
