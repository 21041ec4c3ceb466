/**
 * Polls until `check` answers something truthy: for work the worker or the relay does in the
 * background. A limit, not a timing assertion: it only says how long to keep looking.
 */
export async function eventually<T>(
  check: () => Promise<T | undefined | false>,
  what: string,
  ms = 20_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`never happened: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
