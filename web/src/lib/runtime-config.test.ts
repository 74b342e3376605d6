import { afterEach, describe, expect, it, vi } from 'vitest';
import { getRuntimeConfig, loadRuntimeConfig, RuntimeConfigError, setRuntimeConfig } from './runtime-config';

const valid = {
  apiBaseUrl: 'https://api.cuadra.es/',
  region: 'eu-south-2',
  userPoolId: 'eu-south-2_abc',
  userPoolClientId: 'client123',
  wsUrl: 'wss://ws.cuadra.es',
};

const respond = (body: unknown, status = 200) =>
  vi
    .fn<typeof fetch>()
    .mockResolvedValue(new Response(typeof body === 'string' ? body : JSON.stringify(body), { status }));

afterEach(() => setRuntimeConfig(undefined));

describe('loadRuntimeConfig', () => {
  it('validates /config.json and keeps it for later readers', async () => {
    const fetchImpl = respond({ ...valid, userPoolEndpoint: '/_cognito' });

    const config = await loadRuntimeConfig(fetchImpl);

    expect(fetchImpl).toHaveBeenCalledWith('/config.json', expect.anything());
    expect(config.apiBaseUrl).toBe('https://api.cuadra.es');
    expect(config.userPoolEndpoint).toBe(`${window.location.origin}/_cognito`);
    expect(getRuntimeConfig()).toBe(config);
  });

  it('accepts an empty apiBaseUrl (same origin) and no userPoolEndpoint', async () => {
    const config = await loadRuntimeConfig(respond({ ...valid, apiBaseUrl: '' }));
    expect(config.apiBaseUrl).toBe('');
    expect(config.userPoolEndpoint).toBeUndefined();
  });

  it('names the invalid fields', async () => {
    const { userPoolId: _, ...missing } = valid;
    await expect(loadRuntimeConfig(respond({ ...missing, apiBaseUrl: 'ftp://x' }))).rejects.toThrow(
      'El archivo de configuración no es válido (apiBaseUrl, userPoolId).',
    );
  });

  it('fails with a Spanish reason on HTTP errors, bad JSON and no network', async () => {
    await expect(loadRuntimeConfig(respond('nope', 404))).rejects.toThrow(
      'El servidor respondió con el estado 404.',
    );
    await expect(loadRuntimeConfig(respond('<html>'))).rejects.toThrow(
      'El archivo de configuración no es un JSON válido.',
    );
    const offline = vi.fn<typeof fetch>().mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(loadRuntimeConfig(offline)).rejects.toBeInstanceOf(RuntimeConfigError);
  });
});
