/** Texts of the shared map component (components/map); part of `sk` (see sk.ts). */
export const map = {
  zoomIn: 'Priblížiť',
  zoomOut: 'Oddialiť',
  marker: 'Značka polohy',
  loading: 'Načítavam mapu...',
} as const;
