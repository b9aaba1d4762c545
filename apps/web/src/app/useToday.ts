// Today's date that turns over at midnight, for a header left open all day on the counter.
import { useEffect, useState } from 'react';

function msUntilNextMidnight(now: Date): number {
  const next = new Date(now);
  next.setHours(24, 0, 0, 0);
  return next.getTime() - now.getTime();
}

export function useToday(): Date {
  const [today, setToday] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setTimeout(() => setToday(new Date()), msUntilNextMidnight(today) + 1000);
    return () => window.clearTimeout(timer);
  }, [today]);
  return today;
}
