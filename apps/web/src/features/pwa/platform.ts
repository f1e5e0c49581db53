/** What the install banner needs to know about the device (spec §4 Install banner). */

type Nav = Pick<Navigator, 'userAgent' | 'platform' | 'maxTouchPoints'> & {
  standalone?: boolean;
  userAgentData?: { mobile?: boolean };
};

/** iPhone, iPod and iPad (an iPad says it is a Mac, but has a touch screen). */
export function isIos(nav: Nav = navigator): boolean {
  return /iPad|iPhone|iPod/.test(nav.userAgent) || (nav.platform === 'MacIntel' && nav.maxTouchPoints > 1);
}

export function isMobile(nav: Nav = navigator): boolean {
  return nav.userAgentData?.mobile ?? /Android|iPhone|iPad|iPod|Mobile/i.test(nav.userAgent);
}

/** Opened from the home screen: the display mode of the manifest, or iOS's own flag. */
export function isStandalone(win: Window = window): boolean {
  return (
    win.matchMedia?.('(display-mode: standalone)').matches === true ||
    (win.navigator as Nav).standalone === true
  );
}
