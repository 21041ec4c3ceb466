import type { Campaign } from '@gather/contracts';
import { Button } from '../../../components/Button';
import { useConfirm } from '../../../components/Confirm';
import { useToast } from '../../../components/Toast';
import { ApiError } from '../../../lib/api';
import { useCampaignAction, useDuplicateCampaign, type CampaignAction } from './api';

interface ActionLook {
  label: string;
  busyText: string;
  done: string;
  variant: 'secondary' | 'quietDanger';
}

const ACTIONS: Record<Exclude<CampaignAction, 'schedule'>, ActionLook> = {
  unschedule: { label: 'Unschedule', busyText: 'Unscheduling...', done: 'Back to drafts', variant: 'secondary' },
  pause: { label: 'Pause', busyText: 'Pausing...', done: 'Sending paused', variant: 'secondary' },
  resume: { label: 'Resume', busyText: 'Resuming...', done: 'Sending resumed', variant: 'secondary' },
  cancel: { label: 'Cancel sending', busyText: 'Cancelling...', done: 'Sending cancelled', variant: 'quietDanger' },
  'retry-failed': {
    label: 'Retry failed',
    busyText: 'Retrying...',
    done: 'Failed emails are being sent again',
    variant: 'secondary',
  },
};

/** What staff may do to a campaign in its present state. */
export function actionsFor(campaign: Campaign): Array<keyof typeof ACTIONS> {
  switch (campaign.status) {
    case 'scheduled':
      return ['unschedule', 'cancel'];
    case 'sending':
      return ['pause', 'cancel'];
    case 'paused':
      return ['resume', 'cancel'];
    case 'sent_with_failures':
      return ['retry-failed'];
    default:
      return [];
  }
}

export function CampaignActions({
  campaign,
  onDuplicated,
}: {
  campaign: Campaign;
  /** Given, a Duplicate button makes a new draft and opens it. */
  onDuplicated?: (draftId: number) => void;
}) {
  const toast = useToast();
  const confirm = useConfirm();
  const act = useCampaignAction();
  const duplicate = useDuplicateCampaign();

  async function run(action: keyof typeof ACTIONS) {
    const look = ACTIONS[action];
    if (action === 'cancel') {
      const sure = await confirm({
        title: `Cancel sending “${campaign.subject}”?`,
        message: 'People not yet reached will get nothing. This cannot be undone.',
        confirmLabel: 'Cancel sending',
        tone: 'danger',
      });
      if (!sure) return;
    }
    act.mutate(
      { campaignId: campaign.id, action },
      {
        onSuccess: () => toast.success(look.done),
        onError: (error) =>
          toast.error(
            (error instanceof ApiError && error.detail) || `Could not ${look.label.toLowerCase()}. Please try again.`,
          ),
      },
    );
  }

  return (
    <>
      {actionsFor(campaign).map((action) => (
        <Button
          key={action}
          size="sm"
          variant={ACTIONS[action].variant}
          busy={act.isPending && act.variables?.action === action}
          busyText={ACTIONS[action].busyText}
          onClick={() => void run(action)}
        >
          {ACTIONS[action].label}
        </Button>
      ))}
      {onDuplicated && campaign.status !== 'draft' && (
        <Button
          size="sm"
          variant="ghost"
          busy={duplicate.isPending}
          busyText="Copying..."
          onClick={() =>
            duplicate.mutate(campaign.id, {
              onSuccess: (draft) => {
                toast.success('Copied as a new draft');
                onDuplicated(draft.id);
              },
              onError: () => toast.error('Error copying the email. Please try again.'),
            })
          }
        >
          Duplicate
        </Button>
      )}
    </>
  );
}
