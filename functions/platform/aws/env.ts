/** Configuration from the environment, which both the CDK stack and the local cloud set. */

import { envNames } from '@shared/config/env-names';

export function requireEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`Missing environment variable ${name}`);
  return value;
}

export const tableName = (): string => requireEnv(envNames.table);

/** One value per container, created on first use. */
export const once = <T>(make: () => T): (() => T) => {
  let value: T | undefined;
  return () => {
    value ??= make();
    return value;
  };
};
