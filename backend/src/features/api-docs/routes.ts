import { Router } from 'express';
import type { EndpointSpec } from '../../http/endpoint.js';

export function apiDocsRoutes(_endpoints: EndpointSpec[]): Router {
  return Router();
}
