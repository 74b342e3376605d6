/**
 * Cognito: the user pool (e-mail sign-in, groups = roles of the route table) and the SPA's app
 * client.
 *
 * Decisions (reliability.md §2, OWASP ASVS 5.0 L2):
 * - Sign-up: the identity domain registers users with SignUp through our API and confirms them with
 *   AdminConfirmSignUp once our own verification link is used, so Cognito's self sign-up must stay
 *   on; Cognito's own verification e-mails are off (`autoVerify`), our mail domain sends them.
 * - Plus feature plan with threat protection enforced (cdk-nag COG8): compromised-credential
 *   detection refuses breached passwords at sign-up, sign-in and password change (ASVS 6.2.12) and
 *   adaptive authentication scores sign-ins. It is billed per monthly active user; for a tax
 *   back-office holding NIFs and bank data the cost is accepted.
 * - Password policy: exactly the product's (shared/schemas/password.ts: at least 12 characters with
 *   upper case, lower case and a digit; the API also refuses control characters and the shipped list
 *   of common passwords, issue #12 item 8). The API validates first and "the pool must be the same
 *   or laxer", so the pool cannot demand the symbol cdk-nag COG1 wants: acknowledged.
 * - MFA is OPTIONAL with TOTP only (no SMS role, no SMS fraud surface). REQUIRED would add a sign-in
 *   step the specified login flow (spec part 1 §7: credentials in, tokens out) and the local Cognito
 *   emulator do not have; cdk-nag COG2 is acknowledged until the product adds an MFA screen.
 */

import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import { Construct } from 'constructs';
import { acknowledge } from '../nag';
import { pascal } from '../names';

/** shared/schemas/password.ts PASSWORD_MIN_LENGTH; the infra test keeps the two equal. */
export const MIN_PASSWORD_LENGTH = 12;

export interface AuthProps {
  stage: string;
  /** Cognito groups, one per role of the route table. */
  groups: readonly string[];
}

export class Auth extends Construct {
  readonly userPool: cognito.UserPool;
  readonly client: cognito.UserPoolClient;

  constructor(scope: Construct, id: string, props: AuthProps) {
    super(scope, id);

    this.userPool = new cognito.UserPool(this, 'UserPool', {
      userPoolName: `cuadra-${props.stage}`,
      signInAliases: { email: true },
      signInCaseSensitive: false,
      selfSignUpEnabled: true,
      autoVerify: { email: false },
      standardAttributes: { email: { required: true, mutable: true } },
      passwordPolicy: {
        minLength: MIN_PASSWORD_LENGTH,
        requireLowercase: true,
        requireUppercase: true,
        requireDigits: true,
        requireSymbols: false,
        tempPasswordValidity: Duration.days(3),
      },
      mfa: cognito.Mfa.OPTIONAL,
      mfaSecondFactor: { otp: true, sms: false },
      accountRecovery: cognito.AccountRecovery.EMAIL_ONLY,
      featurePlan: cognito.FeaturePlan.PLUS,
      standardThreatProtectionMode: cognito.StandardThreatProtectionMode.FULL_FUNCTION,
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    acknowledge(
      this.userPool,
      'AwsSolutions-COG1',
      'The pool mirrors the product password policy of shared/schemas/password.ts (12+ characters, upper, ' +
        'lower, digit; no symbol) so Cognito never refuses what the API accepted; common passwords are ' +
        'refused by the API from a shipped list and breached ones by Cognito threat protection (Plus plan).',
    );
    acknowledge(
      this.userPool,
      'AwsSolutions-COG2',
      'MFA is offered (TOTP, OPTIONAL) but not forced: the specified login flow has no MFA step yet and ' +
        'threat protection adds risk-based checks meanwhile; switch to REQUIRED with the MFA screen.',
    );

    for (const group of props.groups) {
      this.userPool.addGroup(pascal(group.toLowerCase()), { groupName: group });
    }

    this.client = this.userPool.addClient('WebClient', {
      userPoolClientName: 'cuadra-web',
      // USER_PASSWORD_AUTH (+ refresh): the SPA's Amplify sign-in uses it so the same code runs
      // against the local Cognito emulator, which has no SRP (reference/local-runtime.md §3).
      authFlows: { userPassword: true },
      generateSecret: false,
      disableOAuth: true,
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      accessTokenValidity: Duration.hours(1),
      idTokenValidity: Duration.hours(1),
      refreshTokenValidity: Duration.days(30),
    });
  }
}
