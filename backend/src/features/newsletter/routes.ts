import type { AppContext } from '../../context.js';
import { ApiRouter } from '../../http/endpoint.js';

export function newsletterRoutes(_ctx: AppContext): ApiRouter {
  return new ApiRouter();
}
