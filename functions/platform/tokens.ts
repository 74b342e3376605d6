/**
 * Single-use tokens sent by e-mail (verification, password reset, invitations): 32 random bytes,
 * base64url in the link, stored only as their SHA-256 so a leaked table does not leak live links.
 */

import { createHash, randomBytes } from 'node:crypto';

export const newToken = (): string => randomBytes(32).toString('base64url');

export const hashToken = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');
