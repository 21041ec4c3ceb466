import type { StaffPageHandle } from '../../lib/staff-sections';
import type { PublicQuestion } from '@gather/contracts';
import type { FeatureRoutes } from '../../lib/feature-routes';
import { asShown } from '../../lib/live/cache';
import type { PageMeta } from '../../lib/meta';
import type { DataHandle } from '../../lib/page-data';
import { queryKeys } from '../../lib/query-keys';

export const qnaRoutes = {
  public: [
    {
      path: 'qna/submit/:sessionId',
      handle: {
        title: 'Ask a Question',
        description: 'Send a question to the moderators of this Q&A session.',
        data: ({ sessionId = '' }) => {
          const session = `/api/qna/public/sessions/${encodeURIComponent(sessionId)}`;
          return [
            { queryKey: queryKeys.qna.session(sessionId), path: `${session}/`, subject: true },
            {
              queryKey: queryKeys.qna.audienceQuestions(sessionId),
              path: `${session}/questions/`,
              cache: (questions: PublicQuestion[]) => questions.map(asShown),
            },
          ];
        },
      } satisfies PageMeta & DataHandle,
      lazy: () => import('./submit/QuestionSubmitPage').then((m) => ({ Component: m.QuestionSubmitPage })),
    },
  ],
  staffFullScreen: [
    {
      path: 'qna/view/:sessionId',
      handle: {
        title: 'Q&A Moderation',
        description: 'Moderate the questions of a live Q&A session.',
        roles: ['live'],
      } satisfies StaffPageHandle,
      lazy: () => import('./moderation/ModeratorPage').then((m) => ({ Component: m.ModeratorPage })),
    },
  ],
} satisfies FeatureRoutes;
