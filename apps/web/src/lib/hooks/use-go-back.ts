import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * One step back in the history, as the spec's screens do; when the page was opened directly (no entry
 * of ours behind it), `fallback` instead of leaving the app.
 */
export function useGoBack(fallback = '/') {
  const navigate = useNavigate();
  const { key } = useLocation();
  return useCallback(() => {
    if (key === 'default') void navigate(fallback, { replace: true });
    else void navigate(-1);
  }, [key, navigate, fallback]);
}
