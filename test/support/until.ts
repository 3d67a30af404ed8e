/**
 * Waits (up to `timeoutMs`, 10 s by default) for something a test cannot await directly: a
 * background task of the core, a byte crossing a pseudo-terminal. It polls on real time, so it
 * is for real I/O; time the code under test measures belongs on an injected clock instead. The
 * bound only ends a hang: a passing test leaves as soon as `check` holds, and on a machine
 * loaded with other jobs real I/O can take seconds (2 s was once the default, and too short).
 */
export async function until(check: () => boolean, what = check.toString(), timeoutMs = 10_000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!check()) {
    if (performance.now() > deadline) throw new Error(`still not true after ${timeoutMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
