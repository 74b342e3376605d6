/**
 * Amplify's sign-in and sign-out, loaded only when used: their flows (SRP, passkeys, devices)
 * weigh about 12 kB gzip that the first screen, the login included, does not need to paint.
 */
export { signIn, signOut } from 'aws-amplify/auth';
