import { describe, expect, it } from 'vitest';
import { type DashboardLayout, type LayoutInput, selectDashboardLayout } from './layout';

const gestor = { role: 'GESTOR', isAutonomous: false, invitedByUserId: null };
const cliente = { role: 'CLIENTE', isAutonomous: false, invitedByUserId: null };
const sl = { companyType: 'SL' };
const autonomo = { companyType: 'AUTONOMO' };

const table: [string, LayoutInput, DashboardLayout][] = [
  ['no user', { user: null, companies: [] }, 'AUTONOMOUS'],
  ['an undefined user', { user: undefined, companies: [sl, sl] }, 'AUTONOMOUS'],
  ['an unknown role', { user: { ...cliente, role: 'AUDITOR' }, companies: [sl, sl] }, 'AUTONOMOUS'],
  ['ADMIN', { user: { ...cliente, role: 'ADMIN' }, companies: [sl, sl] }, 'ADMIN'],
  [
    'GESTOR of a gestoría',
    { user: gestor, gestorType: 'GESTORIA', companies: [sl, sl, autonomo] },
    'ADVISOR',
  ],
  [
    'GESTOR of a gestoría with one company',
    { user: gestor, gestorType: 'GESTORIA', companies: [sl] },
    'ADVISOR',
  ],
  [
    'GESTOR, one autónomo company',
    { user: gestor, gestorType: 'AUTONOMO', companies: [autonomo] },
    'AUTONOMOUS',
  ],
  ['GESTOR, one SL', { user: gestor, gestorType: 'EMPRESA', companies: [sl] }, 'COMPANY'],
  [
    'GESTOR, several companies',
    { user: gestor, gestorType: 'EMPRESA', companies: [sl, autonomo] },
    'CONSOLIDATED',
  ],
  [
    'GESTOR, several autónomos',
    { user: gestor, gestorType: null, companies: [autonomo, autonomo] },
    'CONSOLIDATED',
  ],
  ['GESTOR, type unanswered, one SL', { user: gestor, gestorType: null, companies: [sl] }, 'COMPANY'],
  ['GESTOR without companies', { user: gestor, gestorType: 'EMPRESA', companies: [] }, 'AUTONOMOUS'],
  ['CLIENTE autónomo', { user: { ...cliente, isAutonomous: true }, companies: [sl] }, 'AUTONOMOUS'],
  [
    'CLIENTE autónomo even when invited',
    { user: { ...cliente, isAutonomous: true, invitedByUserId: 'u-1' }, companies: [sl] },
    'AUTONOMOUS',
  ],
  [
    'CLIENTE invited by an advisor',
    { user: { ...cliente, invitedByUserId: 'u-1' }, companies: [sl] },
    'CLIENT',
  ],
  ['CLIENTE neither', { user: cliente, companies: [sl, sl] }, 'AUTONOMOUS'],
];

describe('selectDashboardLayout', () => {
  it.each(table)('%s → %s', (_name, input, expected) => {
    expect(selectDashboardLayout(input)).toBe(expected);
  });
});
