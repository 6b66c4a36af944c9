// The one way tests wait for real time: `sleep` for a while, `settle` for pending work to run.

export const sleep = (ms = 0) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Lets pending promises, timers of 0 ms and fake storage calls run, `rounds` turns deep. */
export async function settle(rounds = 1): Promise<void> {
  for (let i = 0; i < rounds; i++) await sleep(0);
}
