import { Amplify } from 'aws-amplify';
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyTokenStorage, configure } from './amplify-auth';
import type { RuntimeConfig } from './runtime-config';

vi.mock('aws-amplify', () => ({ Amplify: { configure: vi.fn() } }));
vi.mock('aws-amplify/auth/cognito', () => ({
  cognitoUserPoolsTokenProvider: { setKeyValueStorage: vi.fn() },
}));
vi.mock('aws-amplify/utils', () => ({ defaultStorage: 'local-storage', sessionStorage: 'session-storage' }));

const CONFIG: RuntimeConfig = {
  apiBaseUrl: '',
  region: 'eu-south-2',
  userPoolId: 'eu-south-2_pool',
  userPoolClientId: 'client-1',
  wsUrl: 'ws://localhost/ws',
};
const setKeyValueStorage = vi.mocked(cognitoUserPoolsTokenProvider.setKeyValueStorage);

afterEach(() => {
  vi.clearAllMocks();
  localStorage.clear();
});

describe('the Amplify chunk', () => {
  it('points Amplify at the user pool, with the local Cognito shim when there is one', () => {
    configure(CONFIG);
    expect(Amplify.configure).toHaveBeenLastCalledWith({
      Auth: { Cognito: { userPoolId: 'eu-south-2_pool', userPoolClientId: 'client-1' } },
    });
    configure({ ...CONFIG, userPoolEndpoint: '/_cognito' });
    expect(Amplify.configure).toHaveBeenLastCalledWith({
      Auth: {
        Cognito: {
          userPoolId: 'eu-south-2_pool',
          userPoolClientId: 'client-1',
          userPoolEndpoint: '/_cognito',
        },
      },
    });
  });

  it('keeps the tokens where "Recordarme" said, after configuring (which resets the storage)', () => {
    configure(CONFIG);
    expect(setKeyValueStorage).toHaveBeenLastCalledWith('local-storage');
    expect(vi.mocked(Amplify.configure).mock.invocationCallOrder[0]).toBeLessThan(
      setKeyValueStorage.mock.invocationCallOrder[0] ?? 0,
    );

    localStorage.setItem('remember_me', 'false');
    configure(CONFIG);
    expect(setKeyValueStorage).toHaveBeenLastCalledWith('session-storage');

    applyTokenStorage(true);
    expect(setKeyValueStorage).toHaveBeenLastCalledWith('local-storage');
  });

  it('leaves Amplify as it is without a user pool (tests, before /config.json)', () => {
    configure(null);
    expect(Amplify.configure).not.toHaveBeenCalled();
    expect(setKeyValueStorage).toHaveBeenCalledWith('local-storage');
  });
});
