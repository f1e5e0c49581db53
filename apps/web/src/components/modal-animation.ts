/**
 * Whether a react-bootstrap Modal may animate. With `prefers-reduced-motion: reduce`, Bootstrap's
 * CSS drops the fade transition, and react-bootstrap's Modal then sometimes never finishes hiding:
 * an invisible dialog stays in the page and blocks every click
 * (react-bootstrap/react-bootstrap#6153). Such users get no fade at all: `<Modal animation={…}>`.
 */
export function modalAnimation(): boolean {
  return !(typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches);
}
