/**
 * What an imported change means, in words (message keys with their values), so the review says
 * "Never check any site under mybank.com" rather than showing a raw value cut mid-way: a file is
 * the attacker's until the person has read what it does. Values are shown whole (the page wraps
 * them); list changes host by host, a Unicode name in both forms (it is stored in ASCII, and a
 * look-alike must not hide behind its Unicode spelling). Pure. Examples: import-words.examples.ts.
 */
import { BAND_KEYS } from '../message-keys';
import { unicodeOf } from '../url/punycode';
import type { HostEntryProblem } from '../url/site';
import type { ImportChange, ImportableKey } from './import-plan';

/** A value put into a message: text as it is, or another message (a label the page shows). */
export type WordArg = { text: string } | { msg: string };
export interface Words {
  msg: string;
  args: WordArg[];
}

/** Each setting by the label its options field has (or its own, for fields not on the page). */
export const SETTING_LABEL_KEYS: Readonly<Record<ImportableKey, string>> = {
  serviceUrl: 'serviceUrl',
  scanNavigations: 'scanNavigations',
  scanHovers: 'scanHovers',
  hoverDelayMs: 'hoverDelay',
  warnThreshold: 'warnThreshold',
  blockThreshold: 'blockThreshold',
  minBlockConfidence: 'minBlockConfidence',
  allowProceed: 'allowProceed',
  strictMode: 'strictMode',
  holdWhileChecking: 'holdWhileChecking',
  strictTimeoutMs: 'strictTimeout',
  strictFailMode: 'strictFailMode',
  auditOnly: 'auditOnly',
  stripQuery: 'stripQuery',
  resolveShorteners: 'resolveShorteners',
  scanPrivateHosts: 'scanPrivateHosts',
  scanIncognito: 'scanIncognito',
  allowlist: 'allowlistTitle',
  blocklist: 'blocklistTitle',
  cacheTtlMinutes: 'imp_label_cacheTtl',
  reportUrl: 'reportUrlLabel',
  notifications: 'notifications',
  notifyOnBlock: 'imp_label_notifyOnBlock',
  visitHistoryDays: 'visitHistoryDays',
  disableContextMenu: 'imp_label_disableContextMenu',
};

/** A refused list entry's reason, as a sentence (the options page and the background say it too). */
export const HOST_ENTRY_PROBLEM_KEYS: Readonly<Record<HostEntryProblem, string>> = {
  empty: 'hostEntry_empty',
  'too-long': 'hostEntry_tooLong',
  scheme: 'hostEntry_scheme',
  userinfo: 'hostEntry_userinfo',
  port: 'hostEntry_port',
  path: 'hostEntry_path',
  wildcard: 'hostEntry_wildcard',
  'public-suffix': 'hostEntry_publicSuffix',
  invalid: 'hostEntry_invalid',
};

/** Message keys describeChange names beside SETTING_LABEL_KEYS (for the locale convention test). */
export const IMPORT_WORD_KEYS = [
  'imp_on',
  'imp_off',
  'imp_value',
  'imp_warnAt',
  'imp_blockAt',
  'imp_hoverDelay',
  'imp_minConfidence',
  'imp_strictTimeout',
  'imp_cacheTtl',
  'imp_serviceUrl',
  'imp_serviceUrl_cleared',
  'imp_reportUrl',
  'imp_reportUrl_cleared',
  'imp_allow_add',
  'imp_allow_remove',
  'imp_block_add',
  'imp_block_remove',
  'failAllow',
  'failBlock',
  'imp_visitDays',
] as const;

/** A host as the person reads it: a Unicode name with its stored ASCII form beside it. */
export function shownHost(host: string): string {
  const u = unicodeOf(host);
  return u === host ? host : `${u} (${host})`;
}

const text = (v: unknown): WordArg => ({ text: typeof v === 'string' ? v : (JSON.stringify(v) ?? String(v)) });
const percent = (v: unknown): WordArg => ({ text: `${Math.round(Number(v) * 100)}%` });
const NUMBER_WORDS: Partial<Record<ImportableKey, string>> = {
  warnThreshold: 'imp_warnAt',
  blockThreshold: 'imp_blockAt',
  hoverDelayMs: 'imp_hoverDelay',
  strictTimeoutMs: 'imp_strictTimeout',
  visitHistoryDays: 'imp_visitDays',
};

export function describeChange(c: ImportChange): Words[] {
  const key = c.key as ImportableKey;
  const label = SETTING_LABEL_KEYS[key];
  if (key === 'allowlist' || key === 'blocklist') {
    const [add, remove] =
      key === 'allowlist' ? ['imp_allow_add', 'imp_allow_remove'] : ['imp_block_add', 'imp_block_remove'];
    return [
      ...(c.added ?? []).map((h) => ({ msg: add, args: [{ text: shownHost(h) }] })),
      ...(c.removed ?? []).map((h) => ({ msg: remove, args: [{ text: shownHost(h) }] })),
    ];
  }
  if (key === 'serviceUrl')
    return [c.to === '' ? { msg: 'imp_serviceUrl_cleared', args: [] } : { msg: 'imp_serviceUrl', args: [text(c.to)] }];
  if (key === 'reportUrl')
    return [c.to === '' ? { msg: 'imp_reportUrl_cleared', args: [] } : { msg: 'imp_reportUrl', args: [text(c.to)] }];
  if (key === 'cacheTtlMinutes') {
    const from = (c.from ?? {}) as Record<string, unknown>;
    const to = (c.to ?? {}) as Record<string, unknown>;
    return (Object.keys(BAND_KEYS) as Array<keyof typeof BAND_KEYS>)
      .filter((band) => to[band] !== from[band])
      .map((band) => ({ msg: 'imp_cacheTtl', args: [{ msg: BAND_KEYS[band] }, text(to[band]), text(from[band])] }));
  }
  if (key === 'minBlockConfidence') return [{ msg: 'imp_minConfidence', args: [percent(c.to), percent(c.from)] }];
  if (key === 'strictFailMode') {
    const mode = (v: unknown): WordArg => ({ msg: v === 'block' ? 'failBlock' : 'failAllow' });
    return [{ msg: 'imp_value', args: [{ msg: label }, mode(c.to), mode(c.from)] }];
  }
  const numberWords = NUMBER_WORDS[key];
  if (numberWords) return [{ msg: numberWords, args: [text(c.to), text(c.from)] }];
  if (typeof c.to === 'boolean') return [{ msg: c.to ? 'imp_on' : 'imp_off', args: [{ msg: label }] }];
  // A key without words of its own: its label and both values, whole.
  return [{ msg: 'imp_value', args: [{ msg: label ?? c.key }, text(c.to), text(c.from)] }];
}
