/** The smart inbox pages (issue 17) behind one small lazy module, as ../documents/pages.tsx. */
import { lazy } from 'react';

const Inbox = lazy(() => import('./index'));
const Advanced = lazy(() => import('./advanced'));
const Admin = lazy(() => import('./admin'));

export const SmartInboxRoute = () => <Inbox />;
export const SmartInboxAdvancedRoute = () => <Advanced />;
export const AdminSmartInboxRoute = () => <Admin />;
