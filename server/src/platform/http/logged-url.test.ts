import { REDACTED } from '@gather/contracts';
import { describe, expect, it } from 'vitest';
import { loggedUrl } from './logged-url.js';

describe('a URL as the request log shows it', () => {
  it('keeps short segments, numbers and ids as they are', () => {
    const url = '/api/qna/public/sessions/0b7e5a52-3c1f-4a8e-9d0b-6a1f2e3d4c5b/questions/123/vote/';
    expect(loggedUrl(url)).toBe(url);
  });

  it('hides a token in the path, however short the segments around it', () => {
    expect(loggedUrl('/api/uploads/Ab3dEf6hIj9kLm2nOp5q/')).toBe(`/api/uploads/${REDACTED}/`);
    expect(loggedUrl('/media/0123456789abcdef01234567/')).toBe(`/media/${REDACTED}/`);
  });

  it('hides an address in a short segment, written plainly or percent-encoded', () => {
    expect(loggedUrl('/a/b@c.uk/')).toBe(`/a/${REDACTED}/`);
    expect(loggedUrl('/a/b%40c.uk/')).toBe(`/a/${REDACTED}/`);
  });

  it('hides secret parameters and addresses in the query', () => {
    expect(loggedUrl('/api/x/?token=abc&page=2&who=b%40c.uk')).toBe(`/api/x/?token=${REDACTED}&page=2&who=${REDACTED}`);
  });
});
