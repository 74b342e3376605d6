/**
 * A message for the login page carried in the router's location state, so pages that end on the
 * login (password reset, e-mail verified, activation) can say what just happened without a query
 * string anyone could forge into a fake "success" banner.
 */
export interface LoginNotice {
  type: 'success' | 'info';
  message: string;
}

export const loginNoticeState = (notice: LoginNotice) => ({ loginNotice: notice });

export function readLoginNotice(state: unknown): LoginNotice | null {
  if (!state || typeof state !== 'object') return null;
  const notice = (state as { loginNotice?: unknown }).loginNotice;
  if (!notice || typeof notice !== 'object') return null;
  const { type, message } = notice as Record<string, unknown>;
  if ((type === 'success' || type === 'info') && typeof message === 'string' && message) {
    return { type, message };
  }
  return null;
}
