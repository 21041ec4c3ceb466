import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Testing Library only unmounts by itself when test functions are globals; here they are imported.
afterEach(cleanup);
