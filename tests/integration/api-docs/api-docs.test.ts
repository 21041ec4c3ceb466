import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiRouter } from '@gather/server/platform/http/endpoint';
import { openApiDocument } from '@gather/server/features/api-docs/openapi';
import { integerId, messageSchema, requiredText } from '@gather/contracts';
import { startTestApp, type TestApp } from '../../support/app.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

describe('API description', () => {
  it('describes every endpoint the API serves as OpenAPI 3.1', async () => {
    const answer = await app.call('GET', '/api/openapi.json');
    expect(answer.status).toBe(200);
    expect(answer.body.openapi).toBe('3.1.0');
    expect(answer.body.info.title).toBe('Gather API');
    expect(answer.body.paths['/api/health/'].get.responses['200'].content['application/json'].schema).toEqual({
      type: 'object',
      properties: { status: { type: 'string', const: 'ok' } },
      required: ['status'],
      additionalProperties: false,
    });
    expect(answer.body.paths['/api/ready/'].get.summary).toMatch(/^Readiness/);

    expect(app.endpoints.length).toBeGreaterThan(2);
    for (const endpoint of app.endpoints) {
      const operation = answer.body.paths[endpoint.path.replace(/:(\w+)/g, '{$1}')]?.[endpoint.method];
      expect(operation, `${endpoint.method.toUpperCase()} ${endpoint.path}`).toMatchObject({
        summary: endpoint.summary,
        tags: [endpoint.tag],
      });
    }
  });

  it('describes the podcast feed, sermon series and sermon recordings', async () => {
    const { paths } = (await app.call('GET', '/api/openapi.json')).body;
    expect(paths['/podcast.xml'].get.responses['200'].content).toHaveProperty(['application/rss+xml']);
    expect(paths['/podcast-artwork.jpg'].get.responses['200'].content).toHaveProperty(['image/jpeg']);
    expect(Object.keys(paths['/api/sermon-series/'])).toEqual(['get', 'post']);
    expect(Object.keys(paths['/api/sermon-series/{id}/'])).toEqual(['put', 'delete']);
    expect(
      paths['/api/sermon-series/'].post.requestBody.content['multipart/form-data'].schema.properties.artwork,
    ).toEqual({ type: 'string', format: 'binary' });
    expect(paths['/api/sermons/{id}/audio/'].put.requestBody.content['multipart/form-data'].schema.properties).toEqual({
      file: { type: 'string', format: 'binary' },
    });
    expect(
      paths['/api/sermons/'].get.responses['200'].content['application/json'].schema.items.properties,
    ).toHaveProperty(['audio_duration_seconds']);
  });

  it('describes path ids, request bodies, uploads and the error answers', () => {
    const router = new ApiRouter()
      .endpoint(
        {
          method: 'post',
          path: '/api/things/:id/notes/',
          summary: 'Add a note',
          tag: 'things',
          access: 'public',
          rateLimit: 'forms',
          params: z.object({ id: integerId }),
          body: z.object({ text: requiredText(200) }),
          status: 201,
          response: messageSchema,
        },
        () => ({ message: 'ok' }),
      )
      .endpoint(
        {
          method: 'post',
          path: '/api/things/upload/',
          summary: 'Upload',
          tag: 'things',
          roles: ['content', 'live'],
          multipart: { file: 'file', uploader_name: 'text' },
        },
        () => undefined,
      );
    const document = openApiDocument(router.endpoints);

    const detail = { 'application/json': { schema: { $ref: '#/components/schemas/Detail' } } };
    const invalid = {
      description: 'Invalid input: messages per field, or one detail',
      content: {
        'application/json': {
          schema: { anyOf: [{ $ref: '#/components/schemas/FieldErrors' }, { $ref: '#/components/schemas/Detail' }] },
        },
      },
    };
    expect(document.paths['/api/things/{id}/notes/']).toEqual({
      post: {
        summary: 'Add a note',
        tags: ['things'],
        parameters: [
          {
            name: 'id',
            in: 'path',
            required: true,
            schema: { type: 'integer', exclusiveMinimum: 0, maximum: 2147483647 },
          },
        ],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: { text: { type: 'string', minLength: 1, maxLength: 200 } },
                required: ['text'],
              },
            },
          },
        },
        responses: {
          '201': {
            description: 'Success',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: { message: { type: 'string' } },
                  required: ['message'],
                  additionalProperties: false,
                },
              },
            },
          },
          '400': invalid,
          '404': { description: 'Not found', content: detail },
          '429': { description: 'Too many requests from this address; see Retry-After', content: detail },
        },
      },
    });
    expect(document.paths['/api/things/upload/']).toEqual({
      post: {
        summary: 'Upload',
        tags: ['things'],
        requestBody: {
          required: true,
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                properties: { file: { type: 'string', format: 'binary' }, uploader_name: { type: 'string' } },
              },
            },
          },
        },
        security: [{ staffSession: [] }],
        responses: {
          '204': { description: 'Success, no content' },
          '400': invalid,
          '401': { description: 'Not signed in as staff', content: detail },
          '403': {
            description: 'Not allowed: needs the content or live role (an administrator holds every role)',
            content: detail,
          },
        },
      },
    });
    expect(document.components.securitySchemes.staffSession).toMatchObject({
      type: 'apiKey',
      in: 'cookie',
      name: '__Host-gather_session',
    });
    expect(document.components.schemas.FieldErrors).toMatchObject({
      type: 'object',
      additionalProperties: { type: 'array', items: { type: 'string' } },
    });
  });

  it('lists the calls a protocol handler describes, open to visitors, with the rate limit only where it counts', () => {
    const router = new ApiRouter().protocol(
      {
        path: '/api/things/resumable/',
        tag: 'things',
        access: 'public',
        rateLimit: { name: 'uploads', method: 'post' },
        describes: [
          { method: 'post', path: '/api/things/resumable/', summary: 'Start', status: 201 },
          { method: 'patch', path: '/api/things/resumable/:id', summary: 'Continue' },
        ],
      },
      async () => undefined,
    );
    expect(router.endpoints.map(({ method, access, rateLimit }) => ({ method, access, rateLimit }))).toEqual([
      { method: 'post', access: 'public', rateLimit: 'uploads' },
      { method: 'patch', access: 'public', rateLimit: undefined },
    ]);
    const document = openApiDocument(router.endpoints);
    const answers = (route: string, method: string) =>
      Object.keys((document.paths[route]?.[method]?.responses ?? {}) as object);
    expect(answers('/api/things/resumable/', 'post')).toEqual(['201', '429']);
    expect(answers('/api/things/resumable/{id}', 'patch')).toEqual(['204', '404']);
  });

  it('serves the docs page with its scripts and styles from this site, none inline', async () => {
    const page = await app.call('GET', '/api/docs');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.body).not.toMatch(/<script>/);

    const assets = [...(page.body as string).matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1] as string);
    expect(assets).toEqual(
      expect.arrayContaining([
        '/api/docs/assets/swagger-ui.css',
        '/api/docs/assets/swagger-ui-bundle.js',
        '/api/docs/init.js',
      ]),
    );
    for (const asset of assets) {
      const answer = await app.call('GET', asset);
      expect(answer.status, asset).toBe(200);
    }
    const init = await app.call('GET', '/api/docs/init.js');
    expect(init.headers.get('content-type')).toMatch(/javascript/);
    expect(init.body).toContain("url: '/api/openapi.json'");
  });
});
