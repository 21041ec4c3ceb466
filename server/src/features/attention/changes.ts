import type { RequestHandler } from 'express';
import type { LivePublisher } from '../../platform/live/publisher.js';

/**
 * Writes that change what the attention counts count, and have no live event of their own: a form
 * sent, a message read or deleted, a pledge recorded or settled, a campaign resumed or cancelled.
 * Questions, uploads and the worker's campaign outcomes say so through their features' live events.
 */
const COUNTED_WRITES = [
  /^\/api\/(contact|connect|give|building-fund|prayer-requests)\/$/,
  /^\/api\/admin\/(contact|connect|giving)-submissions\//,
  /^\/api\/admin\/building-fund-donations\//,
  /^\/api\/admin\/prayer-requests\//,
  /^\/api\/admin\/email\/campaigns\//,
  /^\/api\/qna\/sessions\//,
];

/** After such a write succeeds, staff consoles refetch their counts. */
export function attentionOnChange(live: LivePublisher): RequestHandler {
  return (req, res, next) => {
    if (req.method !== 'GET' && COUNTED_WRITES.some((path) => path.test(req.path))) {
      res.on('finish', () => {
        if (res.statusCode < 300) live.attentionChanged();
      });
    }
    next();
  };
}
