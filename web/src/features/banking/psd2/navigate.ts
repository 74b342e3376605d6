/** Leaves the app for the bank's consent page (the provider's link); a module of its own so tests can replace it. */
export function goToBank(link: string): void {
  window.location.assign(link);
}
