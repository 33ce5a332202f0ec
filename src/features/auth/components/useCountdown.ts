import { useCallback, useEffect, useState } from 'react';

/** Seconds left until `seconds` after the last restart; ticks once a second. */
export function useCountdown(seconds: number) {
  const [deadline, setDeadline] = useState(() => Date.now() + seconds * 1000);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, []);
  const restart = useCallback(() => {
    setDeadline(Date.now() + seconds * 1000);
    setNow(Date.now());
  }, [seconds]);
  return { left: Math.max(0, Math.ceil((deadline - now) / 1000)), restart };
}
