/**
 * Everything the SPA keeps in the browser, for the cookie policy (LSSI-CE art. 22.2 covers
 * localStorage and sessionStorage as much as cookies). Keep this list in step with the keys the
 * code writes: web/src/lib/session.ts, Amplify's token storage and the cookie banner.
 */

import { COOKIE_CONSENT_KEY } from '@web/components/cookie-consent/consent';
import { STORAGE_KEYS } from '@web/lib/session';

export type StorageCategory = 'essential' | 'preferences' | 'analytics' | 'marketing';

export interface StorageItem {
  name: string;
  /** Where it lives: the browser's localStorage or sessionStorage, or a cookie. */
  storage: string;
  purpose: string;
  duration: string;
  category: StorageCategory;
}

export const BROWSER_STORAGE: StorageItem[] = [
  {
    name: 'CognitoIdentityServiceProvider.* (accessToken, idToken, refreshToken, LastAuthUser)',
    storage: 'localStorage, o sessionStorage si no marcas «Recordarme»',
    purpose:
      'Mantener tu sesión iniciada: el token de acceso (auth_token) identifica tus peticiones y el token de renovación (refresh_token) la renueva sin pedirte de nuevo la contraseña.',
    duration:
      'Hasta que cierres sesión. El token de acceso caduca a la hora y el de renovación a los 30 días; sin «Recordarme», al cerrar la pestaña.',
    category: 'essential',
  },
  {
    name: STORAGE_KEYS.rememberMe,
    storage: 'localStorage',
    purpose: 'Recordar si pediste mantener la sesión abierta al cerrar el navegador.',
    duration: 'Hasta el siguiente inicio de sesión o hasta que borres los datos del sitio.',
    category: 'essential',
  },
  {
    name: STORAGE_KEYS.selectedCompany,
    storage: 'localStorage',
    purpose: 'Recordar la empresa con la que estás trabajando para que las pantallas muestren sus datos.',
    duration: 'Hasta que cierres sesión o cambies de empresa.',
    category: 'essential',
  },
  {
    name: COOKIE_CONSENT_KEY,
    storage: 'localStorage',
    purpose: 'Guardar tu elección sobre cookies (categorías aceptadas, versión de la política y fecha).',
    duration: '30 días; después, o si cambia la versión de esta política, te lo volvemos a preguntar.',
    category: 'essential',
  },
];

export const STORAGE_CATEGORIES: { category: StorageCategory; title: string; text: string }[] = [
  {
    category: 'essential',
    title: 'Esenciales (siempre activas)',
    text: 'Imprescindibles para iniciar sesión, mantenerla de forma segura y recordar la empresa seleccionada. Están exentas de consentimiento porque sin ellas no podemos prestarte el servicio que pides (art. 22.2 LSSI-CE), y no se pueden desactivar desde el panel.',
  },
  {
    category: 'preferences',
    title: 'Preferencias',
    text: 'Recordarían opciones de presentación que no son necesarias para usar Cuadra. Desactivadas salvo que las aceptes.',
  },
  {
    category: 'analytics',
    title: 'Análisis',
    text: 'Medirían de forma agregada cómo se usa la aplicación para mejorarla. Desactivadas salvo que las aceptes.',
  },
  {
    category: 'marketing',
    title: 'Marketing',
    text: 'Permitirían medir campañas publicitarias o mostrarte publicidad de Cuadra en otros sitios. Desactivadas salvo que las aceptes.',
  },
];
