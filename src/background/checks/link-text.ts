/**
 * Link text that lies (docs/decisions/003-every-hop.md), as a warning: `<a href="http://evil.example">
 * https://mybank.example</a>`. Decided here, from local rules only (shared/url/lying-text.ts),
 * because it needs the public suffix list (the content script must stay light); nothing is sent for it.
 */
import type { LinkInfo } from '@/src/shared/messaging/protocol';
import { ACTION_SEVERITY } from '@/src/shared/verdict';
import { checkLinkText } from '@/src/shared/url/lying-text';

/**
 * null when the text claims no address or claims the right one; else a function that turns
 * what is known of the link into the answer: the known status when it is already block-level,
 * else a warning, always saying what the text shows and where the link leads.
 */
export function lyingTextWarning(
  text: string,
  href: string,
  canProceed: boolean,
): ((known: LinkInfo) => LinkInfo) | null {
  const v = checkLinkText(text, href);
  if (v.kind !== 'lies') return null;
  return (known) => {
    const worse =
      known.status === 'verdict' && known.action !== undefined && ACTION_SEVERITY[known.action] >= ACTION_SEVERITY.warn;
    const base: LinkInfo = worse
      ? known
      : {
          status: 'verdict',
          action: 'warn',
          categories: [],
          reasoning: '',
          indicators: [],
          canProceed,
          badHop: 'link',
        };
    return { ...base, textShows: v.shownHost, leadsTo: v.leadsToHost };
  };
}
