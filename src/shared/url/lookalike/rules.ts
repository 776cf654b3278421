/**
 * Does host `h` resemble the protected host `p`? The rules, in order; the first that applies
 * gives the reason (lookalike.ts says which hosts are never compared at all):
 *   mixed-script   an IDN name mixing scripts (Latin + Cyrillic, …) that reads as the name
 *   confusable     the name has the protected name's skeleton (g00gle, rnicrosoft, paypał)
 *   edit-distance  the name is a typo of it: within the edits its length allows, letters that
 *                  look alike counting half, hyphens ignored (microsoft-online), or the name
 *                  split by dots (pay.pal.com), or its plural (paypals, googlees)
 *   embedded       the protected name stands in another domain: on another public suffix
 *                  (paypal.co, microsoftonline.com.co), as a label of a subdomain
 *                  (paypal.com.evil.test, paypal.secure-mail.test), or beside lure words only
 *                  (paypal-security.com, verify-microsoftonline.com, paypalcom.evil.test)
 */
import type { Parts } from './parts';
import { allowedEdits, editDistance } from './distance';
import { isMixedScript, skeleton } from './skeleton';
import { madeOfWords } from './words';
import { unicodeOf } from '../punycode';

export type LookalikeReason = 'mixed-script' | 'confusable' | 'edit-distance' | 'embedded';

const MIN_NAME = 3;
const unhyphen = (s: string) => s.replaceAll('-', '');

/** The smallest distance between two names over both skeleton forms, hyphens ignored. */
function nameDistance(a: string, b: string, max: number): number {
  let best = max + 1;
  for (const seq of [true, false]) {
    best = Math.min(best, editDistance(unhyphen(skeleton(a, seq)), unhyphen(skeleton(b, seq)), max));
    if (best === 0) break;
  }
  return best;
}

/** Words of the protected host itself besides its name (login, accounts, okta), and its suffix's. */
function contextWords(p: Parts): string[] {
  return [
    ...new Set([
      ...p.host.split('.').filter((l) => l !== p.name),
      ...p.suffix.split('.'),
      p.suffix.replaceAll('.', ''),
    ]),
  ];
}

/** A label that is the protected name beside lure words only (hyphens or none between them). */
function isCombo(label: string, pName: string, edits: number, context: readonly string[]): boolean {
  return [true, false].some((seq) => isComboOf(skeleton(label, seq).split('-').filter(Boolean), pName, edits, context));
}

function isComboOf(segments: string[], pName: string, edits: number, context: readonly string[]): boolean {
  // By whole hyphen-separated pieces: one a typo of the name, the others lure words.
  for (let i = 0; i < segments.length && segments.length > 1; i++) {
    const others = segments.filter((_, j) => j !== i);
    if (
      others.every((w) => madeOfWords(w, context)) &&
      (segments[i] === pName || (edits > 0 && nameDistance(segments[i]!, pName, edits) <= edits))
    )
      return true;
  }
  // Run together: the name inside the label, the rest lure words (securitypaypal, paypalcom).
  const joined = segments.join('');
  if (pName.length < 4) return false;
  for (let at = joined.indexOf(pName); at >= 0; at = joined.indexOf(pName, at + 1)) {
    const rest = [joined.slice(0, at), joined.slice(at + pName.length)].filter(Boolean);
    if (rest.length > 0 && rest.every((w) => madeOfWords(w, context))) return true;
  }
  return false;
}

export function lookalikeOf(h: Parts, p: Parts): LookalikeReason | null {
  const pNameU = unicodeOf(p.name);
  const pName = skeleton(pNameU);
  if (pName.length < MIN_NAME) return null;
  const hNameU = unicodeOf(h.name);
  const sameName = hNameU === pNameU;
  const edits = allowedEdits(pName.length);
  const hName = skeleton(hNameU);
  const confusable = !sameName && hName === pName;
  const plural = hName === `${pName}s` || hName === `${pName}es`;
  const near =
    !sameName &&
    (confusable || plural || (edits > 0 && nameDistance(hNameU, pNameU, edits) <= edits) || unhyphen(hName) === pName);
  if (near && isMixedScript(hNameU)) return 'mixed-script';
  if (confusable) return 'confusable';
  if (near) return 'edit-distance';
  // Split by dots: the last labels run together spell the name (pay.pal.com, sales.force.com).
  for (let k = 2; k <= h.labels.length; k++) {
    const joined = skeleton(h.labels.slice(-k).join(''));
    if (joined === pName || (edits > 0 && k === 2 && nameDistance(joined, pName, edits) <= Math.min(edits, 1)))
      return 'edit-distance';
  }
  // The same name on another public suffix: paypal.co for paypal.com (the organization's own
  // other domains are exempt before this: lookalike.ts). Not between a tenant and a domain: a
  // tenant's name as a domain (contoso.com for contoso.okta.com) is most often the
  // organization's own, and the same name on another platform is another platform's tenant.
  if (sameName && h.site !== p.site && !h.tenant && !p.tenant) return 'embedded';
  if (h.sub.some((l) => skeleton(l) === pName)) return 'embedded';
  const context = contextWords(p);
  if (h.labels.some((l) => isCombo(l, pName, edits, context))) return 'embedded';
  return null;
}
