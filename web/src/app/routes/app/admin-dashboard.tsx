import { AdminDashboard } from '@web/features/admin-dashboard/components/admin-dashboard';

/** /app/admin/dashboard (ADMIN only): the platform's stats, recent activity and quick actions. */
export default function AdminDashboardRoute() {
  return <AdminDashboard />;
}
