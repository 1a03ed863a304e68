import { useEffect, useState } from 'react';

/** Minimal shell until the web foundation lands: shows that the API answers. */
export function App() {
  const [status, setStatus] = useState('checking…');
  useEffect(() => {
    fetch('/api/health/')
      .then((r) => r.json() as Promise<{ status: string; database: string }>)
      .then((h) => setStatus(`${h.status} (${h.database})`))
      .catch(() => setStatus('unreachable'));
  }, []);
  return (
    <main>
      <h1>QBank</h1>
      <p>
        API status: <output aria-live="polite">{status}</output>
      </p>
    </main>
  );
}
