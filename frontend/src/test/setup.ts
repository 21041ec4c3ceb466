import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Testing Library only unmounts by itself when test functions are globals; here they are imported.
afterEach(cleanup);

// findBy and waitFor give up after 1 s by default, which a busy machine can exceed; a real fault still fails.
configure({ asyncUtilTimeout: 10_000 });

// jsdom lays nothing out, so it has no scrolling; pages that bring something into view still render.
Element.prototype.scrollIntoView = function scrollIntoView() {};
