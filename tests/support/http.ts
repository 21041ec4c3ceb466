/** An API's answer as a test reads it. */
export interface Answer {
  status: number;
  headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read answers loosely and assert on them
  body: any;
}

/** Calls an API over real HTTP as a browser or program would, reading the answer as JSON when it is JSON. */
export function caller(
  baseUrl: string,
): (method: string, path: string, body?: unknown, headers?: Record<string, string>) => Promise<Answer> {
  return async (method, route, body, headers = {}) => {
    const init: RequestInit = { method, headers: { ...headers } };
    if (body instanceof FormData) init.body = body;
    else if (typeof body === 'string') {
      init.body = body;
      (init.headers as Record<string, string>)['content-type'] ??= 'application/json';
    } else if (body !== undefined) {
      init.body = JSON.stringify(body);
      (init.headers as Record<string, string>)['content-type'] = 'application/json';
    }
    const response = await fetch(baseUrl + route, init);
    const text = await response.text();
    const isJson = response.headers.get('content-type')?.includes('json');
    return { status: response.status, headers: response.headers, body: isJson && text ? JSON.parse(text) : text };
  };
}
