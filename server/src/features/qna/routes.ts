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
  staffQuestionListSchema,
  staffQuestionSchema,
  uuidId,
} from '@gather/contracts';
import type { Request } from 'express';
import { z } from 'zod';
import { AppError } from '../../platform/errors.js';
import type { AppContext } from '../../platform/context.js';
import { DeviceIds } from '../../platform/http/device.js';
import { ApiRouter } from '../../platform/http/endpoint.js';
import { questionsCsv, type SessionDownloadPart } from './export.js';
import { QnaRepository } from './repository.js';
import { qnaSharesOf } from './shares.js';
import { QnaService, type Visitor } from './service.js';
import { VoteRepository } from './vote-repository.js';
import { WordFilter } from './word-filter.js';
import { qnaQuestions, qnaSessions } from '../../platform/database/schema/qna.js';
import { rowBefore } from '../../platform/database/before.js';

const sessionParams = z.object({ id: uuidId });
const sessionQuestionParams = z.object({ id: uuidId, questionId: integerId });
const questionParams = z.object({ id: integerId });

/** `downloadParts`: what else a session's CSV download carries after its questions, a blank line before each. */
export function qnaRoutes(ctx: AppContext, downloadParts: SessionDownloadPart[] = []): ApiRouter {
  const shares = qnaSharesOf(ctx);
  const service = new QnaService(
    new QnaRepository(ctx.db, ctx.pool),
    ctx.live,
    new WordFilter(),
    new VoteRepository(ctx.db, ctx.pool),
    shares,
    ctx.log,
  );
  const devices = new DeviceIds(ctx.config);
  /** A vote needs the device cookie the question page was given: a request without one gets no new device. */
  const voter = (req: Request): Visitor => {
    const deviceId = devices.known(req);
    if (!deviceId) {
      throw new AppError(403, { detail: 'Please open the question page again before voting.' });
    }
    return { deviceId, address: req.ip ?? 'unknown' };
  };
  const voteCall = {
    path: '/api/qna/public/sessions/:id/questions/:questionId/vote/',
    tag: 'qna',
    access: 'public',
    rateLimit: 'votes',
    params: sessionQuestionParams,
    response: publicQuestionSchema,
  } as const;
  return new ApiRouter()
    .endpoint(
      {
        method: 'get',
        path: '/api/qna/public/sessions/:id/',
        tag: 'qna',
        live: true,
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
        live: true,
        summary:
          "An active session's live questions, newest first, with whether this device voted; and this device's own questions that wait for approval",
        params: sessionParams,
        response: publicQuestionListSchema,
      },
      ({ params, req, res }) => service.publicQuestions(params.id, devices.of(req, res)),
    )
    .endpoint(
      { ...voteCall, method: 'post', summary: 'Vote for a live question, once per device (again changes nothing)' },
      ({ params, req }) => service.vote(params.id, params.questionId, voter(req)),
    )
    .endpoint(
      { ...voteCall, method: 'delete', summary: "Take back this device's vote for a question" },
      ({ params, req }) => service.withdrawVote(params.id, params.questionId, voter(req)),
    )
    .endpoint(
      {
        method: 'post',
        path: '/api/qna/public/sessions/:id/submit/',
        tag: 'qna',
        access: 'public',
        rateLimit: 'questions',
        summary:
          'Ask a question (refused with 400 once the session has reached its max_questions); status pending when it waits for review',
        params: sessionParams,
        body: questionSubmissionSchema,
        status: 201,
        response: publicQuestionSchema,
      },
      ({ params, body, req, res }) =>
        service.submit(params.id, body, {
          deviceId: devices.of(req, res),
          address: req.ip ?? 'unknown',
        }),
    )
    .endpoint(
      {
        method: 'put',
        path: '/api/qna/public/sessions/:id/questions/:questionId/status/',
        tag: 'qna',
        roles: ['live'],
        summary: "The moderator sets a question's status (new, reading, answered, skipped)",
        params: sessionQuestionParams,
        body: questionStatusUpdateSchema,
        response: staffQuestionSchema,
        activity: {
          subject: 'question',
          before: rowBefore(ctx.db, qnaQuestions, qnaQuestions.id, (params) => params.questionId),
          subjectId: (params) => params.questionId,
        },
      },
      ({ params, body }) => service.setQuestionStatus(params.id, params.questionId, body.status),
    )
    .endpoint(
      {
        method: 'get',
        path: '/api/qna/sessions/',
        tag: 'qna',
        roles: ['live'],
        access: 'staff',
        summary: 'Every Q&A session, active or not, newest first, with its question count',
        response: qnaSessionListSchema,
      },
      () => service.sessions(),
    )
    .endpoint(
      {
        method: 'get',
        path: '/api/qna/sessions/:id/questions/',
        tag: 'qna',
        roles: ['live'],
        access: 'staff',
        summary:
          "Every question of a session, newest first, waiting and dismissed ones too, with the word filter's verdict",
        params: sessionParams,
        response: staffQuestionListSchema,
      },
      ({ params }) => service.staffQuestions(params.id),
    )
    .endpoint(
      {
        method: 'get',
        path: '/api/qna/sessions/:id/export/',
        tag: 'qna',
        roles: ['live'],
        access: 'staff',
        summary: "A session's questions as a CSV download, with their votes and statuses, then its polls' results",
        params: sessionParams,
        produces: 'text/csv',
      },
      async ({ params, res }) => {
        const questions = await service.staffQuestions(params.id);
        const parts = await Promise.all(downloadParts.map((part) => part.csv(params.id)));
        res
          .type('text/csv; charset=utf-8')
          .set('Content-Disposition', `attachment; filename="qna-${params.id}-questions.csv"`)
          .send([questionsCsv(questions), ...parts.filter(Boolean)].join('\n'));
      },
    )
    .endpoint(
      {
        method: 'post',
        path: '/api/qna/sessions/',
        activity: { subject: 'Q&A session' },
        tag: 'qna',
        roles: ['live'],
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
        activity: { subject: 'Q&A session', before: rowBefore(ctx.db, qnaSessions, qnaSessions.id) },
        tag: 'qna',
        roles: ['live'],
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
        activity: { subject: 'Q&A session', before: rowBefore(ctx.db, qnaSessions, qnaSessions.id) },
        tag: 'qna',
        roles: ['live'],
        summary: 'End a Q&A session: deletes it with all its questions',
        params: sessionParams,
      },
      ({ params }) => service.deleteSession(params.id),
    )
    .endpoint(
      {
        method: 'delete',
        path: '/api/qna/questions/:id/',
        activity: { subject: 'question', before: rowBefore(ctx.db, qnaQuestions, qnaQuestions.id) },
        tag: 'qna',
        roles: ['live'],
        summary: 'Delete a question',
        params: questionParams,
      },
      ({ params }) => service.deleteQuestion(params.id),
    )
    .endpoint(
      {
        method: 'post',
        path: '/api/qna/questions/:id/approve/',
        activity: { subject: 'question', before: rowBefore(ctx.db, qnaQuestions, qnaQuestions.id) },
        tag: 'qna',
        roles: ['live'],
        summary: 'Approve a question waiting for review (or dismissed): it goes live to the audience',
        params: questionParams,
        response: staffQuestionSchema,
      },
      ({ params }) => service.approve(params.id),
    )
    .endpoint(
      {
        method: 'post',
        path: '/api/qna/questions/:id/dismiss/',
        activity: { subject: 'question', before: rowBefore(ctx.db, qnaQuestions, qnaQuestions.id) },
        tag: 'qna',
        roles: ['live'],
        summary: 'Dismiss a question waiting for review: nobody else ever sees it, and its asker is not told',
        params: questionParams,
        response: staffQuestionSchema,
      },
      ({ params }) => service.dismiss(params.id),
    );
}
