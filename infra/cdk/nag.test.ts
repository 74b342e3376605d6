/**
 * cdk-nag 3 as wired in nag.ts: it fails a synth, it can be acknowledged only with a reason, and
 * the finding ids we compute are the ones the pack reports. Small stacks, no bundling.
 */

import { App, NestedStack, Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { afterAll, describe, expect, it } from 'vitest';
import { InlinePolicyRole } from './constructs/inline-policy-role';
import { acknowledge, enableNag, listAcknowledgements, nagFindings, wildcardResourceFinding } from './nag';

// CDK's built-in CloudFormation schema validation costs seconds per worker and is exercised by
// cuadra-stack.test.ts (and `cdk synth`); these checks are about cdk-nag and the wiring only.
// Restored afterwards: a vitest worker process runs other test files too.
const cdkValidation = process.env.CDK_VALIDATION;
process.env.CDK_VALIDATION = 'false';
afterAll(() => {
  if (cdkValidation === undefined) delete process.env.CDK_VALIDATION;
  else process.env.CDK_VALIDATION = cdkValidation;
});

/** A queue with neither a DLQ nor TLS enforcement: AwsSolutions-SQS3 and SQS4. */
const appWithBareQueue = () => {
  const app = new App();
  const stack = new Stack(app, 'Probe');
  const queue = new sqs.Queue(stack, 'Bare', { encryption: sqs.QueueEncryption.SQS_MANAGED });
  return { app, stack, queue };
};

const ruleNames = (scope: App) => nagFindings(scope).map((f) => f.ruleName);

describe('nag wiring', () => {
  it('reports findings of the AwsSolutions pack', () => {
    const { app } = appWithBareQueue();
    expect(ruleNames(app)).toEqual(expect.arrayContaining(['AwsSolutions-SQS3', 'AwsSolutions-SQS4']));
  });

  it('makes synth (and so `cdk synth`) fail on an error finding', () => {
    const { app } = appWithBareQueue();
    enableNag(app);
    expect(() => app.synth()).toThrow(/AwsSolutions-SQS4/);
  });

  it('drops exactly the acknowledged finding, and records the reason', () => {
    const { app, queue } = appWithBareQueue();
    acknowledge(queue, 'AwsSolutions-SQS3', 'Probe queue of a unit test, never deployed anywhere.');
    expect(ruleNames(app)).not.toContain('AwsSolutions-SQS3');
    expect(ruleNames(app)).toContain('AwsSolutions-SQS4');
    expect(listAcknowledgements(app)).toEqual([
      {
        path: 'Probe/Bare',
        rule: 'AwsSolutions-SQS3',
        reason: 'Probe queue of a unit test, never deployed anywhere.',
      },
    ]);
  });

  it('refuses an acknowledgement without a real reason', () => {
    const { queue } = appWithBareQueue();
    expect(() => acknowledge(queue, 'AwsSolutions-SQS3', 'not needed')).toThrow(/reason/);
  });

  it('computes IAM5 finding ids the way the pack reports them', () => {
    const app = new App();
    const stack = new Stack(app, 'Probe');
    const bucket = new s3.Bucket(stack, 'Documents');
    const role = new iam.Role(stack, 'Role', { assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com') });
    role.addToPolicy(
      new iam.PolicyStatement({ actions: ['s3:GetObject'], resources: [bucket.arnForObjects('*')] }),
    );

    const id = wildcardResourceFinding(stack, bucket.arnForObjects('*'));
    expect(id).toMatch(/^AwsSolutions-IAM5\[Resource::<Documents\w+\.Arn>\/\*\]$/);
    expect(ruleNames(app)).toContain(id);

    acknowledge(role, id, 'Object keys are generated at run time; the statement names one bucket.');
    expect(ruleNames(app)).not.toContain(id);
  });

  it("reports a finding of a role's inline policy on the role itself, with the same id, acknowledged there", () => {
    const app = new App();
    const stack = new Stack(app, 'Probe');
    const bucket = new s3.Bucket(stack, 'Documents');
    const role = new InlinePolicyRole(stack, 'Role', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
    });
    role.allow(
      new iam.PolicyStatement({ actions: ['s3:GetObject'], resources: [bucket.arnForObjects('*')] }),
    );

    const id = wildcardResourceFinding(stack, bucket.arnForObjects('*'));
    const finding = nagFindings(app).filter((f) => f.ruleName === id);
    expect(finding.flatMap((f) => f.violatingResources.map((r) => r.constructPath))).toEqual([
      'Probe/Role/Resource',
    ]);

    acknowledge(role, id, 'Object keys are generated at run time; the statement names one bucket.');
    expect(ruleNames(app)).not.toContain(id);
  });

  it('checks nested stacks too (the REST API routes live in them), with acknowledgements there', () => {
    const app = new App();
    const stack = new Stack(app, 'Probe');
    const nested = new NestedStack(stack, 'Routes');
    const queue = new sqs.Queue(nested, 'Bare', { encryption: sqs.QueueEncryption.SQS_MANAGED });
    expect(ruleNames(app)).toEqual(expect.arrayContaining(['AwsSolutions-SQS3', 'AwsSolutions-SQS4']));

    acknowledge(queue, 'AwsSolutions-SQS3', 'Probe queue of a unit test, never deployed anywhere.');
    expect(ruleNames(app)).not.toContain('AwsSolutions-SQS3');

    enableNag(app);
    expect(() => app.synth()).toThrow(/AwsSolutions-SQS4/);
  });
});
