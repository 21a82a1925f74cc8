import { type RefObject, useEffect } from 'react';

/**
 * Publishes an element's height, as it changes, as a custom property of the page (`--name: 93px`), for the
 * CSS of what must stand clear of it: the toasts above the editor's save bar stuck to the bottom of the screen
 * (--toast-clearance, toast.css), and what sticks below the console's bar, which is two lines on a phone
 * (--console-bar-height). Removed with the element.
 */
export function usePublishedHeight(element: RefObject<HTMLElement | null>, property: `--${string}`) {
  useEffect(() => {
    const current = element.current;
    if (!current) return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => root.style.setProperty(property, `${current.offsetHeight}px`));
    observer.observe(current);
    return () => {
      observer.disconnect();
      root.style.removeProperty(property);
    };
  }, [element, property]);
}
