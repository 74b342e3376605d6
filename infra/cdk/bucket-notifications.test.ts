/**
 * S3 notifications (the documents bucket's uploads and the inbound bucket's mail, issue 17) on a reduced
 * variant of the manifest with one notification and two small bundles: the wiring and cdk-nag on it,
 * without bundling every function (cuadra-stack.test.ts does that for the real manifest).
 */

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { App, CfnResource } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INLINE_POLICY_NAME } from './constructs/inline-policy-role';
import { cdkJsonContext, createCuadraApp } from './cuadra-app';
import { type CuadraManifest, cuadraManifest } from './cuadra-manifest';
import type { CuadraStack } from './cuadra-stack';
import { nagFindings } from './nag';

/** The real manifest cut down to one API route plus one bucket notification (two small bundles). */
function variantWithNotification(): CuadraManifest {
  const m = cuadraManifest;
  const [domain, def] = Object.entries(m.domains).find(([, d]) => d.api)! as [
    keyof typeof m.domains,
    (typeof m.domains)[keyof typeof m.domains],
  ];
  const [routeId, route] = Object.entries(m.routes).find(([, r]) => r.domain === domain)!;
  return {
    ...m,
    domains: Object.fromEntries(
      Object.entries(m.domains).map(([name, d]) => [name, name === domain ? d : { ...d, api: undefined }]),
    ) as CuadraManifest['domains'],
    routes: { [routeId]: route },
    queues: Object.fromEntries(
      Object.entries(m.queues).map(([name, q]) => [name, { ...q, consumer: undefined }]),
    ) as CuadraManifest['queues'],
    schedules: {},
    invokables: {} as CuadraManifest['invokables'],
    table: { ...m.table, streamConsumers: {} },
    websocket: { ...m.websocket, routes: {} },
    buckets: {
      ...m.buckets,
      documents: {
        ...m.buckets.documents,
        notifications: [
          {
            prefix: 'uploads/',
            suffix: '.pdf',
            consumer: {
              domain,
              entry: def.api!.entry,
              export: def.api!.export,
              needs: { buckets: [{ bucket: 'documents', access: 'read' }] },
            },
          },
        ],
      },
    },
  };
}

// CDK's built-in CloudFormation schema validation costs seconds per worker and is exercised by
// cuadra-stack.test.ts (and `cdk synth`); these checks are about cdk-nag and the wiring only.
// Restored afterwards: a vitest worker process runs other test files too.
const cdkValidation = process.env.CDK_VALIDATION;
process.env.CDK_VALIDATION = 'false';
afterAll(() => {
  if (cdkValidation === undefined) delete process.env.CDK_VALIDATION;
  else process.env.CDK_VALIDATION = cdkValidation;
});

let outdir: string;
let app: App;
let stack: CuadraStack;
let template: Template;
let manifest: CuadraManifest;

beforeAll(() => {
  manifest = variantWithNotification();
  outdir = mkdtempSync(path.join(tmpdir(), 'cuadra-cdk-variant-'));
  ({ app, stack } = createCuadraApp({
    context: cdkJsonContext(),
    outdir,
    nag: false,
    manifest,
  }));
  template = Template.fromStack(stack);
});

afterAll(() => {
  if (outdir) rmSync(outdir, { recursive: true, force: true });
});

describe('S3 bucket notifications', () => {
  it('invokes the consumer on ObjectCreated with the prefix and suffix of the manifest', () => {
    const [worker] = [...stack.workerFunctions.values()];
    const fnId = stack.getLogicalId(worker!.fn.node.defaultChild as CfnResource);
    const [notifications] = Object.values(template.findResources('Custom::S3BucketNotifications'));
    const [config] = notifications!.Properties.NotificationConfiguration.LambdaFunctionConfigurations;
    expect(config.Events).toEqual(['s3:ObjectCreated:*']);
    expect(config.LambdaFunctionArn).toEqual({ 'Fn::GetAtt': [fnId, 'Arn'] });
    expect(config.Filter.Key.FilterRules).toEqual(
      expect.arrayContaining([
        { Name: 'prefix', Value: 'uploads/' },
        { Name: 'suffix', Value: '.pdf' },
      ]),
    );
    // Failed asynchronous invocations are kept, not dropped.
    template.hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
      FunctionName: { Ref: fnId },
      DestinationConfig: { OnFailure: { Destination: Match.anyValue() } },
    });
  });

  it("writes the consumers' permissions inline; the only separate policies are CDK's notifications handler's", () => {
    const workers = [...stack.workerFunctions.values()];
    expect(workers.length).toBeGreaterThan(0);
    const roles = template.findResources('AWS::IAM::Role');
    for (const worker of workers) {
      const role = roles[stack.getLogicalId(worker.role.node.defaultChild as CfnResource)]!;
      const policies = role.Properties.Policies as { PolicyName: string }[];
      expect(policies.map((p) => p.PolicyName)).toEqual([INLINE_POLICY_NAME]);
    }
    // The documented exception: one AWS::IAM::Policy per bucket with notifications, on the role of
    // CDK's singleton BucketNotificationsHandler (s3:PutBucketNotification), not ours to change.
    const policies = Object.values(template.findResources('AWS::IAM::Policy'));
    const buckets = Object.values(manifest.buckets).filter((b) => b.notifications.length > 0);
    expect(policies).toHaveLength(buckets.length);
    for (const policy of policies) {
      expect(policy.Properties.Roles).toEqual([
        { Ref: expect.stringMatching(/^BucketNotificationsHandler/) },
      ]);
    }
    expect(template.findResources('AWS::IAM::ManagedPolicy')).toEqual({});
  });

  it('stays free of unacknowledged cdk-nag findings', () => {
    const readable = nagFindings(app).map(
      (f) => `${f.severity} ${f.ruleName}: ${f.violatingResources.map((r) => r.constructPath).join(', ')}`,
    );
    expect(readable).toEqual([]);
  });
});
