import { greetingFor } from '@web/lib/greeting';
import { useEffect, useState } from 'react';

/** 'Buenos días, Lucía' (the greeting follows the clock while the page stays open). */
export function Greeting({ name }: { name?: string }) {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  const greeting = greetingFor(now);
  return (
    <h1 style={{ fontSize: 24, fontWeight: 600, margin: 0 }}>{name ? `${greeting}, ${name}` : greeting}</h1>
  );
}
