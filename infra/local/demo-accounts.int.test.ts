/** Every demo account logs in through the API and sees exactly the companies it should. */

import { describe, expect, inject, it } from 'vitest';
import { apiClient } from './testing/api';

const api = apiClient(inject('localCloud').url);

const expected: Record<string, { role: string; companies: string[]; defaultCompany?: string }> = {
  'admin@cuadra.test': {
    role: 'ADMIN',
    companies: [
      'demo-marta-sanchez',
      'demo-navarro-asesores',
      'demo-panaderia-espiga',
      'demo-romero-fontaneria',
      'demo-transportes-levante',
    ],
  },
  'gestor@cuadra.test': {
    role: 'GESTOR',
    companies: ['demo-panaderia-espiga', 'demo-romero-fontaneria', 'demo-transportes-levante'],
    defaultCompany: 'demo-panaderia-espiga',
  },
  'gestor2@cuadra.test': {
    role: 'GESTOR',
    companies: ['demo-navarro-asesores'],
    defaultCompany: 'demo-navarro-asesores',
  },
  'cliente@cuadra.test': {
    role: 'CLIENTE',
    companies: ['demo-panaderia-espiga'],
    defaultCompany: 'demo-panaderia-espiga',
  },
  'autonomo@cuadra.test': {
    role: 'CLIENTE',
    companies: ['demo-marta-sanchez'],
    defaultCompany: 'demo-marta-sanchez',
  },
};

type Entry = { companyId: string; isDefault: boolean; nif: string; companyType: string };

describe('demo accounts', () => {
  it.each(Object.keys(expected))('%s logs in and sees its companies', async (email) => {
    const want = expected[email]!;
    const login = await api.request<{
      accessToken: string;
      refreshToken: string;
      user: { role: string; email: string };
    }>('POST', '/api/v1/auth/login', { body: { email, password: 'Cuadra-Demo-2026', rememberMe: true } });
    expect(login.status).toBe(200);
    if (!login.body.success) throw new Error('login failed');
    expect(login.body.data.accessToken).toBeTruthy();
    expect(login.body.data.refreshToken).toBeTruthy();
    expect(login.body.data.user).toMatchObject({ email, role: want.role });

    // Other test files create companies of their own (the cockpit's creates a hundred): read every page.
    const content: Entry[] = [];
    for (let page = 0; ; page++) {
      const list = await api.request<{ content: Entry[]; totalElements: number }>(
        'GET',
        '/api/v1/companies',
        {
          token: login.body.data.accessToken,
          query: { size: '100', page: String(page) },
        },
      );
      expect(list.status).toBe(200);
      if (!list.body.success) throw new Error('list failed');
      content.push(...list.body.data.content);
      if (list.body.data.content.length < 100 || content.length >= list.body.data.totalElements) break;
    }
    const list = { body: { data: { content } } };
    // The demo companies must be exactly these.
    const ids = list.body.data.content
      .map((c) => c.companyId)
      .filter((id) => id.startsWith('demo-'))
      .sort();
    expect(ids).toEqual(want.companies);
    if (want.defaultCompany) {
      expect(list.body.data.content.filter((c) => c.isDefault).map((c) => c.companyId)).toEqual([
        want.defaultCompany,
      ]);
    }
  });

  it('the autónomo is a CLIENTE flagged isAutonomous and the cliente has its three permissions', async () => {
    const autonomo = await api.login('autonomo@cuadra.test');
    const profile = await api.request<{ isAutonomous: boolean }>('GET', '/api/v1/users/profile', {
      token: autonomo,
    });
    expect(profile.body.success && profile.body.data.isAutonomous).toBe(true);

    const cliente = await api.login('cliente@cuadra.test');
    const company = await api.request<{ myRole: string; myPermissions: string[] }>(
      'GET',
      '/api/v1/companies/demo-panaderia-espiga',
      { token: cliente },
    );
    expect(company.body.success && company.body.data.myRole).toBe('CLIENTE');
    expect(company.body.success && [...company.body.data.myPermissions].sort()).toEqual([
      'UPLOAD_DOCUMENTS',
      'VIEW_INVOICES',
      'VIEW_TAX_DOCUMENTS',
    ]);
  });

  it('a wrong password is AUTH_001 with the Spanish message', async () => {
    const res = await api.request('POST', '/api/v1/auth/login', {
      body: { email: 'gestor2@cuadra.test', password: 'Incorrecta-1', rememberMe: false },
    });
    expect(res.status).toBe(401);
    expect(res.body.success === false && res.body.error).toMatchObject({
      code: 'AUTH_001',
      message: 'Email o contraseña incorrectos. Verifica tus datos e inténtalo de nuevo.',
    });
  });

  it('health answers without a token', async () => {
    const res = await api.request<{ status: string }>('GET', '/api/v1/health');
    expect(res.status).toBe(200);
    expect(res.body.success && res.body.data.status).toBe('UP');
  });
});
