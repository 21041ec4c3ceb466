import type { AppContext } from '../../platform/context.js';
import { pipelinedRedis } from '../../platform/pipelined-redis.js';
import { siteSecret } from '../../platform/signed-links.js';
import { AudienceShares } from './audience-shares.js';

/** The audience's shares as the site's settings give them: the same for questions, votes and poll answers. */
export function qnaSharesOf(ctx: AppContext): AudienceShares {
  return new AudienceShares(pipelinedRedis(ctx.redis), ctx.config.QUEUE_PREFIX, siteSecret(ctx.config), {
    questionsPerAddress: ctx.config.QNA_QUESTIONS_PER_ADDRESS,
    votesPerAddress: ctx.config.QNA_VOTES_PER_ADDRESS,
  });
}
