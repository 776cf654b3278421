/**
 * Which of the popup's actions come first, beside the verdict, and which wait behind "More
 * actions". At most two come first, chosen by what the person most likely came for: on a page
 * Linklens warned about or blocked, checking again and reporting a mistake; on any other web
 * page, checking again and checking the page's links; on a page that is not on the web, only the
 * settings; while protection is paused, resuming it. The rest keep one fixed order so they are found in the same place every time.
 */
export type PopupAction = 'checkAgain' | 'report' | 'pageScan' | 'trust' | 'pause' | 'recent' | 'settings';

export interface PopupFacts {
  /** The tab shows an http(s) page. */
  web: boolean;
  /** The verdict's action when the status is a verdict ('allow' | 'warn' | 'block' …), else null. */
  verdictAction: string | null;
  /** The policy lets the person trust a site, and this one is not trusted yet. */
  canTrust: boolean;
  /** The policy lets the person pause protection. */
  canPause: boolean;
  /** Protection is paused now. */
  paused: boolean;
}

export interface PopupLayout {
  first: PopupAction[];
  more: PopupAction[];
}

const MORE_ORDER: readonly PopupAction[] = ['pageScan', 'report', 'trust', 'pause', 'recent', 'settings'];

export function popupLayout(f: PopupFacts): PopupLayout {
  const flagged = f.verdictAction === 'warn' || f.verdictAction === 'block';
  const first: PopupAction[] =
    f.paused && f.canPause
      ? ['pause', 'checkAgain']
      : !f.web
        ? ['settings']
        : flagged
          ? ['checkAgain', 'report']
          : ['checkAgain', 'pageScan'];
  const offered = (a: PopupAction): boolean => {
    switch (a) {
      case 'checkAgain':
      case 'pageScan':
        return f.web;
      case 'report':
        return f.web && f.verdictAction !== null;
      case 'trust':
        return f.web && f.canTrust;
      case 'pause':
        return f.canPause;
      default:
        return true;
    }
  };
  return { first: first.filter(offered), more: MORE_ORDER.filter((a) => offered(a) && !first.includes(a)) };
}
