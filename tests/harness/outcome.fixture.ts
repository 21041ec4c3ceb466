import { expect, it } from 'vitest';

it('passes or fails as the harness test asks', () => {
  expect(process.env.GATHER_FIXTURE_OUTCOME).toBe('pass');
});
