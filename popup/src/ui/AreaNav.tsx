import type { ComponentChildren } from 'preact';

/**
 * An area's pages as a row of tabs (settings, the business area): plain words rather than underlined
 * links, the page you are on marked for the eye and for a screen reader (aria-current).
 */
export function AreaNav({ label, links, children }: { label: string; links: { href: string; text: string }[]; children?: ComponentChildren }) {
  const here = typeof location === 'undefined' ? '' : location.pathname;
  return (
    <nav class="area-nav" aria-label={label}>
      {children}
      {links.map((link) => (
        <a key={link.href} href={link.href} aria-current={link.href === here ? 'page' : undefined}>
          {link.text}
        </a>
      ))}
    </nav>
  );
}
