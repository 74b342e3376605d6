/** AWS errors recognised by name: SDK v3 error classes differ between packages and versions. */

export const errorName = (e: unknown): string => {
  const name = (e as { name?: unknown } | null | undefined)?.name;
  return typeof name === 'string' ? name : '';
};

export const errorMessage = (e: unknown): string => (e instanceof Error ? e.message : '');
