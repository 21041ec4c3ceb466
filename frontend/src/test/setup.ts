import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Testing Library only unmounts by itself when test functions are globals; here they are imported.
afterEach(cleanup);

// findBy and waitFor give up after 1 s by default, which a busy machine can exceed; a real fault still fails.
configure({ asyncUtilTimeout: 10_000 });

// jsdom lays nothing out, so it has no scrolling; pages that bring something into view still render.
Element.prototype.scrollIntoView = function scrollIntoView() {};

// Pages fetch these once they have settled or a field is first used; loaded here, such an import never
// lands after a test file's environment is torn down, which Vitest reports as an error of the whole run.
await Promise.all([
  import('socket.io-client'),
  import('qrcode'),
  import('tus-js-client'),
  import('@hookform/resolvers/zod'),
  import('@gather/contracts'),
]);
