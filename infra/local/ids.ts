/**
 * Generated identifiers that must survive restarts (cognito-local makes the pool id up), kept in
 * <dataDir>/ids.json. The SPA, tokens and seeded users all refer to them.
 */

import fs from 'node:fs';
import path from 'node:path';

export interface LocalIds {
  userPoolId?: string;
  userPoolClientId?: string;
  /** Tokens carry cognito-local's URL as issuer, so the same port is reused when it is free. */
  cognitoPort?: number;
}

export function readIds(dataDir: string): LocalIds {
  try {
    return JSON.parse(fs.readFileSync(path.join(dataDir, 'ids.json'), 'utf8')) as LocalIds;
  } catch {
    return {};
  }
}

export function writeIds(dataDir: string, ids: LocalIds): void {
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(path.join(dataDir, 'ids.json'), `${JSON.stringify(ids, null, 2)}\n`);
}
