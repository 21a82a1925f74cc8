import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';

/**
 * The editor's guard against leaving unsaved work: a move to another page is held (`blocker`, for the
 * editor to ask about) and closing the tab is warned about while the form differs from what was saved.
 * `saved` is set before the navigation that follows a save, which the blocker then lets through (a state
 * would reach the blocker only on the next render, after the navigation was blocked).
 */
export function useLeaveGuard(formState: { isDirty: boolean }) {
  const saved = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      formState.isDirty && !saved.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!formState.isDirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      if (!saved.current) event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [formState.isDirty]);
  return { saved, blocker };
}
