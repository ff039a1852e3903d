// Simple line icons drawn inline (no icon fonts, no requests), keyed by the quick link's `icon`.
const PATHS: Record<string, string> = {
  clipboard: 'M9 4h6v3H9zM7 5.5H5.5v15h13v-15H17M8.5 11h7M8.5 14.5h7M8.5 18h4',
  calendar: 'M4.5 6h15v14h-15zM4.5 10h15M8.5 3.5v4M15.5 3.5v4M8 13.5h2M14 13.5h2M8 17h2',
  'map-pin':
    'M12 21s-6.5-6.1-6.5-11a6.5 6.5 0 0113 0c0 4.9-6.5 11-6.5 11zM12 12.5a2.5 2.5 0 100-5 2.5 2.5 0 000 5z',
  newspaper:
    'M4.5 5.5h12v14h-10a2 2 0 01-2-2zM16.5 9h3v8.5a2 2 0 01-2 2M7.5 9h6M7.5 12.5h6M7.5 16h4',
  link: 'M10 14a4 4 0 005.7 0l3-3a4 4 0 00-5.7-5.7l-1 1M14 10a4 4 0 00-5.7 0l-3 3a4 4 0 005.7 5.7l1-1',
}

/** The icon drawn for a quick link; unknown names get a generic link icon. Decorative. */
export function QuickLinkIcon({ name }: { name: string }) {
  const d = PATHS[name] ?? PATHS.link
  return (
    <svg
      className="quick-link__icon"
      viewBox="0 0 24 24"
      width="32"
      height="32"
      aria-hidden="true"
      focusable="false"
    >
      <path
        d={d}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  )
}
