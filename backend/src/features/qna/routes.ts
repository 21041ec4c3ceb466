import {
  integerId,
  publicQuestionListSchema,
  publicQuestionSchema,
  publicSessionSchema,
  qnaSessionFormSchema,
  qnaSessionListSchema,
  qnaSessionSchema,
  questionStatusUpdateSchema,
  questionSubmissionSchema,
  uuidId,
} from '@gather/contracts';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { ApiRouter } from '../../http/endpoint.js';
import { QnaRepository } from './repository.js';
import { QnaService } from './service.js';

const sessionParams = z.object({ id: uuidId });
const sessionQuestionParams = z.object({ id: uuidId, questionId: integerId });
const questionParams = z.object({ id: integerId });

export function qnaRoutes(ctx: AppContext): ApiRouter {
  const service = new QnaService(new QnaRepository(ctx.db), ctx.live);
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
    )
    .endpoint(
      {
        method: 'put',
        path: '/api/qna/public/sessions/:id/questions/:questionId/status/',
        tag: 'qna',
        summary: "The moderator sets a question's status (new, reading, answered, skipped)",
        params: sessionQuestionParams,
        body: questionStatusUpdateSchema,
        response: publicQuestionSchema,
      },
      ({ params, body }) => service.setQuestionStatus(params.id, params.questionId, body.status),
    )
    .endpoint(
      {
        method: 'get',
        path: '/api/qna/sessions/',
        tag: 'qna',
        access: 'staff',
        summary: 'Every Q&A session, active or not, newest first, with its question count',
        response: qnaSessionListSchema,
      },
      () => service.sessions(),
    )
    .endpoint(
      {
        method: 'post',
        path: '/api/qna/sessions/',
        tag: 'qna',
        summary: 'Create a Q&A session',
        body: qnaSessionFormSchema,
        status: 201,
        response: qnaSessionSchema,
      },
      ({ body }) => service.createSession(body),
    )
    .endpoint(
      {
        method: 'put',
        path: '/api/qna/sessions/:id/',
        tag: 'qna',
        summary: 'Edit a Q&A session (the whole form; omitted fields take their defaults)',
        params: sessionParams,
        body: qnaSessionFormSchema,
        response: qnaSessionSchema,
      },
      ({ params, body }) => service.updateSession(params.id, body),
    )
    .endpoint(
      {
        method: 'delete',
        path: '/api/qna/sessions/:id/',
        tag: 'qna',
        summary: 'End a Q&A session: deletes it with all its questions',
        params: sessionParams,
      },
      ({ params }) => service.deleteSession(params.id),
    )
    .endpoint(
      {
        method: 'delete',
        path: '/api/qna/questions/:id/',
        tag: 'qna',
        summary: 'Delete a question',
        params: questionParams,
      },
      ({ params }) => service.deleteQuestion(params.id),
    );
}
