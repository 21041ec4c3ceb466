import { describe, expect, it } from 'vitest';
import { fixedStart } from './endpoint.js';

describe("a route's fixed start (a request elsewhere skips its router)", () => {
  it('is the text before the first parameter or wildcard', () => {
    expect(fixedStart('/api/qna/public/sessions/:id/questions/:questionId/vote/')).toBe('/api/qna/public/sessions');
    expect(fixedStart('/api/uploads/{*resource}')).toBe('/api/uploads');
    expect(fixedStart('/api/events/')).toBe('/api/events');
  });

  it('is never so long that a path without its last slash or in capitals would miss it', () => {
    const start = fixedStart('/api/Events/');
    for (const path of ['/api/events/', '/api/events', '/API/EVENTS/'])
      expect(path.toLowerCase().startsWith(start)).toBe(true);
  });

  it('is the root for a route that starts with a parameter', () => {
    expect(fixedStart('/:slug/')).toBe('/');
  });
});
