import type { LocalCloudInfo } from './types';

/** Demo data for `npm start` (written by the lead; in progress). */
export async function seedDemoData(_info: LocalCloudInfo): Promise<{ email: string; role: string; description: string }[]> {
  return [];
}
