import {
  activePollAnswerSchema,
  integerId,
  pollAnswerAnswerSchema,
  pollAnswerSchema,
  pollFormSchema,
  pollRevealSchema,
  publicPollResultsSchema,
  staffPollListSchema,
  staffPollResultsSchema,
  staffPollSchema,
  uuidId,
} from '@gather/contracts';
import type { Request } from 'express';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { rowBefore } from '../../platform/database/before.js';
import { qnaPolls } from '../../platform/database/schema/polls.js';
import { AppError } from '../../platform/errors.js';
import { DeviceIds } from '../../platform/http/device.js';
import { ApiRouter } from '../../platform/http/endpoint.js';
import { qnaSharesOf, WordFilter } from '../qna/index.js';
import { AnswerRepository } from './answer-repository.js';
import { PollAnswering, type Answerer } from './answering.js';
import { PollLive } from './live.js';
import { PollRepository } from './repository.js';
import { PollResults } from './results.js';
import { PollService } from './service.js';

const idParams = z.object({ id: uuidId });
const answerParams = z.object({ id: uuidId, answerId: integerId });
const pollActivity = (ctx: AppContext) => ({ subject: 'poll', before: rowBefore(ctx.db, qnaPolls, qnaPolls.id) });

/** Live polls in a Q&A session: staff prepare, launch and show them; the session's audience answers. */
export function pollRoutes(ctx: AppContext): ApiRouter {
  const polls = new PollRepository(ctx.db);
  const answers = new AnswerRepository(ctx.db);
  const live = new PollLive(ctx.live);
  const reader = new PollResults(polls, answers, live, ctx.log);
  const service = new PollService(polls, reader, live);
  const answering = new PollAnswering(polls, answers, reader, live, new WordFilter(), qnaSharesOf(ctx));
  const devices = new DeviceIds(ctx.config);
  /** As for a vote: an answer needs the device cookie the question page was given. */
  const answerer = (req: Request): Answerer => {
    const deviceId = devices.known(req);
    if (!deviceId) throw new AppError(403, { detail: 'Please open the question page again before answering.' });
    return { deviceId, address: req.ip ?? 'unknown' };
  };
  const staffCall = { tag: 'polls', roles: ['live'] } as const;
  const pollAction = (action: string, summary: string) =>
    ({
      ...staffCall,
      method: 'post',
      path: `/api/qna/polls/:id/${action}/`,
      summary,
      params: idParams,
      response: staffPollSchema,
      activity: pollActivity(ctx),
    }) as const;
  const answerAction = (action: string, summary: string) =>
    ({
      ...staffCall,
      method: 'post',
      path: `/api/qna/polls/:id/answers/:answerId/${action}/`,
      summary,
      params: answerParams,
      response: staffPollResultsSchema,
      activity: { ...pollActivity(ctx), subjectId: (params: { id: string }) => params.id },
    }) as const;
  return new ApiRouter()
    .endpoint(
      {
        ...staffCall,
        method: 'post',
        path: '/api/qna/sessions/:id/polls/',
        summary: 'Prepare a poll in a Q&A session (a draft until launched; a rating gets the options 1 to 5)',
        params: idParams,
        body: pollFormSchema,
        status: 201,
        response: staffPollSchema,
        activity: { subject: 'poll' },
      },
      ({ params, body }) => service.create(params.id, body),
    )
    .endpoint(
      {
        ...staffCall,
        method: 'get',
        path: '/api/qna/sessions/:id/polls/',
        access: 'staff',
        summary: "A session's polls, oldest first, with how many devices answered each",
        params: idParams,
        response: staffPollListSchema,
      },
      ({ params }) => service.list(params.id),
    )
    .endpoint(
      {
        ...staffCall,
        method: 'delete',
        path: '/api/qna/polls/:id/',
        summary: 'Delete a poll with its answers',
        params: idParams,
        activity: pollActivity(ctx),
      },
      ({ params }) => service.delete(params.id),
    )
    .endpoint(
      pollAction('open', "Launch a poll (closes the session's other open poll); a closed one opens again"),
      ({ params }) => service.open(params.id),
    )
    .endpoint(pollAction('close', 'Close a poll: it takes no more answers'), ({ params }) => service.close(params.id))
    .endpoint(
      {
        ...pollAction('reveal', 'Show the results to the audience (no body), or hide them again with revealed false'),
        body: pollRevealSchema,
      },
      ({ params, body }) => service.reveal(params.id, body.revealed ?? true),
    )
    .endpoint(
      {
        ...staffCall,
        method: 'get',
        path: '/api/qna/polls/:id/results/',
        access: 'staff',
        summary: "A poll's results with its text answers, held ones too, and the answer on the projector",
        params: idParams,
        response: staffPollResultsSchema,
      },
      ({ params }) => service.results(params.id),
    )
    .endpoint(
      answerAction('show', 'Put a text answer on the projector (never one the word filter held)'),
      ({ params }) => service.show(params.id, params.answerId),
    )
    .endpoint(answerAction('hide', 'Take a text answer off the projector'), ({ params }) =>
      service.hide(params.id, params.answerId),
    )
    .endpoint(
      {
        tag: 'polls',
        method: 'get',
        path: '/api/qna/public/sessions/:id/polls/active/',
        live: true,
        summary:
          "An active session's open poll (or else the last revealed one) with this device's answer and any revealed results",
        params: idParams,
        response: activePollAnswerSchema,
      },
      ({ params, req, res }) => answering.active(params.id, devices.of(req, res)),
    )
    .endpoint(
      {
        tag: 'polls',
        method: 'post',
        path: '/api/qna/public/polls/:id/answer/',
        access: 'public',
        rateLimit: 'votes',
        summary: "Answer the open poll, once per device; sending again replaces the device's answer (409 once closed)",
        params: idParams,
        body: pollAnswerSchema,
        response: pollAnswerAnswerSchema,
      },
      ({ params, body, req }) => answering.answer(params.id, body, answerer(req)),
    )
    .endpoint(
      {
        tag: 'polls',
        method: 'get',
        path: '/api/qna/public/polls/:id/results/',
        live: true,
        summary: "A poll's results once staff revealed them (403 before)",
        params: idParams,
        response: publicPollResultsSchema,
      },
      ({ params }) => answering.results(params.id),
    );
}
