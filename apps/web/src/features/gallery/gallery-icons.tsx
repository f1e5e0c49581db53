import type { SVGProps } from 'react';

// Decorative: the button around an icon carries the label.
const base = {
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
  focusable: false,
} as const;

export function FolderIcon(props: SVGProps<SVGSVGElement>) {
  return (
    // biome-ignore lint/a11y/noSvgWithoutTitle: decorative (aria-hidden); the button around it is labelled
    <svg {...base} width="1.25em" height="1.25em" {...props}>
      <path d="M3 6a1 1 0 011-1h5l2 2h9a1 1 0 011 1v10a1 1 0 01-1 1H4a1 1 0 01-1-1z" />
    </svg>
  );
}

export function PlayIcon(props: SVGProps<SVGSVGElement>) {
  return (
    // biome-ignore lint/a11y/noSvgWithoutTitle: decorative (aria-hidden); the button around it is labelled
    <svg {...base} width="1.25em" height="1.25em" {...props}>
      <path d="M8 5l11 7-11 7z" fill="currentColor" />
    </svg>
  );
}
