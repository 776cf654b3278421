// Recall of the look-alike rules (src/shared/url/lookalike.ts) on our own permutations of ten
// real sign-in targets (fuzzers.ts), on attacker-style hosts, and false positives on the public
// suffix list's private section. Pure computation: the bench (lookalike-recall.ts) prints it,
// test/unit/shared/url/lookalike-recall.test.ts holds the aims.
import { judgeHost } from '../../../src/shared/url/lookalike';
import { PRIVATE, suffixRules, type RuleNode } from '../../../src/shared/url/suffix-table';
import { CLASSES, fuzz, type FuzzClass, type Glyphs } from './fuzzers';

/** Ten sign-in hosts phishing kits imitate often (most of them the ones an earlier independent measurement used). */
export const TARGETS = [
  'login.microsoftonline.com',
  'accounts.google.com',
  'www.paypal.com',
  'login.salesforce.com',
  'connect.secure.wellsfargo.com',
  'www.dropbox.com',
  'account.docusign.com',
  'appleid.apple.com',
  'www.facebook.com',
  'www.linkedin.com',
];

/** Hosts written the way phishing feeds show them, each with the target it imitates. */
export const ATTACKER_HOSTS: readonly (readonly [string, string])[] = [
  ['microsoft-online-login.com', 'login.microsoftonline.com'],
  ['login-microsoftonline.com.evil.example', 'login.microsoftonline.com'],
  ['microsoftonline-secure.com', 'login.microsoftonline.com'],
  ['rnicrosoftonline.com', 'login.microsoftonline.com'],
  ['login.microsoftonline.com.auth-verify.top', 'login.microsoftonline.com'],
  ['microsoftonlinesupport.net', 'login.microsoftonline.com'],
  ['micros0ftonline.com', 'login.microsoftonline.com'],
  ['microsoftonline.com.co', 'login.microsoftonline.com'],
  ['accounts-google.com', 'accounts.google.com'],
  ['google-verify.net', 'accounts.google.com'],
  ['g00gle-login.com', 'accounts.google.com'],
  ['accounts.google.com.security-check.xyz', 'accounts.google.com'],
  ['googIe.com', 'accounts.google.com'],
  ['goog1e-accounts.com', 'accounts.google.com'],
  ['paypalcom.evil.example', 'www.paypal.com'],
  ['paypal-resolution-center.com', 'www.paypal.com'],
  ['paypal-security.com', 'www.paypal.com'],
  ['paypa1.com', 'www.paypal.com'],
  ['paypal.co', 'www.paypal.com'],
  ['secure-paypal.com.login.top', 'www.paypal.com'],
  ['paypal-limited.com', 'www.paypal.com'],
  ['pay.pal.com', 'www.paypal.com'],
  ['paypall.com', 'www.paypal.com'],
  ['paypal.com.cc', 'www.paypal.com'],
  ['paypal-account-verify.net', 'www.paypal.com'],
  ['salesforce-login.com', 'login.salesforce.com'],
  ['sale.sforce.com', 'login.salesforce.com'],
  ['saleforce.com', 'login.salesforce.com'],
  ['salesforce.com.secure-auth.xyz', 'login.salesforce.com'],
  ['salesforce-support.net', 'login.salesforce.com'],
  ['sa1esforce.com', 'login.salesforce.com'],
  ['wellsfargo-alerts.com', 'connect.secure.wellsfargo.com'],
  ['wellsfargo-online.com', 'connect.secure.wellsfargo.com'],
  ['wellsfarg0.com', 'connect.secure.wellsfargo.com'],
  ['wells-fargo-secure.com', 'connect.secure.wellsfargo.com'],
  ['wellsfargo.com.verify-account.top', 'connect.secure.wellsfargo.com'],
  ['wellsfargoupdate.com', 'connect.secure.wellsfargo.com'],
  ['dropbox-share.com', 'www.dropbox.com'],
  ['dropboxfiles.net', 'www.dropbox.com'],
  ['dr0pbox.com', 'www.dropbox.com'],
  ['dropbox.com-file.evil.example', 'www.dropbox.com'],
  ['drop-box.com', 'www.dropbox.com'],
  ['dropbox-docs.online', 'www.dropbox.com'],
  ['dropbox.co', 'www.dropbox.com'],
  ['docusign-envelope.net', 'account.docusign.com'],
  ['docusign-review.com', 'account.docusign.com'],
  ['docusing.com', 'account.docusign.com'],
  ['docusign.com.document-share.xyz', 'account.docusign.com'],
  ['docu-sign.net', 'account.docusign.com'],
  ['docusign-secure.online', 'account.docusign.com'],
  ['appleid-verify.com', 'appleid.apple.com'],
  ['apple-id-support.com', 'appleid.apple.com'],
  ['appie.com', 'appleid.apple.com'],
  ['appleid.apple.com.account-locked.top', 'appleid.apple.com'],
  ['apple-icloud-login.com', 'appleid.apple.com'],
  ['apple.com-support.evil.example', 'appleid.apple.com'],
  ['facebook-security.com', 'www.facebook.com'],
  ['faceb00k.com', 'www.facebook.com'],
  ['facebok.com', 'www.facebook.com'],
  ['facebook-help-center.net', 'www.facebook.com'],
  ['facebook.com.login-check.xyz', 'www.facebook.com'],
  ['face-book.com', 'www.facebook.com'],
  ['facebookverify.com', 'www.facebook.com'],
  ['linkedin-login.com', 'www.linkedin.com'],
  ['linkedln.com', 'www.linkedin.com'],
  ['linked-in.com', 'www.linkedin.com'],
  ['linkedin.com.jobs-verify.top', 'www.linkedin.com'],
  ['linkedin-support.net', 'www.linkedin.com'],
  ['llnkedin.com', 'www.linkedin.com'],
  ['linkedinmail.com', 'www.linkedin.com'],
  ['okta-login.evil.example', 'contoso.okta.com'],
  ['c0ntoso.okta.com', 'contoso.okta.com'],
  ['contoso-okta.com', 'contoso.okta.com'],
  ['contoso-sso.com', 'contoso.okta.com'],
  ['contosso.okta-emea.com', 'contoso.okta.com'],
  ['contoso-login.okta.com', 'contoso.okta.com'],
];

