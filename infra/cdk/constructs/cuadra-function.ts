/**
 * The one way Cuadra declares a Lambda: every API, queue, stream, schedule, bucket and WebSocket
 * function gets the same runtime, architecture, bundling, logging and tracing defaults here, and
 * its own role that starts empty (no AWS managed policies, cdk-nag IAM4) and only receives what
 * the manifest's `needs` grant (see permissions.ts).
 *
 * The role's permissions are one inline policy of the role (inline-policy-role.ts), not a separate
 * AWS::IAM::Policy: what `allow` adds and what CDK wires itself (tracing, event sources, failure
 * destinations) all land there.
 */

import path from 'node:path';
import type { EntryPoint } from '@infra/manifest';
import { Duration } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { assertLocalEsbuild, depsLockFilePath, nodejsBundling, repoRoot } from '../bundling';
import { acknowledge } from '../nag';
import { InlinePolicyRole } from './inline-policy-role';

/**
 * nodejs22.x, not the newest runtime: the bundles target node22 (bundling.ts) and the benchmark
 * measures that target. Move both together.
 */
export const LAMBDA_RUNTIME = lambda.Runtime.NODEJS_22_X;

export interface CuadraFunctionProps {
  entry: EntryPoint;
  description: string;
  memoryMb: number;
  timeoutSeconds: number;
  environment: Record<string, string>;
  logRetention: logs.RetentionDays;
}

export class CuadraFunction extends Construct {
  readonly fn: NodejsFunction;
  readonly role: InlinePolicyRole;
  readonly logGroup: logs.LogGroup;

  constructor(scope: Construct, id: string, props: CuadraFunctionProps) {
    super(scope, id);
    assertLocalEsbuild();

    this.role = new InlinePolicyRole(this, 'Role', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: `Cuadra ${props.description}`,
    });
    // An explicit log group: retention is ours, and the role can write to this group only (the
    // statement LogGroup.grantWrite would add, written here).
    this.logGroup = new logs.LogGroup(this, 'Logs', { retention: props.logRetention });
    this.allow(
      new iam.PolicyStatement({
        actions: ['logs:CreateLogStream', 'logs:PutLogEvents'],
        resources: [this.logGroup.logGroupArn],
      }),
    );

    this.fn = new NodejsFunction(this, 'Function', {
      entry: path.join(repoRoot, props.entry.entry),
      handler: props.entry.export,
      description: `Cuadra ${props.description}`,
      runtime: LAMBDA_RUNTIME,
      architecture: lambda.Architecture.ARM_64,
      memorySize: props.memoryMb,
      timeout: Duration.seconds(props.timeoutSeconds),
      role: this.role,
      logGroup: this.logGroup,
      tracing: lambda.Tracing.ACTIVE,
      environment: props.environment,
      bundling: nodejsBundling,
      projectRoot: repoRoot,
      depsLockFilePath,
    });

    acknowledge(
      this,
      'AwsSolutions-L1',
      'nodejs22.x is deliberate: the bundles are built and benchmarked for the node22 target ' +
        '(infra/cdk/bundling.ts); Lambda supports it until its upstream end of life (April 2027). ' +
        'Upgrade the runtime and the esbuild target together.',
    );
    acknowledge(
      this,
      'AwsSolutions-IAM5[Resource::*]',
      'Active X-Ray tracing needs xray:PutTraceSegments and xray:PutTelemetryRecords, which have no ' +
        'resource-level permissions, so Resource "*" is unavoidable for them. The infra test fails if ' +
        'any other action is granted on "*".',
    );
  }

  /** Adds statements to the function role's inline policy (permissions.ts writes the needs here). */
  allow(...statements: iam.PolicyStatement[]): void {
    this.role.allow(...statements);
  }
}
