/**
 * Polls until `check` answers something truthy: for work the worker or the relay does in the
 * background. A limit, not a timing assertion: it only says how long to keep looking. `everyMs` is
 * how soon after the change it is seen, for a test that must act before what follows it.
 */
export async function eventually<T>(
  check: () => Promise<T | undefined | false>,
  what: string,
  ms = 20_000,
  everyMs = 50,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`never happened: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
