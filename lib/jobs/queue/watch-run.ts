// A watch run's item done: how its page changed since the analysis before (the effect records
// nothing of its own: the answer's history was written as it was remembered), kept on the item
// so Activity can sum up the run after a restart.
import type { Report } from '../../api/model';
import { type Dispatch, type QueueContext, warn } from './context';

export async function noteRunItem(
  ctx: QueueContext,
  { jobId, index }: Pick<Dispatch, 'jobId' | 'index'>,
  report: Report,
  serviceUrl: string,
): Promise<void> {
  try {
    const direction = await ctx.effects.watchedAnalysis?.(report, serviceUrl);
    if (!direction) return;
    await ctx.store.update((state) => {
      const item = state.jobs.find((job) => job.id === jobId)?.items[index];
      if (item) item.direction = direction;
    });
  } catch (error) {
    warn('compare a watched page', error);
  }
}
