/**
 * Words that, beside a protected name, make a domain a lure (paypal-security.com,
 * verify-microsoftonline.com, wellsfargo-alerts.com): the vocabulary of sign-in, account
 * recovery, payment and urgency that phishing domains are built from, as phishing-domain studies
 * and takedown feeds list it. A domain made of a protected name and only such words warns; a
 * protected name beside any other word (paypal-community.com, google-analytics.com) does not.
 *
 * Kept as stems where words inflect (verif: verify, verification, verified), matched as whole
 * pieces: the part of a label beside the name must split entirely into these words.
 */
export const LURE_WORDS: readonly string[] = [
  // signing in
  'login', 'logon', 'log', 'signin', 'sign', 'in', 'on', 'auth', 'authenticate', 'authentication', 'sso', 'mfa', '2fa', 'otp', 'passwor', 'password', 'pass', 'session', 'id', 'identity', 'access', 'portal', 'gateway', 'connect', 'token', 'key',
  // the account
  'account', 'accounts', 'acc', 'acct', 'my', 'user', 'profile', 'member', 'client', 'customer', 'admin', 'office', 'mail', 'webmail', 'email', 'inbox', 'docs', 'document', 'documents', 'file', 'files', 'share', 'sharing', 'drive', 'cloud', 'envelope', 'sign', 'esign',
  // urgency and recovery
  'secure', 'security', 'safe', 'safety', 'protect', 'protection', 'verif', 'verify', 'verification', 'verified', 'valid', 'validate', 'validation', 'confirm', 'confirmation', 'update', 'updates', 'upgrade', 'renew', 'recover', 'recovery', 'restore', 'reset', 'unlock', 'unblock', 'locked', 'suspend', 'suspended', 'alert', 'alerts', 'notice', 'notification', 'notifications', 'warning', 'review', 'check', 'resolution', 'resolve', 'dispute', 'claim', 'limited', 'limit', 'case',
  // help
  'support', 'help', 'helpdesk', 'desk', 'service', 'services', 'care', 'center', 'centre', 'team', 'info', 'official', 'contact', 'live', 'chat',
  // money
  'pay', 'payment', 'payments', 'billing', 'bill', 'invoice', 'refund', 'wallet', 'bank', 'banking', 'card', 'transfer', 'transaction', 'order', 'orders', 'shipping', 'delivery', 'gift', 'bonus', 'reward', 'rewards', 'prize',
  // places and shapes of the web
  'online', 'web', 'www', 'app', 'apps', 'mobile', 'net', 'site', 'page', 'home', 'us', 'usa', 'com', 'org', 'global', 'intl', 'corp', 'inc', 'group', 'new', 'now', 'today', 'hub', 'center', 'direct', 'official',
];

const SET = new Set(LURE_WORDS);
const LONGEST = Math.max(...LURE_WORDS.map((w) => w.length));

/** True when `text` (letters, digits) splits entirely into lure words or `extra` words; '' is false. */
export function madeOfWords(text: string, extra: readonly string[] = []): boolean {
  if (!text) return false;
  const more = new Set(extra.filter((w) => w.length >= 2));
  const reach = [true, ...Array.from({ length: text.length }, () => false)];
  for (let i = 0; i < text.length; i++) {
    if (!reach[i]) continue;
    for (let j = i + 1; j <= Math.min(text.length, i + Math.max(LONGEST, 16)); j++) {
      const w = text.slice(i, j);
      if (SET.has(w) || more.has(w) || /^\d+$/.test(w)) reach[j] = true;
    }
  }
  return reach[text.length]!;
}
