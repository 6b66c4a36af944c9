// A job's report password, for its privacy-2 creates and updates. Never in storage.local (the
// extension stores no password): in storage.session, which is kept in memory, survives the worker
// stopping but not the browser restarting, and is dropped when the job ends. Without
// storage.session it is kept in the worker's memory only.
import type { StorageArea } from './store';

const passwordKey = (jobId: string) => `jobPassword:${jobId}`;

export function createPasswordKeeper(session: StorageArea | undefined) {
  const memory = new Map<string, string>();
  return {
    async keep(jobId: string, password: string): Promise<void> {
      if (session) await session.set({ [passwordKey(jobId)]: password });
      else memory.set(jobId, password);
    },

    async get(jobId: string): Promise<string | undefined> {
      if (!session) return memory.get(jobId);
      const value = (await session.get(passwordKey(jobId)))[passwordKey(jobId)];
      return typeof value === 'string' && value ? value : undefined;
    },

    async forget(jobId: string): Promise<void> {
      memory.delete(jobId);
      await session?.remove(passwordKey(jobId));
    },
  };
}

export type PasswordKeeper = ReturnType<typeof createPasswordKeeper>;
