import { lazy } from 'react';
import type { QnaPanels } from '../lib/qna-panels';

/** The live polls in the Q&A session's pages and its download: each part its own chunk, loaded where it is used. */
export const qnaPanels: QnaPanels = {
  Audience: lazy(() => import('../features/polls/audience/AudiencePoll').then((m) => ({ default: m.AudiencePoll }))),
  Moderator: lazy(() => import('../features/polls/moderation/PollsPanel').then((m) => ({ default: m.PollsPanel }))),
  Projector: lazy(() =>
    import('../features/polls/projector/OpenPollOnScreen').then((m) => ({ default: m.OpenPollOnScreen })),
  ),
  exportParts: (sessionId) => import('../features/polls/export').then((m) => m.pollsExport(sessionId)),
};
