import { ApiGatewayManagementApiClient } from '@aws-sdk/client-apigatewaymanagementapi';
import { envNames } from '@shared/config/env-names';
import { once, requireEnv } from './env';

export const wsManagement = once(
  () => new ApiGatewayManagementApiClient({ endpoint: requireEnv(envNames.wsEndpoint) }),
);
