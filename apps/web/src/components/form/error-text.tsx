import type { ReactNode } from 'react';
import './error-text.css';

/** A message in red. `alert` announces it at once (server failures); field errors are read through aria-describedby. */
export function ErrorText({ id, alert = false, children }: { id?: string; alert?: boolean; children: ReactNode }) {
  if (!children) return null;
  return (
    <p id={id} className="error-text" role={alert ? 'alert' : undefined}>
      {children}
    </p>
  );
}
