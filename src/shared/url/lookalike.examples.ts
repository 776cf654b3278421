/**
 * Example tables for judgeHost, tested in test/unit/shared/url/lookalike.test.ts.
 * Hosts are written as people read them; `ascii()` turns them into what the URL parser hands
 * the extension (lowercase, punycode), which is what judgeHost receives.
 */
import type { LookalikeReason, LookalikeVerdict } from './lookalike';

export const ascii = (host: string): string => new URL(`http://${host}/`).hostname;

/** Three sample protected sign-in domains (also the false-positive benchmark's). */
export const SAMPLE_PROTECTED = ['login.microsoftonline.com', 'accounts.google.com', 'example.okta.com'] as const;
/** An organization's own sign-in host and allowlist, for the same-site and allowlist rows. */
export const ORG_PROTECTED = [
  ...SAMPLE_PROTECTED,
  'login.example.com',
  'www.paypal.com',
  'contoso.eu.auth0.com',
  'fabrikam.my.salesforce.com',
];
export const ORG_ALLOWLIST = ['example-corp.com', 'okta.com'];
/** The organization's own other domains (policy `organizationDomains`). */
export const ORG_DOMAINS = ['example.net', 'paypal.me'];

export interface LookalikeExample {
  host: string;
  why: string;
  expected: LookalikeVerdict['kind'];
  reason?: LookalikeReason;
  protectedDomain?: string;
}

const look = (host: string, reason: LookalikeReason, protectedDomain: string, why: string): LookalikeExample => ({
  host,
  why,
  expected: 'lookalike',
  reason,
  protectedDomain,
});

export const LOOKALIKES: readonly LookalikeExample[] = [
  look('login.rnicrosoftonline.com', 'confusable', 'login.microsoftonline.com', 'rn reads as m'),
  look('login.micros0ftonline.com', 'confusable', 'login.microsoftonline.com', 'digit 0 for o'),
  look('g00gle.com', 'confusable', 'accounts.google.com', 'two zeros for o'),
  look('examp1e.okta.com', 'confusable', 'example.okta.com', 'another tenant on the same platform, 1 for l'),
  look('exampie.okta.com', 'edit-distance', 'example.okta.com', 'i for l on the same platform'),
  look('еxample.com', 'mixed-script', 'example.okta.com', 'Cyrillic е among Latin letters (IDN)'),
  look('gооgle.com', 'mixed-script', 'accounts.google.com', 'two Cyrillic о (IDN)'),
  look('ехамрlе.com', 'mixed-script', 'example.okta.com', 'mostly Cyrillic, Latin l'),
  look('microsoftonlin.com', 'edit-distance', 'login.microsoftonline.com', 'one letter missing'),
  look('microsfotonline.com', 'edit-distance', 'login.microsoftonline.com', 'two letters swapped'),
  look('microsoft-online.com', 'edit-distance', 'login.microsoftonline.com', 'a hyphen inserted'),
  look('gogle.com', 'edit-distance', 'accounts.google.com', 'one o missing'),
  look('gooogle.com', 'edit-distance', 'accounts.google.com', 'one o too many'),
  look('exanple.com', 'edit-distance', 'example.okta.com', 'n for m'),
  look(
    'accounts.google.com.evil.test',
    'embedded',
    'accounts.google.com',
    'the whole protected host as subdomain labels',
  ),
  look('google.secure-mail.test', 'embedded', 'accounts.google.com', 'the name as a subdomain label'),
  look(
    'login-microsoftonline-com.evil.test',
    'embedded',
    'login.microsoftonline.com',
    'the protected site written with hyphens',
  ),
  look('google-login.test', 'embedded', 'accounts.google.com', 'the name beside a sign-in word'),
  look('googleaccounts.net', 'embedded', 'accounts.google.com', 'the name beside a word of the protected host'),
  look('example-okta.com', 'embedded', 'example.okta.com', 'tenant and platform names in one label'),
  look('verify-microsoftonline.test', 'embedded', 'login.microsoftonline.com', 'sign-in word first'),
  look(
    'login.example.com.phish.test',
    'embedded',
    'example.okta.com',
    'the organization’s name as a label of someone else’s domain (the first protected entry it resembles is named)',
  ),
  // The same name on another public suffix (TLD swap), unless it is the organization's own.
  look('paypal.co', 'embedded', 'www.paypal.com', 'the protected name on another suffix'),
  look(
    'microsoftonline.com.co',
    'embedded',
    'login.microsoftonline.com',
    'the protected name on a second-level suffix',
  ),
  look(
    'login.example.org',
    'embedded',
    'login.example.com',
    'the organization’s name on a suffix it does not list as its own',
  ),
  look(
    'google.github.io',
    'embedded',
    'accounts.google.com',
    'Google’s name on a private suffix anyone may take (not Google’s own)',
  ),
  // Split by dots, hyphenated, homoglyphs UTS #39 maps with a mark (ł is l + U+0338).
  look('pay.pal.com', 'edit-distance', 'www.paypal.com', 'the name split by a dot'),
  look('p-a-y-p-a-l.com', 'edit-distance', 'www.paypal.com', 'hyphens between every letter'),
  look('paypał.com', 'confusable', 'www.paypal.com', 'ł reads as l'),
  look('pøypal.com', 'edit-distance', 'www.paypal.com', 'ø for o where the name has a: one letter off'),
  look(
    'qooqle.com',
    'edit-distance',
    'accounts.google.com',
    'two ASCII look-alike letters (q for g) count as one edit',
  ),
  look(
    'paypcl.com',
    'edit-distance',
    'www.paypal.com',
    'a typo that rn/cl folding would move away (cl is not read as d here)',
  ),
  // Lure words and combo-squats.
  look('paypal-security.com', 'embedded', 'www.paypal.com', 'the name beside a lure word'),
  look('paypal-resolution-center.com', 'embedded', 'www.paypal.com', 'the name beside two lure words'),
  look('paypalcom.evil.test', 'embedded', 'www.paypal.com', 'the protected site run together as a label'),
  look('paypal.com.cc', 'embedded', 'www.paypal.com', 'the protected site as a subdomain of another'),
  look('microsoft-online-login.com', 'embedded', 'login.microsoftonline.com', 'a typo of the name beside a lure word'),
  // Tenants: another tenant of the same platform family with a similar label.
  look('c0ntoso.eu.auth0.com', 'confusable', 'contoso.eu.auth0.com', 'a confusable tenant on the same region'),
  look('contosso.us.auth0.com', 'edit-distance', 'contoso.eu.auth0.com', 'a typo of the tenant on a sibling region'),
  look('c0ntoso.com', 'confusable', 'contoso.eu.auth0.com', 'the tenant’s name as a domain of its own'),
  look('fabrikarn.my.salesforce.com', 'confusable', 'fabrikam.my.salesforce.com', 'rn for m on the same platform'),
  look(
    'fabrikam-login.my.site.com',
    'embedded',
    'fabrikam.my.salesforce.com',
    'the tenant’s name beside a lure word on the same family',
  ),
];

