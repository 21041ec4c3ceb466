import express, { Router } from 'express';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import swaggerUiPath from 'swagger-ui-dist/absolute-path.js';
import type { EndpointSpec } from '../../platform/http/endpoint.js';
import { openApiDocument } from './openapi.js';

const pageDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'page');

/**
 * The API description at /api/openapi.json and a browsable page at /api/docs.
 * Swagger UI is served from the installed package, so the page works offline and under the strict CSP.
 */
export function apiDocsRoutes(endpoints: EndpointSpec[]): Router {
  const document = openApiDocument(endpoints);
  const router = Router();
  router.get('/api/openapi.json', (_req, res) => {
    res.json(document);
  });
  router.get('/api/docs', (_req, res) => {
    res.sendFile(path.join(pageDir, 'index.html'));
  });
  router.use('/api/docs/assets', express.static(swaggerUiPath(), { index: false, maxAge: '1d' }));
  router.use('/api/docs', express.static(pageDir, { index: false }));
  return router;
}
