/** Seeding shared by the bench mains. */

import { type DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { membershipItem, profileItem } from '@shared/db/records';

export interface BenchMember {
  companyId: string;
  userId: string;
  companyRole?: 'GESTOR' | 'CLIENTE';
  email: string;
  firstName: string;
  lastName: string;
  /** createdAt and updatedAt. */
  at: string;
}

/** An active membership without extra permissions (GESTOR unless told). */
export const benchMembershipItem = (m: BenchMember) =>
  membershipItem({
    companyId: m.companyId,
    userId: m.userId,
    companyRole: m.companyRole ?? 'GESTOR',
    permissions: [],
    isActive: true,
    email: m.email,
    firstName: m.firstName,
    lastName: m.lastName,
    createdAt: m.at,
    updatedAt: m.at,
  });

export async function putBenchMembership(
  db: DynamoDBDocumentClient,
  table: string,
  m: BenchMember,
): Promise<void> {
  await db.send(new PutCommand({ TableName: table, Item: benchMembershipItem(m) }));
}

/** The bench gestor's user profile (an advisory firm's, active, e-mail verified). */
export const benchGestorProfileItem = (userId: string, email: string, at: string) =>
  profileItem({
    userId,
    email,
    firstName: 'Gestora',
    lastName: 'Banco Pruebas',
    role: 'GESTOR',
    isAutonomous: false,
    firmName: 'Asesoría Banco de Pruebas',
    emailVerified: true,
    isActive: true,
    createdAt: at,
    updatedAt: at,
  });
