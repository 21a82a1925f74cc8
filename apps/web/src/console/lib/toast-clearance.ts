import { type RefObject, useEffect } from 'react';

/**
 * Keeps the toasts above a bar stuck to the bottom of the screen (the editor's save bar): while it is
 * shown, --toast-clearance on the page is its height, which the toaster's place adds (toast.css).
 */
export function useToastClearance(bar: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const element = bar.current;
    if (!element) return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => root.style.setProperty('--toast-clearance', `${element.offsetHeight}px`));
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--toast-clearance');
    };
  }, [bar]);
}
