import './spinner.css';
export function Spinner({ size = 'medium', label }: { size?: 'small' | 'medium'; label?: string }) {
  return (
    <span className={`spinner spinner--${size}`}>
      <span className="spinner__circle" aria-hidden="true" />
      {label ? (
        <span className="visually-hidden" role="status">
          {label}
        </span>
      ) : null}
    </span>
  );
}
