import { useEffect, useRef } from 'react';

/**
 * For a part of the page that opens on a click (a form below the fold): once
 * it is there, the page scrolls to it and focus moves to its heading, so
 * neither the eye nor a screen reader is left at the button that opened it.
 * The heading takes focus with tabIndex={-1}; the sticky header's height is
 * kept clear by the page's scroll-padding.
 */
export function useRevealOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    reveal(ref.current);
  }, []);
  return ref;
}

/** Scrolls `element` to the top of the view (below the sticky header) and focuses it without a second jump. */
export function reveal(element: HTMLElement | null): void {
  if (!element) return;
  element.scrollIntoView({ block: 'start' });
  element.focus({ preventScroll: true });
}
