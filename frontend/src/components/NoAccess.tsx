import { Link } from 'react-router-dom';
import { EmptyState } from './States';

/** What a staff member sees of a section their roles do not open: no half-drawn page of refused calls. */
export function NoAccess() {
  return (
    <EmptyState title="You do not have access to this section">
      Ask an administrator if your work needs it. <Link to="/admin/dashboard">Back to the dashboard</Link>
    </EmptyState>
  );
}
