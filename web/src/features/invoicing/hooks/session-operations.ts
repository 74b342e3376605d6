/**
 * The bulk operations started in this browser session (sessionStorage), so the bulk-operations
 * page lists them even when opened from the menu; a link can also carry them in `?ids=`.
 */
const KEY = 'cuadra.invoicing.bulkOperations';

export function sessionOperations(): string[] {
  try {
    const raw = window.sessionStorage.getItem(KEY);
    const list = raw ? (JSON.parse(raw) as unknown) : [];
    return Array.isArray(list) ? list.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

export function rememberOperation(operationId: string): void {
  try {
    const list = [operationId, ...sessionOperations().filter((id) => id !== operationId)].slice(0, 50);
    window.sessionStorage.setItem(KEY, JSON.stringify(list));
  } catch {
    // No storage (private mode): the link's ?ids= still carries it.
  }
}
