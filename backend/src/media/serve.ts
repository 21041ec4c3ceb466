import { Router } from 'express';
import type { AppContext } from '../context.js';

export function mediaRoutes(_ctx: AppContext): Router {
  return Router();
}
