import type { EndpointSpec } from '@gather/server/platform/http/endpoint';
import type { Answer } from './http.js';

/** Deeper than any form, within the API's nesting limit: it must reach the fields' own checks. */
const NESTED_LEVELS = 20;
const nested = (levels: number): string => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);

/**
 * Values of the wrong kind for any JSON field, as raw JSON text so that keys such as `__proto__` are sent as
 * written. One table for every field keeps the run repeatable; each value has broken a formatter somewhere.
 */
export const WRONG_JSON_VALUES: Record<string, string> = {
  'an object with toString, valueOf and __proto__ keys': '{"toString":1,"valueOf":{},"__proto__":{"polluted":true}}',
  'a list': '["a",1,{}]',
  'a list of long texts': JSON.stringify(['x'.repeat(10_000), 'y'.repeat(10_000)]),
  'a huge number': '1e300',
  'a negative number': '-1',
  'a boolean': 'true',
  null: 'null',
  'a 100 KB text': JSON.stringify('x'.repeat(100_000)),
  'a deeply nested object': nested(NESTED_LEVELS),
};

/** Whole bodies that are JSON but not the object a form sends. */
export const WRONG_JSON_BODIES: Record<string, string> = {
  'a list': '[{"a":1}]',
  'a text': '"text"',
  'a number': '12',
  null: 'null',
};

/** What a query string can carry that a field does not expect: text only, but of any size, shape or repetition. */
export const WRONG_QUERY_VALUES: Record<string, (field: string) => string> = {
  'a repeated parameter': (field) => `${field}=a&${field}=b`,
  'bracketed keys': (field) => `${field}[toString]=1&${field}[__proto__][x]=1`,
  'a huge number': (field) => `${field}=1e300`,
  'a long whole number': (field) => `${field}=${'9'.repeat(40)}`,
  'a negative number': (field) => `${field}=-1`,
  // A URL's whole request line must fit the server's 16 KB header limit.
  'a 10 KB text': (field) => `${field}=${'x'.repeat(10_000)}`,
  'an empty value': (field) => `${field}=`,
};

/** Where in a body a wrong value goes: a field's name as a 400 would name it, and the body around the value. */
export interface Place {
  name: string;
  bodyWith(value: string): string;
}

interface Wrapped {
  _zod: { def: Record<string, unknown> };
}

/** The schema under optional, nullable, default, catch and the input side of pipes and transforms. */
function unwrapped(schema: Wrapped | undefined): Wrapped | undefined {
  let current = schema;
  while (current && !['object', 'array'].includes(current._zod.def.type as string)) {
    current = (current._zod.def.innerType ?? current._zod.def.in) as Wrapped | undefined;
  }
  return current;
}

/** Every field of an object schema, and of the objects and lists of objects within it, with a body to carry it. */
export function placesIn(schema: unknown, name = '', bodyWith = (value: string) => value): Place[] {
  const found = unwrapped(schema as Wrapped | undefined);
  if (found?._zod.def.type === 'array') {
    return placesIn(found._zod.def.element, `${name}.0`, (value) => bodyWith(`[${value}]`));
  }
  if (found?._zod.def.type !== 'object') return [];
  return Object.entries(found._zod.def.shape as Record<string, unknown>).flatMap(([key, field]) => {
    const at = (value: string) => bodyWith(`{${JSON.stringify(key)}:${value}}`);
    const place = { name: name ? `${name}.${key}` : key, bodyWith: at };
    return [place, ...placesIn(field, place.name, at)];
  });
}

const ID_CANDIDATES = ['1', '00000000-0000-4000-8000-000000000000', 'part-1'];

/** The endpoint's path with each parameter filled by a value its schema takes, so the request reaches its body. */
export function pathOf(endpoint: EndpointSpec): string {
  const names = [...endpoint.path.matchAll(/:(\w+)/g)].map((match) => match[1]!);
  const params: Record<string, string> = {};
  for (const name of names) {
    params[name] =
      ID_CANDIDATES.find((candidate) => endpoint.params?.safeParse({ ...params, [name]: candidate }).success) ?? '1';
  }
  return endpoint.path.replace(/:(\w+)/g, (_, name: string) => params[name]!);
}

/** A message longer than this quotes too much of what was sent back at the sender. */
const LONGEST_MESSAGE = 500;

/**
 * What is wrong with an answer to wrong input, or undefined when it is right: never a 5xx, and a 400 is
 * either `{"field": ["message"]}` with short messages in plain words or a `{"detail": "..."}`.
 */
export function problemWith(answer: Answer): string | undefined {
  if (answer.status >= 500) return `answered ${answer.status}`;
  if (answer.status !== 400) return undefined;
  const body = answer.body as unknown;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return 'a 400 that is not an object';
  const entries = Object.entries(body);
  if (entries.length === 0) return 'a 400 naming nothing';
  if (entries.length === 1 && typeof (body as { detail?: unknown }).detail === 'string') return undefined;
  for (const [field, messages] of entries) {
    const list = Array.isArray(messages) ? (messages as unknown[]) : [];
    if (!field || list.length === 0 || list.some((message) => typeof message !== 'string' || !message)) {
      return `a 400 whose "${field}" is not a list of messages`;
    }
    if (list.some((message) => (message as string).length > LONGEST_MESSAGE)) {
      return `a 400 whose "${field}" message runs over ${LONGEST_MESSAGE} characters`;
    }
  }
  return undefined;
}