const ascii = (host: string): string | null => {
  try {
    return new URL(`http://${host}/`).hostname;
  } catch {
    return null;
  }
};

export interface ClassRecall {
  cls: FuzzClass;
  /** Warned as look-alikes. */
  caught: number;
  /** Judged no look-alike: misses. */
  missed: number;
  /** Judged the target's own (its platform's own domains: google.de for Google): not counted. */
  own: number;
  misses: string[];
}

export function measureRecall(glyphs?: Glyphs, targets = TARGETS): ClassRecall[] {
  const rows = new Map<FuzzClass, ClassRecall>(
    CLASSES.map((cls) => [cls, { cls, caught: 0, missed: 0, own: 0, misses: [] }]),
  );
  for (const target of targets) {
    const labels = target.split('.');
    const [name, ...suffix] = labels.slice(-2);
    for (const [cls, hosts] of fuzz(name!, suffix.join('.'), glyphs)) {
      const row = rows.get(cls)!;
      for (const host of hosts) {
        const a = ascii(host);
        if (a === null) continue; // not a host a browser would open (IDNA refuses it)
        const v = judgeHost(a, [target]);
        if (v.kind === 'lookalike') row.caught++;
        else if (v.kind === 'none') {
          row.missed++;
          row.misses.push(host);
        } else row.own++;
      }
    }
  }
  return [...rows.values()];
}

export const rate = (caught: number, missed: number): number =>
  caught + missed === 0 ? 1 : caught / (caught + missed);

/** Recall over every class but TLD swaps, over TLD swaps, and over dictionary words. */
export function aims(rows: readonly ClassRecall[]): { withoutTld: number; tld: number; dictionary: number } {
  const sum = (f: (r: ClassRecall) => boolean) =>
    rows.filter(f).reduce((a, r) => [a[0]! + r.caught, a[1]! + r.missed], [0, 0]);
  const [c1, m1] = sum((r) => r.cls !== 'tld-swap');
  const tld = rows.find((r) => r.cls === 'tld-swap')!;
  const dict = rows.find((r) => r.cls === 'dictionary')!;
  return { withoutTld: rate(c1!, m1!), tld: rate(tld.caught, tld.missed), dictionary: rate(dict.caught, dict.missed) };
}

export function measureAttackerHosts(): { caught: number; missed: string[] } {
  const missed = ATTACKER_HOSTS.filter(([h, t]) => judgeHost(ascii(h) ?? h, [t]).kind !== 'lookalike').map(([h]) => h);
  return { caught: ATTACKER_HOSTS.length - missed.length, missed };
}

/** Every rule of the public suffix list's private section, as a host (`*.` dropped). */
export function privateSuffixHosts(): string[] {
  const out: string[] = [];
  const walk = (node: RuleNode, path: string[]) => {
    for (const [label, child] of node.children ?? []) {
      const here = [label, ...path];
      if (child.kind === PRIVATE && !label.startsWith('!') && label !== '*') out.push(here.join('.'));
      walk(child, here);
    }
  };
  walk(suffixRules(), []);
  return out;
}

/** Hosts of `hosts` that warn against any one target alone: false positives. */
export function falsePositives(
  hosts: readonly string[],
  targets = TARGETS,
): { host: string; target: string; reason: string }[] {
  const out: { host: string; target: string; reason: string }[] = [];
  for (const target of targets) {
    for (const host of hosts) {
      const v = judgeHost(ascii(host) ?? host, [target]);
      if (v.kind === 'lookalike') out.push({ host, target, reason: v.reason });
    }
  }
  return out;
}
