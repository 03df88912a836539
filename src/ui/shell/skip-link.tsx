// The first stop of the keyboard on every page of the shell: jumps past the header and the menu to
// the page's content. Hidden until focused (shell.css). The focus is moved by hand rather than by
// the '#' address, which the router would treat as a navigation.
import type { MouseEvent } from 'react';

export const MAIN_CONTENT_ID = 'main-content';

export function SkipLink() {
  const skip = (e: MouseEvent<HTMLAnchorElement>) => {
    e.preventDefault();
    document.getElementById(MAIN_CONTENT_ID)?.focus();
  };
  return (
    <a href={`#${MAIN_CONTENT_ID}`} className="skip-link" onClick={skip}>
      Skip to content
    </a>
  );
}
