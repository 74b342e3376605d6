/** The clients and names the identity store needs; created once per container by `makeIdentityDeps`. */

import type { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

export interface StoreDeps {
  db: DynamoDBDocumentClient;
  table: string;
  cognito: CognitoIdentityProviderClient;
  userPoolId: string;
  /** The app client the API signs users in with (USER_PASSWORD_AUTH enabled, no secret). */
  clientId: string;
}
