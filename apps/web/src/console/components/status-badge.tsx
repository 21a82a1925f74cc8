import './status-badge.css';

/** A state in words, tinted: active (green), waiting (amber) or off (grey). The word carries the meaning. */
export function StatusBadge({ tone, children }: { tone: 'on' | 'waiting' | 'off'; children: string }) {
  return <span className={`status-badge status-badge--${tone}`}>{children}</span>;
}
