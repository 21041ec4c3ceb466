import { lazy } from 'react';
import type { QnaPanels } from '../lib/qna-panels';

/** The live polls in the Q&A session's pages: each part its own chunk, loaded only where it is drawn. */
export const qnaPanels: QnaPanels = {
  Audience: lazy(() => import('../features/polls/audience/AudiencePoll').then((m) => ({ default: m.AudiencePoll }))),
  Moderator: lazy(() => import('../features/polls/moderation/PollsPanel').then((m) => ({ default: m.PollsPanel }))),
  Projector: lazy(() =>
    import('../features/polls/projector/OpenPollOnScreen').then((m) => ({ default: m.OpenPollOnScreen })),
  ),
};
