/**
 * grantNeeds on a bare role (no bundling): `needs.textract` becomes one statement with the three
 * expense-analysis actions on "*" (Textract has no resource-level permissions), acknowledged for
 * cdk-nag with a reason; without it, no Textract action is granted.
 */

import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import * as iam from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';
import { describe, expect, it } from 'vitest';
import { listAcknowledgements } from '../nag';
import { mergeNeeds } from '../needs';
import { type GrantTargets, grantNeeds, TEXTRACT_EXPENSE } from './permissions';

class Target extends Construct {
  readonly role: iam.Role;
  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.role = new iam.Role(this, 'Role', { assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com') });
  }
}

/** Textract needs none of the targets: an empty object stands in for them. */
const NO_TARGETS = {} as GrantTargets;

function statementsOf(stack: Stack): { Action: unknown; Resource: unknown }[] {
  const policies = Template.fromStack(stack).findResources('AWS::IAM::Policy');
  return Object.values(policies).flatMap(
    (p) =>
      (p as { Properties: { PolicyDocument: { Statement: { Action: unknown; Resource: unknown }[] } } })
        .Properties.PolicyDocument.Statement,
  );
}

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
    const acks = listAcknowledgements(stack).filter((a) => a.rule === 'AwsSolutions-IAM5[Resource::*]');
    expect(acks).toHaveLength(1);
    expect(acks[0]!.reason).toMatch(/no resource-level/);
  });

  it('grants no Textract action without the need', () => {
    const stack = new Stack(new App(), 'T');
    const target = new Target(stack, 'Other');
    target.role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['sqs:SendMessage'],
        resources: ['arn:aws:sqs:eu-west-1:123456789012:q'],
      }),
    );
    grantNeeds(target, {}, NO_TARGETS, { allowScan: false });
    expect(JSON.stringify(statementsOf(stack))).not.toMatch(/textract/);
  });
});

describe('mergeNeeds: textract', () => {
  it('keeps textract when either trigger needs it', () => {
    expect(mergeNeeds({ table: 'read' }, { textract: true })).toEqual({ table: 'read', textract: true });
    expect(mergeNeeds({ table: 'read' }, { table: 'read' })).toEqual({ table: 'read' });
  });
});
