/**
 * Waits for a condition rather than for a fixed time: calls `condition` every `interval` ms until it
 * answers something truthy, and answers that. After `timeout` ms it throws, naming `what` and the last
 * answer, so that a test still fails when the condition never comes.
 */
export async function waitFor<T>(
  what: string,
  condition: () => Promise<T | null | undefined | false> | T | null | undefined | false,
  { timeout = 20_000, interval = 50 }: { timeout?: number; interval?: number } = {},
): Promise<T> {
  const end = Date.now() + timeout;
  for (;;) {
    const value = await condition();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out after ${timeout} ms waiting for ${what} (last: ${JSON.stringify(value)})`);
    await new Promise((resolve) => setTimeout(resolve, interval));
  }
}
