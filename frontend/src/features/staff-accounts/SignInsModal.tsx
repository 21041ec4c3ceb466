import type { StaffAccount } from '@gather/contracts';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import staffPage from '../../components/StaffPage.module.css';
import { Alert, LoadingState } from '../../components/States';
import { formatDateTime } from '../../lib/format';
import { useSignIns } from './api';

export function SignInsModal({ account, onClose }: { account: StaffAccount; onClose: () => void }) {
  const signIns = useSignIns(account.id);
  return (
    <Modal
      open
      size="lg"
      onClose={onClose}
      title={`Sign-ins of ${account.username}`}
      footer={<Button onClick={onClose}>Close</Button>}
    >
      {signIns.isPending && <LoadingState />}
      {signIns.isError && <Alert>Error loading sign-ins. Please try again.</Alert>}
      {signIns.data?.length === 0 && <p>No sign-ins yet.</p>}
      {signIns.data && signIns.data.length > 0 && (
        <div className={staffPage.tableWrap}>
          <table className={staffPage.table}>
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Address</th>
                <th scope="col">Browser</th>
              </tr>
            </thead>
            <tbody>
              {signIns.data.map((signIn, index) => (
                <tr key={`${signIn.signed_in_at}-${index}`}>
                  <td>{formatDateTime(signIn.signed_in_at)}</td>
                  <td>{signIn.address}</td>
                  <td title={signIn.user_agent}>{signIn.user_agent.slice(0, 60) || 'Unknown'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p>The last 50 sign-ins of each account are kept.</p>
    </Modal>
  );
}
