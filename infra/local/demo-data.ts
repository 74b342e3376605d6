/**
 * The demo world of `npm start`: a gestoría with three client companies, a second gestoría,
 * a client user and an autónomo without advisor. NIFs pass their check characters; names and
 * addresses are realistic but invented.
 */

import type { Role } from '@shared/api/routes';
import type { Address, ClientPermission, CompanyRole, CompanyType, FiscalData } from '@shared/db/records';
import type { PlanCode, SubscriptionAddon, SubscriptionStatus } from '@shared/schemas/billing';

export const DEMO_PASSWORD = 'Cuadra-Demo-2026';

export interface DemoUser {
  email: string;
  role: Role;
  firstName: string;
  lastName: string;
  phone: string;
  isAutonomous: boolean;
  firmName?: string;
  /** The e-mail of the account that invited this client to the platform (a client with an advisor). */
  invitedBy?: string;
  description: string;
}

export interface DemoCompany {
  companyId: string;
  name: string;
  nif: string;
  companyType: CompanyType;
  email: string;
  phone: string;
  address: Address;
  fiscal: FiscalData;
  siiEnabled: boolean;
  /** Members: e-mail of the demo user, role in the company, client permissions. */
  members: { email: string; companyRole: CompanyRole; permissions: ClientPermission[]; default?: boolean }[];
}

const ALL: ClientPermission[] = [
  'VIEW_INVOICES',
  'VIEW_TAX_DOCUMENTS',
  'VIEW_ACCOUNTING_DATA',
  'UPLOAD_DOCUMENTS',
];

export const demoUsers: DemoUser[] = [
  {
    email: 'admin@cuadra.test',
    role: 'ADMIN',
    firstName: 'Elena',
    lastName: 'Prieto Castaño',
    phone: '+34 910 000 001',
    isAutonomous: false,
    description: 'Administradora de la plataforma (ve todas las empresas)',
  },
  {
    email: 'gestor@cuadra.test',
    role: 'GESTOR',
    firstName: 'Lucía',
    lastName: 'Martínez Ortega',
    phone: '+34 915 234 567',
    isAutonomous: false,
    firmName: 'Asesoría Martínez & Asociados',
    description: 'Gestora con tres empresas cliente (autónomo, SL y SA)',
  },
  {
    email: 'gestor2@cuadra.test',
    role: 'GESTOR',
    firstName: 'Pablo',
    lastName: 'Navarro Ruiz',
    phone: '+34 954 876 543',
    isAutonomous: false,
    firmName: 'Navarro Asesores',
    description: 'Gestor de otra asesoría, con una empresa propia',
  },
  {
    email: 'cliente@cuadra.test',
    role: 'CLIENTE',
    firstName: 'Ana',
    lastName: 'Torres Vidal',
    phone: '+34 963 112 233',
    isAutonomous: false,
    // Invited by her gestora (spec part 3 §2: a CLIENTE with invitedByUserId gets the with-advisor dashboard).
    invitedBy: 'gestor@cuadra.test',
    description: 'Cliente de la gestora en Panadería La Espiga SL (facturas, impuestos y documentos)',
  },
  {
    email: 'autonomo@cuadra.test',
    role: 'CLIENTE',
    firstName: 'Marta',
    lastName: 'Sánchez López',
    phone: '+34 622 345 678',
    isAutonomous: true,
    description: 'Autónoma sin gestor, con su propia empresa',
  },
];

const irpf: FiscalData = {
  vatRegime: 'GENERAL',
  directTax: 'IRPF_ESTIMACION_DIRECTA',
  largeCompany: false,
  redeme: false,
};
const is = (extra: Partial<FiscalData> = {}): FiscalData => ({
  vatRegime: 'GENERAL',
  directTax: 'IMPUESTO_SOCIEDADES',
  largeCompany: false,
  redeme: false,
  ...extra,
});

