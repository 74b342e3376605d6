/**
 * The companion of claims.test.tsx: with every area switched on in shared/capabilities.ts, the
 * claims of each area appear on the pages, so the absence checked there is the registry's doing.
 */
import { CAPABILITIES, type Capability, capabilityCatalogue } from '@shared/capabilities';
import { fetchAuthSession } from 'aws-amplify/auth';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { noSession } from '../../../testing/amplify';
import { everyPublicText } from './testing/public-text';

vi.mock('@shared/capabilities', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@shared/capabilities')>();
  const on = Object.fromEntries(actual.CAPABILITIES.map((c) => [c, true])) as Record<Capability, boolean>;
  return { ...actual, ...actual.capabilityRegistry(on) };
});
vi.mock('aws-amplify/auth', () => ({
  signIn: vi.fn(),
  signOut: vi.fn(),
  fetchAuthSession: vi.fn(),
  getCurrentUser: vi.fn(),
}));
vi.mock('@web/lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@web/lib/api-client')>()),
  apiRequest: vi.fn(),
}));

let all: string;

beforeAll(async () => {
  vi.mocked(fetchAuthSession).mockResolvedValue(noSession());
  all = Object.values(await everyPublicText()).join('\n');
}, 60_000);

// Areas nothing promises yet (no page speaks of meetings) are left out.
const CLAIMED = CAPABILITIES.filter((c) => !capabilityCatalogue[c].available && c !== 'meetings');

describe('with every area available', () => {
  it.each(CLAIMED)('the claims of %s appear', (capability) => {
    expect(all).toMatch(capabilityCatalogue[capability].claimPattern);
  });
});
