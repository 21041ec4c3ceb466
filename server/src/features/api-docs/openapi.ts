import { z, type ZodType } from 'zod';
import { detailSchema, fieldErrorsSchema } from '@gather/contracts';
import { accessOf, type EndpointSpec } from '../../platform/http/endpoint.js';
import { SESSION_COOKIE } from '../../platform/http/guards.js';

type JsonSchema = Record<string, unknown>;
type Operation = Record<string, unknown>;

const detailRef = { $ref: '#/components/schemas/Detail' };
const fieldErrorsRef = { $ref: '#/components/schemas/FieldErrors' };

/** OpenAPI 3.1 description built from the same endpoint list that handles requests, so it cannot drift. */
export function openApiDocument(endpoints: EndpointSpec[]) {
  const paths: Record<string, Record<string, Operation>> = {};
  for (const endpoint of endpoints) {
    (paths[openApiPath(endpoint.path)] ??= {})[endpoint.method] = operation(endpoint);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Gather API',
      version: '1.0.0',
      description:
        'The API behind the church website. A 400 answer lists messages per field ' +
        '(`{"field": ["message"]}`); an unknown or malformed id answers 404 `{"detail": "Not found."}`.',
    },
    tags: [...new Set(endpoints.map((endpoint) => endpoint.tag))].map((name) => ({ name })),
    paths,
    components: {
      schemas: { FieldErrors: jsonSchema(fieldErrorsSchema, 'output'), Detail: jsonSchema(detailSchema, 'output') },
      securitySchemes: {
        staffSession: {
          type: 'apiKey',
          in: 'cookie',
          name: SESSION_COOKIE,
          description: 'Set when a staff member signs in.',
        },
      },
    },
  };
}

/** Express writes path parameters as `:id`, OpenAPI as `{id}`. */
function openApiPath(expressPath: string): string {
  return expressPath.replace(/:(\w+)/g, '{$1}');
}

function operation(endpoint: EndpointSpec): Operation {
  const pathNames = [...endpoint.path.matchAll(/:(\w+)/g)].map((match) => match[1] as string);
  const pathSchema = objectParts(endpoint.params);
  const query = objectParts(endpoint.query);
  const parameters = [
    ...pathNames.map((name) => ({
      name,
      in: 'path',
      required: true,
      schema: pathSchema.properties[name] ?? { type: 'string' },
    })),
    ...Object.entries(query.properties).map(([name, schema]) => ({
      name,
      in: 'query',
      required: query.required.includes(name),
      schema,
    })),
  ];

  const responses: Record<string, unknown> = { [String(successStatus(endpoint))]: successResponse(endpoint) };
  if (endpoint.body || endpoint.query || endpoint.multipart) {
    responses['400'] = jsonAnswer('Invalid input: messages per field, or one detail', {
      anyOf: [fieldErrorsRef, detailRef],
    });
  }
  const staff = accessOf(endpoint) === 'staff';
  if (staff) responses['401'] = jsonAnswer('Not signed in as staff', detailRef);
  if (staff && endpoint.roles && endpoint.roles !== 'any-staff') {
    const roles = endpoint.roles.join(' or ');
    responses['403'] = jsonAnswer(
      `Not allowed: needs the ${roles} role (an administrator holds every role)`,
      detailRef,
    );
  }
  if (pathNames.length) responses['404'] = jsonAnswer('Not found', detailRef);
  if (endpoint.rateLimit) {
    responses['429'] = jsonAnswer('Too many requests from this address; see Retry-After', detailRef);
  }

  const body = requestBody(endpoint);
  return {
    summary: endpoint.summary,
    tags: [endpoint.tag],
    ...(parameters.length && { parameters }),
    ...(body && { requestBody: body }),
    ...(staff && { security: [{ staffSession: [] }] }),
    responses,
  };
}

function jsonAnswer(description: string, schema: unknown) {
  return { description, content: { 'application/json': { schema } } };
}

function successStatus(endpoint: EndpointSpec): number {
  return endpoint.status ?? (endpoint.response || endpoint.produces ? 200 : 204);
}

function successResponse(endpoint: EndpointSpec) {
  if (endpoint.produces) {
    return {
      description: 'A file',
      content: { [endpoint.produces]: { schema: { type: 'string', format: 'binary' } } },
    };
  }
  if (endpoint.response) return jsonAnswer('Success', jsonSchema(endpoint.response, 'output'));
  return { description: 'Success, no content' };
}

function requestBody(endpoint: EndpointSpec) {
  if (endpoint.multipart) {
    const properties = Object.fromEntries(
      Object.entries(endpoint.multipart).map(([name, kind]) => [
        name,
        kind === 'file' ? { type: 'string', format: 'binary' } : { type: 'string' },
      ]),
    );
    return { required: true, content: { 'multipart/form-data': { schema: { type: 'object', properties } } } };
  }
  if (endpoint.body) {
    return { required: true, content: { 'application/json': { schema: jsonSchema(endpoint.body, 'input') } } };
  }
  return undefined;
}

/** Requests are described as callers write them (before defaults and transforms), answers as the API sends them. */
function jsonSchema(schema: ZodType, io: 'input' | 'output'): JsonSchema {
  const json = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as JsonSchema;
  // OpenAPI 3.1 schemas are JSON Schema 2020-12 already; repeating `$schema` on each one only adds noise.
  delete json.$schema;
  return json;
}

function objectParts(schema: ZodType | undefined): { properties: Record<string, JsonSchema>; required: string[] } {
  if (!schema) return { properties: {}, required: [] };
  const json = jsonSchema(schema, 'input');
  return {
    properties: (json.properties ?? {}) as Record<string, JsonSchema>,
    required: (json.required ?? []) as string[],
  };
}