export const demoCompanies: DemoCompany[] = [
  {
    companyId: 'demo-romero-fontaneria',
    name: 'Javier Romero Gil',
    nif: '45123876S',
    companyType: 'AUTONOMO',
    email: 'javier@fontaneriaromero.test',
    phone: '+34 611 234 987',
    address: {
      street: 'Calle de Embajadores 41, 2º B',
      postalCode: '28012',
      city: 'Madrid',
      province: 'Madrid',
      country: 'ES',
    },
    fiscal: { ...irpf, activityCode: '504.1', activityDescription: 'Instalaciones de fontanería' },
    siiEnabled: false,
    members: [{ email: 'gestor@cuadra.test', companyRole: 'GESTOR', permissions: ALL }],
  },
  {
    companyId: 'demo-panaderia-espiga',
    name: 'Panadería La Espiga SL',
    nif: 'B46128732',
    companyType: 'SL',
    email: 'administracion@laespiga.test',
    phone: '+34 963 520 410',
    address: {
      street: 'Carrer de Sueca 18',
      postalCode: '46006',
      city: 'València',
      province: 'Valencia',
      country: 'ES',
    },
    fiscal: is({ activityCode: '1071', activityDescription: 'Fabricación de pan y productos de panadería' }),
    siiEnabled: false,
    members: [
      { email: 'gestor@cuadra.test', companyRole: 'GESTOR', permissions: ALL, default: true },
      {
        email: 'cliente@cuadra.test',
        companyRole: 'CLIENTE',
        permissions: ['VIEW_INVOICES', 'VIEW_TAX_DOCUMENTS', 'UPLOAD_DOCUMENTS'],
        default: true,
      },
    ],
  },
  {
    companyId: 'demo-transportes-levante',
    name: 'Transportes Levante Norte SA',
    nif: 'A50342195',
    companyType: 'SA',
    email: 'contabilidad@levantenorte.test',
    phone: '+34 976 300 200',
    address: {
      street: 'Polígono Plaza, Calle Bari 25',
      postalCode: '50197',
      city: 'Zaragoza',
      province: 'Zaragoza',
      country: 'ES',
    },
    // Turnover above 6 M€: a large company, so it reports through the SII.
    fiscal: is({
      activityCode: '4941',
      activityDescription: 'Transporte de mercancías por carretera',
      largeCompany: true,
    }),
    siiEnabled: true,
    members: [{ email: 'gestor@cuadra.test', companyRole: 'GESTOR', permissions: ALL }],
  },
  {
    companyId: 'demo-navarro-asesores',
    name: 'Navarro Asesores SL',
    nif: 'B91876342',
    companyType: 'SL',
    email: 'info@navarroasesores.test',
    phone: '+34 954 220 330',
    address: {
      street: 'Avenida de la Constitución 12',
      postalCode: '41004',
      city: 'Sevilla',
      province: 'Sevilla',
      country: 'ES',
    },
    fiscal: is({
      activityCode: '6920',
      activityDescription: 'Actividades de contabilidad y asesoría fiscal',
    }),
    siiEnabled: false,
    members: [{ email: 'gestor2@cuadra.test', companyRole: 'OWNER', permissions: ALL, default: true }],
  },
  {
    companyId: 'demo-marta-sanchez',
    name: 'Marta Sánchez López',
    nif: '52987341X',
    companyType: 'AUTONOMO',
    email: 'hola@martasanchez.test',
    phone: '+34 622 345 678',
    address: {
      street: 'Calle Alfonso I 7, 3º A',
      postalCode: '50003',
      city: 'Zaragoza',
      province: 'Zaragoza',
      country: 'ES',
    },
    fiscal: { ...irpf, activityCode: '844', activityDescription: 'Diseño gráfico' },
    siiEnabled: false,
    members: [{ email: 'autonomo@cuadra.test', companyRole: 'OWNER', permissions: ALL, default: true }],
  },
];

export interface DemoSubscription {
  email: string;
  subscriptionId: string;
  planCode: PlanCode;
  status: SubscriptionStatus;
  addons: SubscriptionAddon[];
}

/**
 * Who pays for what, so every plan rule is visible with a demo account: the first gestora on the
 * Professional plan (accounting and payroll), the second gestor on Starter (no Usuarios, Compartir
 * con Clientes nor Revisión de Documentos, no payroll), the autónoma on a trial, the administrator on
 * Enterprise (ADMIN passes every gate anyway). The cliente pays for nothing: its gestoría does, and a
 * client inherits no plan.
 */
export const demoSubscriptions: DemoSubscription[] = [
  {
    email: 'gestor@cuadra.test',
    subscriptionId: 'demo-sub-martinez',
    planCode: 'GESTORIA_PROFESSIONAL',
    status: 'ACTIVE',
    addons: [],
  },
  {
    email: 'gestor2@cuadra.test',
    subscriptionId: 'demo-sub-navarro',
    planCode: 'GESTORIA_STARTER',
    status: 'ACTIVE',
    addons: [],
  },
  {
    email: 'autonomo@cuadra.test',
    subscriptionId: 'demo-sub-marta',
    planCode: 'STANDARD_STARTER',
    status: 'TRIAL',
    addons: [],
  },
  {
    email: 'admin@cuadra.test',
    subscriptionId: 'demo-sub-admin',
    planCode: 'ENTERPRISE_PROFESSIONAL',
    status: 'ACTIVE',
    addons: [],
  },
];
