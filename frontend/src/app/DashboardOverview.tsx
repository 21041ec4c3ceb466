import { useStaffUser } from '../features/auth/api';
import { NeedsAttention } from '../features/attention/NeedsAttention';
import { OverviewSection } from '../features/dashboard/OverviewSection';

/** The dashboard's overview, with what needs attention on it: two features, composed here. */
export function DashboardOverview() {
  const roles = useStaffUser().data?.roles ?? [];
  return <OverviewSection roles={roles} needsAttention={<NeedsAttention roles={roles} />} />;
}
