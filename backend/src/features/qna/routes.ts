import {
  publicQuestionListSchema,
  publicQuestionSchema,
  publicSessionSchema,
  questionSubmissionSchema,
  uuidId,
} from '@gather/contracts';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { ApiRouter } from '../../http/endpoint.js';
import { QnaRepository } from './repository.js';
import { QnaService } from './service.js';

const sessionParams = z.object({ id: uuidId });

export function qnaRoutes(ctx: AppContext): ApiRouter {
  const service = new QnaService(new QnaRepository(ctx.db));
  return new ApiRouter()
    .endpoint(
      {
        method: 'get',
        path: '/api/qna/public/sessions/:id/',
        tag: 'qna',
        summary: 'An active Q&A session, for its public question page',
        params: sessionParams,
        response: publicSessionSchema,
      },
      ({ params }) => service.publicSession(params.id),
    )
    .endpoint(
      {
        method: 'get',
        path: '/api/qna/public/sessions/:id/questions/',
        tag: 'qna',
        summary: "An active session's questions, newest first",
        params: sessionParams,
        response: publicQuestionListSchema,
      },
      ({ params }) => service.publicQuestions(params.id),
    )
    .endpoint(
      {
        method: 'post',
        path: '/api/qna/public/sessions/:id/submit/',
        tag: 'qna',
        access: 'public',
        rateLimit: 'questions',
        summary: 'Ask a question (refused with 400 once the session has reached its max_questions)',
        params: sessionParams,
        body: questionSubmissionSchema,
        status: 201,
        response: publicQuestionSchema,
      },
      ({ params, body }) => service.submit(params.id, body),
    );
}
