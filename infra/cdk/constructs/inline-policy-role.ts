/**
 * An IAM role whose permissions are written inline, in the role itself (`AWS::IAM::Role`
 * `Policies`), instead of in a separate `AWS::IAM::Policy` (CDK's `<Role>/DefaultPolicy`): one
 * CloudFormation resource fewer per role, which is what keeps the main stack under the 500-resource
 * limit (cuadra-stack.test.ts, MAX_RESOURCES_PER_STACK).
 *
 * Every statement lands in the one inline document: ours (`allow`) and the ones CDK wires itself
 * through `addToPrincipalPolicy`: Lambda's active tracing (xray), event sources (SQS consume,
 * DynamoDB stream read), on-failure destinations (SQS send), `grant*` helpers. The statements are
 * the same objects CDK would have put in the DefaultPolicy, rendered by the same PolicyDocument
 * (merged by `@aws-cdk/aws-iam:minimizePolicies` as before), so least privilege is unchanged.
 *
 * What this gives up is CDK's overflow of a too-large DefaultPolicy into managed policies: an
 * `AWS::IAM::Policy` on a role is itself an inline role policy, so the limit (10,240 characters for
 * all of a role's inline policies together) is the same as before, and cuadra-stack.test.ts checks
 * the estimated size of every role's inline policy against it.
 */

import * as iam from 'aws-cdk-lib/aws-iam';
import type { Construct } from 'constructs';

/** The name of the one inline policy (unique per role; not the DefaultPolicy's generated name). */
export const INLINE_POLICY_NAME = 'Permissions';

export type InlinePolicyRoleProps = Omit<iam.RoleProps, 'inlinePolicies'>;

export class InlinePolicyRole extends iam.Role {
  /** The role's permissions; rendered into the role's `Policies` at synth time. */
  readonly document: iam.PolicyDocument;

  constructor(scope: Construct, id: string, props: InlinePolicyRoleProps) {
    const document = new iam.PolicyDocument();
    super(scope, id, { ...props, inlinePolicies: { [INLINE_POLICY_NAME]: document } });
    this.document = document;
    // An empty document renders no PolicyDocument at all, which CloudFormation refuses at deploy time.
    this.node.addValidation({
      validate: () =>
        document.isEmpty ? [`${this.node.path}: inline policy ${INLINE_POLICY_NAME} has no statements`] : [],
    });
  }

  /** Adds statements to the role's inline policy. */
  allow(...statements: iam.PolicyStatement[]): void {
    this.document.addStatements(...statements);
  }

  /**
   * What every CDK `grant*`, event source and destination calls: the statement goes to the inline
   * policy instead of a DefaultPolicy. The role itself is what depends on it being in place.
   */
  override addToPrincipalPolicy(statement: iam.PolicyStatement): iam.AddToPrincipalPolicyResult {
    this.allow(statement);
    return { statementAdded: true, policyDependable: this };
  }
}
