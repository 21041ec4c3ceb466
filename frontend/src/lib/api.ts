import type { FieldErrors } from '@gather/contracts';

/**
 * The one way the pages call the API: same origin, JSON in and out, cookies sent. A non-OK answer
 * throws an ApiError carrying the status and the answer's body; a 204 or empty body yields undefined.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`${status} ${typeof body === 'string' ? body : JSON.stringify(body)}`);
    this.name = 'ApiError';
  }

  /** The server's per-field messages (`{"field": ["message"]}`), when the answer is one. */
  get fieldErrors(): FieldErrors | undefined {
    if (this.status !== 400 || !isRecord(this.body) || 'detail' in this.body || 'message' in this.body)
      return undefined;
    const entries = Object.entries(this.body).filter(
      (entry): entry is [string, string[]] =>
        Array.isArray(entry[1]) && entry[1].every((message) => typeof message === 'string'),
    );
    return entries.length ? Object.fromEntries(entries) : undefined;
  }

  /** The server's own sentence (`detail` or `message`), when it sent one. */
  get detail(): string | undefined {
    if (!isRecord(this.body)) return undefined;
    const text = this.body.detail ?? this.body.message;
    return typeof text === 'string' ? text : undefined;
  }
}

/** No answer at all: the network, not the server, failed. */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super('The site could not be reached.', { cause });
    this.name = 'NetworkError';
  }
}

export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

type Query = Record<string, string | number | boolean | undefined | null>;

/** An API answer read without HTTP, as the server drawing a page reads it. */
export type ApiReader = (path: string) => Promise<{ status: number; body: unknown }>;

/** In the browser calls go to the page's own origin; the server, drawing a page, reads in its own process. */
let serverReads: ApiReader | undefined;
export function readApiWith(reader: ApiReader) {
  serverReads = reader;
}

async function request<T>(method: string, path: string, body?: unknown, query?: Query): Promise<T> {
  if (serverReads) {
    if (method !== 'GET') throw new Error(`A page drawn on the server only reads: ${method} ${path}`);
    const answer = await serverReads(withQuery(path, query));
    if (answer.status >= 400) throw new ApiError(answer.status, answer.body);
    return answer.body as T;
  }
  const init: RequestInit = { method, credentials: 'same-origin', headers: { accept: 'application/json' } };
  if (body instanceof FormData) init.body = body;
  else if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers = { ...init.headers, 'content-type': 'application/json' };
  }
  let response: Response;
  try {
    response = await fetch(withQuery(path, query), init);
  } catch (error) {
    throw new NetworkError(error);
  }
  const parsed = await readBody(response);
  if (!response.ok) throw new ApiError(response.status, parsed);
  return parsed as T;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  if (!response.headers.get('content-type')?.includes('json')) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export function withQuery(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

export interface UploadOptions {
  method?: 'POST' | 'PUT';
  /** Bytes sent so far and in all, as the browser reports them. */
  onProgress?: (sent: number, total: number) => void;
  signal?: AbortSignal;
}

/**
 * A multipart call with byte-level progress. fetch() cannot report upload progress, so this one
 * call uses XMLHttpRequest; its answers and errors are the same as every other call's.
 */
function upload<T>(path: string, form: FormData, { method = 'POST', onProgress, signal }: UploadOptions = {}) {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, path);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded, event.total);
    };
    xhr.onload = () => {
      const type = xhr.getResponseHeader('content-type') ?? '';
      let body: unknown = xhr.responseText || undefined;
      if (type.includes('json') && xhr.responseText) {
        try {
          body = JSON.parse(xhr.responseText);
        } catch {
          body = xhr.responseText;
        }
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as T);
      else reject(new ApiError(xhr.status, body));
    };
    xhr.onerror = () => reject(new NetworkError(new Error('upload failed')));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

export const api = {
  get: <T>(path: string, query?: Query) => request<T>('GET', path, undefined, query),
  post: <T>(path: string, body?: unknown) => request<T>('POST', path, body),
  put: <T>(path: string, body?: unknown) => request<T>('PUT', path, body),
  patch: <T>(path: string, body?: unknown) => request<T>('PATCH', path, body),
  delete: <T = void>(path: string, body?: unknown) => request<T>('DELETE', path, body),
  upload,
};

/** Lists the old API answered either bare or wrapped (`{results}`, `{data}`): the pages accept both. */
export function listOf<T>(answer: T[] | { results?: T[]; data?: T[] } | undefined): T[] {
  if (Array.isArray(answer)) return answer;
  return answer?.results ?? answer?.data ?? [];
}

/** Media paths are served by the API host; absolute URLs are kept as they are. */
export function mediaUrl(path: string | null | undefined): string | undefined {
  if (!path) return undefined;
  if (/^(https?:|data:|blob:)/.test(path)) return path;
  return path.startsWith('/') ? path : `/${path}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
