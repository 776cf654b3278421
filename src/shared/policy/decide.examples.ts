/**
 * Example table for decide() (style.md 12): spec bands (0-20 safe, 21-50 suspicious,
 * 51-75 high, 76-100 malicious) with the default thresholds (warn 51, block 76), then
 * configured thresholds, lists and audit-only. Tested in decide.test.ts.
 */
import type { Decision } from '../verdict';
import { DEFAULT_SETTINGS, type Settings } from './settings';
import type { DecideSettings } from './decide';

export const DECIDE_BASE_SETTINGS: DecideSettings = {
  blocklist: DEFAULT_SETTINGS.blocklist,
  allowlist: DEFAULT_SETTINGS.allowlist,
  warnThreshold: DEFAULT_SETTINGS.warnThreshold,
  blockThreshold: DEFAULT_SETTINGS.blockThreshold,
  auditOnly: DEFAULT_SETTINGS.auditOnly,
};

export interface DecideExample {
  score: number | null;
  categories?: string[];
  host?: string;
  settings?: Partial<Settings>;
  expected: Decision;
}

const d = (action: Decision['action'], reason: string): Decision => ({ action, reason });

export const DECIDE_EXAMPLES: readonly DecideExample[] = [
  // Bands with default thresholds, at every band edge.
  { score: 0, categories: ['safe'], expected: d('allow', 'band:safe') },
  { score: 20, expected: d('allow', 'band:safe') },
  { score: 21, categories: ['suspicious'], expected: d('annotate', 'band:suspicious') },
  { score: 50, expected: d('annotate', 'band:suspicious') },
  { score: 51, expected: d('warn', 'band:high') },
  { score: 75, categories: ['scam'], expected: d('warn', 'band:high') },
  { score: 76, categories: ['phishing'], expected: d('block', 'band:malicious') },
  { score: 100, expected: d('block', 'band:malicious') },
  // Out-of-range scores are clamped, never treated as safe.
  { score: 140, expected: d('block', 'band:malicious') },
  { score: -5, expected: d('allow', 'band:safe') },
  { score: Number.NaN, expected: d('annotate', 'invalid-score') },
  // No verdict yet.
  { score: null, expected: d('allow', 'no-verdict') },
  // A safe score with a threat category: shown, not acted on.
  { score: 10, categories: ['phishing'], expected: d('annotate', 'category:phishing') },
  { score: 10, categories: ['adult_content'], expected: d('allow', 'band:safe') },
  // Configured thresholds move the lines.
  { score: 45, settings: { warnThreshold: 40 }, expected: d('warn', 'threshold:warn') },
  { score: 60, settings: { blockThreshold: 60 }, expected: d('block', 'threshold:block') },
  { score: 80, settings: { blockThreshold: 90 }, expected: d('warn', 'threshold:warn') },
  { score: 60, settings: { warnThreshold: 70 }, expected: d('annotate', 'band:high') },
  { score: 95, settings: { warnThreshold: 100, blockThreshold: 100 }, expected: d('annotate', 'band:malicious') },
  // Lists: blocklist first, then allowlist, both before the verdict.
  { score: null, host: 'login.evil.example', settings: { blocklist: ['evil.example'] }, expected: d('block', 'blocklist') },
  { score: 0, host: 'evil.example', settings: { blocklist: ['evil.example'] }, expected: d('block', 'blocklist') },
  { score: 99, host: 'docs.example.com', settings: { allowlist: ['example.com'] }, expected: d('allow', 'allowlist') },
  { score: 5, host: 'a.example.com', settings: { allowlist: ['example.com'], blocklist: ['a.example.com'] }, expected: d('block', 'blocklist') },
  // Audit-only: record, never warn or block.
  { score: 90, settings: { auditOnly: true }, expected: d('annotate', 'audit-only:band:malicious') },
  { score: 60, settings: { auditOnly: true }, expected: d('annotate', 'audit-only:band:high') },
  { score: 30, settings: { auditOnly: true }, expected: d('annotate', 'band:suspicious') },
  { score: 5, settings: { auditOnly: true }, expected: d('allow', 'band:safe') },
  { score: null, host: 'evil.example', settings: { auditOnly: true, blocklist: ['evil.example'] }, expected: d('annotate', 'audit-only:blocklist') },
];
