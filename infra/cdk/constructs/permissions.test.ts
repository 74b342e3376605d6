/**
 * grantNeeds on a bare role (no bundling): `needs.textract` becomes one statement with the three
 * expense-analysis actions on "*" (Textract has no resource-level permissions), acknowledged for
 * cdk-nag with a reason; without it, no Textract action is granted. The statements are written in
 * the role's inline policy (inline-policy-role.ts), and so are the ones CDK's own wiring adds.
 */

import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { describe, expect, it } from 'vitest';
import { listAcknowledgements } from '../nag';
import { mergeNeeds } from '../needs';
import { INLINE_POLICY_NAME, InlinePolicyRole } from './inline-policy-role';
import { type GrantTargets, grantNeeds, TEXTRACT_EXPENSE } from './permissions';

class Target extends Construct {
  readonly role: InlinePolicyRole;
  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.role = new InlinePolicyRole(this, 'Role', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
    });
  }
  allow(...statements: iam.PolicyStatement[]): void {
    this.role.allow(...statements);
  }
}

/** Textract needs none of the targets: an empty object stands in for them. */
const NO_TARGETS = {} as GrantTargets;

interface Statement {
  Action: unknown;
  Resource: unknown;
}
interface Resource {
  Type: string;
  Properties: {
    Policies?: { PolicyName: string; PolicyDocument: { Statement: Statement[] } }[];
    PolicyDocument?: { Statement: Statement[] };
  };
}

/** Every identity statement of the stack: the roles' inline policies and any separate policy. */
function statementsOf(stack: Stack): Statement[] {
  const resources = Object.values(Template.fromStack(stack).toJSON().Resources as Record<string, Resource>);
  return resources.flatMap((r) => [
    ...(r.Type === 'AWS::IAM::Role'
      ? (r.Properties.Policies ?? []).flatMap((p) => p.PolicyDocument.Statement)
      : []),
    ...(r.Type === 'AWS::IAM::Policy' ? r.Properties.PolicyDocument!.Statement : []),
  ]);
}

const separatePolicies = (stack: Stack) =>
  Object.keys(Template.fromStack(stack).findResources('AWS::IAM::Policy'));

describe('grantNeeds: textract', () => {
  it('grants AnalyzeExpense, StartExpenseAnalysis and GetExpenseAnalysis on "*", acknowledged for cdk-nag', () => {
    const stack = new Stack(new App(), 'T');
    const target = new Target(stack, 'Reader');
    grantNeeds(target, { textract: true }, NO_TARGETS, { allowScan: false });
    expect(statementsOf(stack)).toEqual(
      [{ Action: TEXTRACT_EXPENSE, Effect: 'Allow', Resource: '*' }].map(({ Action, Resource }) =>
        expect.objectContaining({ Action, Resource }),
      ),
    );
    expect(separatePolicies(stack)).toEqual([]);
    const acks = listAcknowledgements(stack).filter((a) => a.rule === 'AwsSolutions-IAM5[Resource::*]');
    expect(acks).toHaveLength(1);
    expect(acks[0]!.reason).toMatch(/no resource-level/);
  });

  it('grants no Textract action without the need', () => {
    const stack = new Stack(new App(), 'T');
    const target = new Target(stack, 'Other');
    target.allow(
      new iam.PolicyStatement({
        actions: ['sqs:SendMessage'],
        resources: ['arn:aws:sqs:eu-west-1:123456789012:q'],
      }),
    );
    grantNeeds(target, {}, NO_TARGETS, { allowScan: false });
    expect(statementsOf(stack)).toHaveLength(1);
    expect(JSON.stringify(statementsOf(stack))).not.toMatch(/textract/);
  });
});

describe('InlinePolicyRole', () => {
  it("writes our statements and CDK's own (tracing, event source) in one inline policy, no AWS::IAM::Policy", () => {
    const stack = new Stack(new App(), 'T');
    const role = new InlinePolicyRole(stack, 'Role', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
    });
    const queue = new sqs.Queue(stack, 'Queue');
    const fn = new lambda.Function(stack, 'Fn', {
      runtime: lambda.Runtime.NODEJS_22_X,
      handler: 'index.handler',
      code: lambda.Code.fromInline('exports.handler = async () => {};'),
      role,
      tracing: lambda.Tracing.ACTIVE,
    });
    fn.addEventSource(new SqsEventSource(queue));
    role.allow(new iam.PolicyStatement({ actions: ['sqs:SendMessage'], resources: [queue.queueArn] }));

    expect(separatePolicies(stack)).toEqual([]);
    const roleResource = Object.values(
      Template.fromStack(stack).findResources('AWS::IAM::Role') as Record<string, Resource>,
    )[0]!;
    expect(roleResource.Properties.Policies!.map((p) => p.PolicyName)).toEqual([INLINE_POLICY_NAME]);
    const actions = statementsOf(stack).flatMap((s) => [s.Action].flat());
    expect(actions).toEqual(
      expect.arrayContaining([
        'xray:PutTraceSegments',
        'xray:PutTelemetryRecords',
        'sqs:ReceiveMessage',
        'sqs:DeleteMessage',
        'sqs:SendMessage',
      ]),
    );
  });

  it('refuses to synthesize an empty inline policy', () => {
    const app = new App();
    const stack = new Stack(app, 'T');
    new InlinePolicyRole(stack, 'Role', { assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com') });
    expect(() => app.synth()).toThrow(/inline policy Permissions has no statements/);
  });
});

describe('mergeNeeds: textract', () => {
  it('keeps textract when either trigger needs it', () => {
    expect(mergeNeeds({ table: 'read' }, { textract: true })).toEqual({ table: 'read', textract: true });
    expect(mergeNeeds({ table: 'read' }, { table: 'read' })).toEqual({ table: 'read' });
  });
});
