// The time, once a second while `ticking` (a job waits: "goes on in 40 seconds" counts down).
import { useEffect, useState } from 'preact/hooks';

export function useNow(ticking: boolean, every = 1000): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    if (!ticking) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), every);
    return () => clearInterval(timer);
  }, [ticking, every]);
  return now;
}
