/**
 * What `npm start` gives the functions to reach the sandbox bank: its base URL and its demo
 * credentials SEALED by the secret box (the local key file stands in for KMS), exactly the shape
 * AWS gets (envNames.bankFeedCredentials), so no secret sits in clear in the environment.
 */

import { sealFeedCredentials } from '@functions/domains/banking/store/psd2';
import { envNames } from '@shared/config/env-names';
import { SANDBOX_BANK_CREDENTIALS } from './server';

/** Call once `CERTIFICATES_LOCAL_KEY_FILE` is in process.env (the secret box reads it). */
export async function sandboxBankEnv(url: string): Promise<Record<string, string>> {
  return {
    [envNames.bankFeedBaseUrl]: url,
    [envNames.bankFeedCredentials]: await sealFeedCredentials({ ...SANDBOX_BANK_CREDENTIALS }),
  };
}
