/**
 * The pages under /app, matched below the `/app/*` route of route-table.tsx: their list, access
 * rules and the application shell are a lazy chunk of their own, not part of the login page.
 */
import { useRoutes } from 'react-router-dom';
import { appSectionRoutes } from './router';

export default function AppSection() {
  return useRoutes(appSectionRoutes);
}
