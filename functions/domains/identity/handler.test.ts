import {
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { apiEvent, lambdaContext, readResponse } from '@functions/platform/testing/api-event';
import { useEnv } from '@functions/platform/testing/env';
import { routeIds, routes } from '@shared/api/routes';
import { mockClient } from 'aws-sdk-client-mock';
import { describe, expect, it } from 'vitest';
import { handler, identityActions } from './handler';

const env = {
  TABLE_NAME: 'cuadra-test',
  USER_POOL_ID: 'eu-west-1_TestPool',
  USER_POOL_CLIENT_ID: 'test-client-id',
  APP_URL: 'https://app.cuadra.test',
  AWS_REGION: 'eu-west-1',
  AWS_ACCESS_KEY_ID: 'test',
  AWS_SECRET_ACCESS_KEY: 'test',
  LOG_LEVEL: 'silent',
};
useEnv(env);

describe('identity handler', () => {
  it('wires exactly the identity routes of the route table', () => {
    const identityRoutes = routeIds.filter((id) => routes[id].domain === 'identity').sort();
    expect(Object.keys(identityActions).sort()).toEqual(identityRoutes);
  });

  it('runs with the deps built from the environment', async () => {
    const db = mockClient(DynamoDBDocumentClient);
    const idp = mockClient(CognitoIdentityProviderClient);
    db.onAnyCommand().resolves({ Attributes: { failures: 1 } });
    db.on(GetCommand).resolves({});
    idp
      .on(InitiateAuthCommand)
      .rejects(Object.assign(new Error('Incorrect'), { name: 'NotAuthorizedException' }));

    const res = readResponse(
      await handler(
        apiEvent({ routeId: 'auth.login', body: { email: 'ana@example.com', password: 'x' } }),
        lambdaContext(),
      ),
    );

    expect(res.status).toBe(401);
    expect(res.envelope.error?.code).toBe('AUTH_001');
    expect(idp.commandCalls(InitiateAuthCommand)[0]!.args[0].input.ClientId).toBe('test-client-id');
    expect(db.commandCalls(GetCommand)[0]!.args[0].input.TableName).toBe('cuadra-test');
    db.restore();
    idp.restore();
  });

  it('answers CORE_006 for a route of another domain', async () => {
    const res = readResponse(
      await handler(apiEvent({ routeId: 'companies.list', claims: { sub: 'u' } }), lambdaContext()),
    );

    expect(res.status).toBe(404);
    expect(res.envelope.error?.code).toBe('CORE_006');
  });
});
