/**
 * End to end for the Cognito shim: a real cognito-local child, the real aws-amplify v6 client
 * pointed at the gateway's /_cognito. Amplify's forced refresh (GetTokensFromRefreshToken) and
 * global sign-out are exactly the two calls cognito-local cannot answer by itself.
 */

import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { Amplify } from 'aws-amplify';
import { fetchAuthSession, signIn, signOut } from 'aws-amplify/auth';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestGateway, type TestGateway } from './test-support';

const EMAIL = 'ana@example.com';
const PASSWORD = 'Secreta-123!';

let cognito: ChildProcess;
let dataDir: string;
let tg: TestGateway;
let targets: string[];

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

async function waitUntilAnswering(url: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      await fetch(url);
      return;
    } catch {
      if (Date.now() > deadline) throw new Error(`cognito-local did not start at ${url}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

beforeAll(async () => {
  vi.spyOn(console, 'log').mockImplementation(() => {});
  dataDir = await mkdtemp(path.join(tmpdir(), 'cuadra-cognito-'));
  const port = await freePort();
  const cognitoUrl = `http://127.0.0.1:${port}`;
  const start = createRequire(import.meta.url).resolve('cognito-local/lib/bin/start.js');
  cognito = spawn(process.execPath, [start], {
    cwd: dataDir,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: 'ignore',
  });
  await waitUntilAnswering(cognitoUrl);

  const admin = new CognitoIdentityProviderClient({
    endpoint: cognitoUrl,
    region: 'eu-west-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const pool = await admin.send(
    new CreateUserPoolCommand({ PoolName: 'cuadra', UsernameAttributes: ['email'] }),
  );
  const userPoolId = pool.UserPool!.Id!;
  const appClient = await admin.send(
    new CreateUserPoolClientCommand({ UserPoolId: userPoolId, ClientName: 'web' }),
  );
  await admin.send(
    new AdminCreateUserCommand({
      UserPoolId: userPoolId,
      Username: EMAIL,
      MessageAction: 'SUPPRESS',
      UserAttributes: [{ Name: 'email', Value: EMAIL }],
    }),
  );
  await admin.send(
    new AdminSetUserPasswordCommand({
      UserPoolId: userPoolId,
      Username: EMAIL,
      Password: PASSWORD,
      Permanent: true,
    }),
  );
  admin.destroy();

  tg = await startTestGateway({ cognitoUrl });
  // Which Cognito operations Amplify sent through the shim, read from the request log is not possible
  // (it has no body), so wrap fetch and record the X-Amz-Target of calls to /_cognito.
  targets = [];
  const realFetch = globalThis.fetch;
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (url.includes('/_cognito')) {
      const headers = new Headers(input instanceof Request ? input.headers : init?.headers);
      targets.push(headers.get('x-amz-target') ?? '');
    }
    return realFetch(input, init);
  });

  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId,
        userPoolClientId: appClient.UserPoolClient!.ClientId!,
        userPoolEndpoint: `${tg.gateway.url}/_cognito`,
      },
    },
  });
});

afterAll(async () => {
  vi.restoreAllMocks();
  await tg?.gateway.close();
  cognito?.kill();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('aws-amplify v6 through the shim and cognito-local', () => {
  it('signs in, refreshes silently and signs out globally', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});

    const signedIn = await signIn({
      username: EMAIL,
      password: PASSWORD,
      options: { authFlowType: 'USER_PASSWORD_AUTH' },
    });
    expect(signedIn.isSignedIn).toBe(true);
    const first = await fetchAuthSession();

    const refreshed = await fetchAuthSession({ forceRefresh: true });

    expect(targets).toContain('AWSCognitoIdentityProviderService.GetTokensFromRefreshToken');
    expect(refreshed.tokens?.accessToken.toString()).toBeTruthy();
    expect(refreshed.tokens?.accessToken.toString()).not.toBe(first.tokens?.accessToken.toString());

    await signOut({ global: true });

    expect(targets).toContain('AWSCognitoIdentityProviderService.GlobalSignOut');
    expect((await fetchAuthSession()).tokens).toBeUndefined();
  });
});