const ok = (
  host: string,
  expected: LookalikeVerdict['kind'],
  why: string,
  protectedDomain?: string,
): LookalikeExample => ({ host, why, expected, protectedDomain });

/** Near-misses that must not warn: the protected hosts themselves, the same suffix on another label, common words. */
export const NEAR_MISSES: readonly LookalikeExample[] = [
  ok('login.microsoftonline.com', 'verified', 'the protected host itself', 'login.microsoftonline.com'),
  ok('accounts.google.com', 'verified', 'the protected host itself', 'accounts.google.com'),
  ok('example.okta.com', 'verified', 'the protected tenant itself', 'example.okta.com'),
  ok('LOGIN.Example.com.', 'verified', 'case and a trailing dot change nothing', 'login.example.com'),
  ok('sso.login.example.com', 'verified', 'a host below a protected one', 'login.example.com'),
  ok('www.example.com', 'same-site', 'another host of the organization’s own site', 'login.example.com'),
  ok('mail.google.com', 'same-site', 'another host of the same site', 'accounts.google.com'),
  ok('example-corp.com', 'allowlisted', 'on the organization’s allowlist'),
  ok('login.example-corp.com', 'allowlisted', 'below an allowlisted domain'),
  ok('other.okta.com', 'none', 'another tenant with an unrelated name (the same suffix on another label)'),
  ok('exarnple.okta.com', 'lookalike', 'a policy allowlist entry above the platform (okta.com) exempts no tenant'),
  ok('contoso.auth0.com', 'verified', 'the protected tenant on a sibling region', 'contoso.eu.auth0.com'),
  ok('contoso.us.auth0.com', 'verified', 'the protected tenant on a sibling region', 'contoso.eu.auth0.com'),
  ok(
    'fabrikam--uat.sandbox.my.salesforce.com',
    'verified',
    'the protected My Domain’s sandbox',
    'fabrikam.my.salesforce.com',
  ),
  ok('attacker.eu.auth0.com', 'none', 'another tenant of the region with an unrelated name'),
  ok('contoso.com', 'none', 'the tenant’s own name as a domain: most often the organization’s own site'),
  ok('eu.auth0.com', 'none', 'the region itself is no tenant'),
  ok(
    'login.microsoftonline-p.com',
    'same-site',
    'Microsoft’s own federation sign-in host',
    'login.microsoftonline.com',
  ),
  ok(
    'paypal-community.com',
    'none',
    'the name beside a word that is no lure (paypal-com is no match across the label’s hyphen)',
  ),
  ok('paypal.me', 'allowlisted', 'the organization lists it as its own'),
  ok('www.example.net', 'allowlisted', 'the organization lists it as its own'),
  ok('okta.com', 'allowlisted', 'the platform itself, on the organization’s allowlist'),
  ok('login.okta.com', 'none', 'the platform’s own sign-in'),
  ok('microsoft.com', 'same-site', 'Microsoft’s own domain (platforms.ts)', 'login.microsoftonline.com'),
  ok('live.com', 'same-site', 'Microsoft’s own sign-in domain (platforms.ts)', 'login.microsoftonline.com'),
  ok('google.de', 'same-site', 'Google holds its name on every suffix (platforms.ts)', 'accounts.google.com'),
  ok('google.co.uk', 'same-site', 'Google holds its name on every suffix (platforms.ts)', 'accounts.google.com'),
  ok('googleapis.com', 'same-site', 'Google’s own domain (platforms.ts)', 'accounts.google.com'),
  ok('paypalobjects.com', 'none', 'the name inside a longer one without a lure word'),
  ok('google-analytics.com', 'none', 'the name beside a word that is not about signing in'),
  ok('doodle.com', 'none', 'a common word two edits from a 6-letter name'),
  ok('noodle.com', 'none', 'a common word two edits from a 6-letter name'),
  ok('goal.com', 'none', 'a short common word'),
  ok('examine.net', 'none', 'a common word two edits from a 7-letter name'),
  ok('online.com', 'none', 'a word inside the protected name'),
  ok('login.unrelated.org', 'none', 'a sign-in word alone is no look-alike'),
  ok('okta-community.test', 'none', 'the platform name with another word'),
  ok('bücher.de', 'none', 'a single-script IDN unrelated to any protected name'),
  ok('127.0.0.1', 'none', 'an address, not a name'),
  ok('localhost', 'none', 'a single label'),
];
