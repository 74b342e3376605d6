/**
 * API Gateway writes execution logs (cdk-nag APIG6) through ONE role per account and region. CDK's
 * `cloudWatchRole: true` would attach the AWS managed policy AmazonAPIGatewayPushToCloudWatchLogs
 * (cdk-nag IAM4), so the role is written here with the same permissions, scoped to API Gateway's
 * own log groups.
 */

import { Aws, RemovalPolicy } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigateway';
import * as iam from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';
import { acknowledge } from '../nag';

export class ApiGatewayAccount extends Construct {
  readonly account: apigw.CfnAccount;

  constructor(scope: Construct, id: string) {
    super(scope, id);

    const logGroups = `arn:${Aws.PARTITION}:logs:${Aws.REGION}:${Aws.ACCOUNT_ID}:log-group:`;
    const role = new iam.Role(this, 'CloudWatchRole', {
      assumedBy: new iam.ServicePrincipal('apigateway.amazonaws.com'),
      description: 'API Gateway execution and access logging (account-wide setting)',
      inlinePolicies: {
        logs: new iam.PolicyDocument({
          statements: [
            new iam.PolicyStatement({
              actions: [
                'logs:CreateLogGroup',
                'logs:CreateLogStream',
                'logs:DescribeLogGroups',
                'logs:DescribeLogStreams',
                'logs:PutLogEvents',
                'logs:GetLogEvents',
                'logs:FilterLogEvents',
              ],
              // AWS's managed policy grants these on "*"; here at least this account and region.
              resources: [`${logGroups}*`],
            }),
          ],
        }),
      },
    });
    acknowledge(
      role,
      'AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:logs:<AWS::Region>:<AWS::AccountId>:log-group:*]',
      'This is the single account-wide logging role of API Gateway, shared by every API and stage of the ' +
        'account and region: it writes execution logs to groups API Gateway names itself ' +
        "(API-Gateway-Execution-Logs_<apiId>/<stage>) and access logs to each stack's groups.",
    );

    this.account = new apigw.CfnAccount(this, 'Account', { cloudWatchRoleArn: role.roleArn });
    // Deleting this stack must not unset the account-wide role other APIs may rely on.
    this.account.applyRemovalPolicy(RemovalPolicy.RETAIN);
  }
}
