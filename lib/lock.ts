// One read-modify-write of stored state at a time: each run starts when the one before it ends.

export interface Lock {
  runExclusive<T>(run: () => T | Promise<T>): Promise<T>;
}

export function createLock(): Lock {
  let last: Promise<unknown> = Promise.resolve();
  return {
    runExclusive(run) {
      const result = last.then(run);
      last = result.catch(() => undefined);
      return result;
    },
  };
}
