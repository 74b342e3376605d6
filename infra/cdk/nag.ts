/**
 * cdk-nag 3 wiring. cdk-nag 3 is a CDK policy-validation plugin (not an Aspect any more):
 * `Validations.of(app).addPlugins(pack)` runs it during `app.synth()`/`cdk synth`, and findings are
 * acknowledged with `Validations.of(construct).acknowledge({ id, reason })`, which records the id in
 * the construct's metadata; the pack skips findings acknowledged on the resource or any ancestor.
 *
 * Every acknowledgement goes through `acknowledge()` below so each one carries a real reason.
 */

import { type App, type PolicyViolation, Stack, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks, type NagPack } from 'cdk-nag';
// cdk-nag's own renderer of CloudFormation references in finding ids (`<Logical.Arn>/*`), so the
// ids acknowledged here are byte-for-byte the ids the pack reports.
import { flattenCfnReference } from 'cdk-nag/lib/utils/flatten-cfn-reference.js';
import type { IConstruct } from 'constructs';

/** A reason must say why, not just "suppressed". */
export const MIN_REASON_LENGTH = 20;

/** The packs Cuadra is held to. */
export const nagPacks = (scope?: IConstruct): NagPack[] => [new AwsSolutionsChecks(scope)];

/** Makes `app.synth()` (and therefore `cdk synth`) run the packs; errors fail the synth. */
export function enableNag(app: App): void {
  Validations.of(app).addPlugins(...nagPacks(app));
}

/** Runs the packs over a construct tree and returns the unacknowledged findings. */
export function nagFindings(scope: IConstruct): PolicyViolation[] {
  return nagPacks().flatMap((pack) => pack.validateScope(scope).violations);
}

/**
 * Acknowledges one cdk-nag finding on a construct (and everything below it).
 * `rule` is the full id, e.g. `AwsSolutions-APIG4` or `AwsSolutions-IAM5[Resource::*]`.
 */
export function acknowledge(scope: IConstruct, rule: string, reason: string): void {
  if (reason.trim().length < MIN_REASON_LENGTH) {
    throw new Error(`Acknowledgement of ${rule} on ${scope.node.path} needs a reason that says why`);
  }
  Validations.of(scope).acknowledge({ id: rule, reason });
}

/**
 * The IAM5 finding id for a wildcard resource, as cdk-nag renders it: tokens become
 * `<LogicalId.Attribute>`, e.g. `AwsSolutions-IAM5[Resource::<DocumentsBucket1234.Arn>/*]`.
 */
export function wildcardResourceFinding(scope: IConstruct, resource: string): string {
  return `AwsSolutions-IAM5[Resource::${flattenCfnReference(Stack.of(scope).resolve(resource))}]`;
}

export interface AcknowledgementRecord {
  path: string;
  rule: string;
  reason: string;
}

/** Every acknowledgement recorded in a construct tree (for the report and the tests). */
export function listAcknowledgements(root: IConstruct): AcknowledgementRecord[] {
  const records: AcknowledgementRecord[] = [];
  for (const node of root.node.findAll()) {
    for (const entry of node.node.metadata) {
      if (entry.type !== Validations.ACKNOWLEDGED_RULES_METADATA_KEY || !entry.data) continue;
      for (const [id, reason] of Object.entries(entry.data as Record<string, string>)) {
        records.push({ path: node.node.path, rule: id.replace(/^annotation::/i, ''), reason });
      }
    }
  }
  return records;
}
