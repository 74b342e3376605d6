import { ApiGatewayManagementApiClient } from '@aws-sdk/client-apigatewaymanagementapi';
import { once, requireEnv } from './env';

export const wsManagement = once(
  () => new ApiGatewayManagementApiClient({ endpoint: requireEnv('WS_MANAGEMENT_ENDPOINT') }),
);
