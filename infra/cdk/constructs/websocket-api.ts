/**
 * The WebSocket API of the manifest: one Lambda integration per route key ($connect, $disconnect,
 * $default, ...), one auto-deployed stage with access logs and throttling. Functions that push to
 * clients get WS_MANAGEMENT_ENDPOINT (the stage's https @connections endpoint) from the stack.
 */

import { Aws } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigateway';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import { WebSocketLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { acknowledge } from '../nag';
import { pascal } from '../names';

/**
 * No query string here either: the SPA opens the socket with its access token as a query
 * parameter (spec part 1 §7), so only ids, route and status are logged.
 */
const ACCESS_LOG_FIELDS = {
  requestId: '$context.requestId',
  extendedRequestId: '$context.extendedRequestId',
  requestTimeEpoch: '$context.requestTimeEpoch',
  ip: '$context.identity.sourceIp',
  routeKey: '$context.routeKey',
  eventType: '$context.eventType',
  connectionId: '$context.connectionId',
  status: '$context.status',
  integrationLatency: '$context.integrationLatency',
  errorMessage: '$context.error.message',
};

export interface WebSocketApiProps {
  stage: string;
  throttle: { rateLimit: number; burstLimit: number };
  logRetention: logs.RetentionDays;
}

export class CuadraWebSocketApi extends Construct {
  readonly api: apigwv2.WebSocketApi;
  readonly stage: apigwv2.WebSocketStage;
  readonly routes: Record<string, apigwv2.WebSocketRoute> = {};

  constructor(scope: Construct, id: string, props: WebSocketApiProps) {
    super(scope, id);

    this.api = new apigwv2.WebSocketApi(this, 'Api', {
      apiName: `cuadra-ws-${props.stage}`,
      description: 'Cuadra notifications and upload progress (infra/manifest.ts websocket)',
    });

    const accessLogs = new logs.LogGroup(this, 'AccessLogs', { retention: props.logRetention });
    this.stage = new apigwv2.WebSocketStage(this, 'Stage', {
      webSocketApi: this.api,
      stageName: props.stage,
      autoDeploy: true,
      throttle: props.throttle,
      accessLogSettings: {
        destination: new apigwv2.LogGroupLogDestination(accessLogs),
        format: apigw.AccessLogFormat.custom(JSON.stringify(ACCESS_LOG_FIELDS)),
      },
    });
  }

  /**
   * Serves a route key with a function. Routes are added after the functions exist, because the
   * functions themselves need the API (WS_MANAGEMENT_ENDPOINT) first.
   */
  addRoute(routeKey: string, fn: lambda.IFunction): apigwv2.WebSocketRoute {
    const route = this.api.addRoute(routeKey, {
      integration: new WebSocketLambdaIntegration(`${pascal(routeKey)}Integration`, fn),
    });
    acknowledge(
      route,
      'AwsSolutions-APIG4',
      'WebSocket APIs offer no Cognito authorizer: $connect verifies the Cognito access token from the ' +
        'query string in its function (functions/platform/jwt.ts, CognitoJwtVerifier) and refuses the ' +
        'connection; other routes only run on connections $connect accepted.',
    );
    this.routes[routeKey] = route;
    return route;
  }

  /** `https://{api}.execute-api.{region}.amazonaws.com/{stage}`: the @connections management endpoint. */
  get managementEndpoint(): string {
    return `https://${this.api.apiId}.execute-api.${Aws.REGION}.${Aws.URL_SUFFIX}/${this.stage.stageName}`;
  }

  /** `arn:...:execute-api:{region}:{account}:{api}/{stage}`, the prefix of @connections permissions. */
  get stageArn(): string {
    return `arn:${Aws.PARTITION}:execute-api:${Aws.REGION}:${Aws.ACCOUNT_ID}:${this.api.apiId}/${this.stage.stageName}`;
  }
}
