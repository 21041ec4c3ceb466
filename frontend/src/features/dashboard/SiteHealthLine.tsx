import type { HealthCheckName } from '@gather/contracts';
import { Alert } from '../../components/States';
import { useSiteHealth } from './api';

const NAMES: Record<HealthCheckName, string> = {
  database: 'Database',
  redis: 'Redis',
  worker: 'Background worker',
  mail: 'Mail',
  disk: 'Disk',
};

/** A line on the dashboard only when something is wrong (worker silent, mail failing, disk nearly full). */
export function SiteHealthLine() {
  const { data } = useSiteHealth();
  if (!data?.problems.length) return null;
  const failing = data.problems.some((problem) => problem.status === 'failing');
  return (
    <Alert tone={failing ? 'error' : 'warning'}>
      <strong>Site health:</strong>{' '}
      {data.problems.map((problem) => `${NAMES[problem.check]}: ${problem.detail}.`).join(' ')}
    </Alert>
  );
}
