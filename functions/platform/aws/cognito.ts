import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { once } from './env';

export const cognito = once(() => new CognitoIdentityProviderClient({}));
