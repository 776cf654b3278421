/**
 * Example table for decide(): spec bands (0-20 safe, 21-50 suspicious,
 * 51-75 high, 76-100 malicious) with the default thresholds (warn 51, block 76), then
 * configured thresholds, minimum confidence, lists (the organization's and the person's) and
 * audit-only. Each row names the rule that fired, as the blocked page and popup explain it.
 * Tested in decide.test.ts.
 */
import type { Action, Decision, DecisionRule } from '../verdict';
import { DEFAULT_SETTINGS, type Settings } from './settings';
import type { DecideSettings } from './decide';

export const DECIDE_BASE_SETTINGS: DecideSettings = {
  blocklist: DEFAULT_SETTINGS.blocklist,
  allowlist: DEFAULT_SETTINGS.allowlist,
  warnThreshold: DEFAULT_SETTINGS.warnThreshold,
  blockThreshold: DEFAULT_SETTINGS.blockThreshold,
  auditOnly: DEFAULT_SETTINGS.auditOnly,
  minBlockConfidence: DEFAULT_SETTINGS.minBlockConfidence,
};

export interface DecideExample {
  score: number | null;
  categories?: string[];
  /** The verdict's confidence (0.9 when not given, as the test service's score rule says). */
  confidence?: number;
  host?: string;
  /** The address's path, for path list entries (`example.com/login/*`). */
  path?: string;
  settings?: Partial<Settings> & { orgBlocklist?: string[] };
  expected: Decision;
}

const d = (action: Action, reason: string, rule: DecisionRule): Decision => ({ action, reason, rule });
const audit = (of: 'block' | 'warn', reason: string, rule: DecisionRule): Decision => ({
  action: 'annotate',
  reason: `audit-only:${reason}`,
  rule,
  auditOf: of,
});
const block = (score: number, threshold = 76): DecisionRule => ({ rule: 'score', level: 'block', score, threshold });
const warn = (score: number, threshold = 51): DecisionRule => ({ rule: 'score', level: 'warn', score, threshold });
const band = (score: number, b: 'suspicious' | 'high' | 'malicious'): DecisionRule => ({
  rule: 'band',
  score,
  band: b,
});
const safe = (score: number): DecisionRule => ({ rule: 'safe', score });
const cat = (level: 'block' | 'warn', score: number, category: string): DecisionRule => ({
  rule: 'categoryAction',
  level,
  score,
  category,
});
const low = (score: number, confidence: number, minConfidence: number, threshold = 76): DecisionRule => ({
  rule: 'lowConfidence',
  score,
  threshold,
  confidence,
  minConfidence,
});

export const DECIDE_EXAMPLES: readonly DecideExample[] = [
  // Bands with default thresholds, at every band edge.
  { score: 0, categories: ['safe'], expected: d('allow', 'band:safe', safe(0)) },
  { score: 20, expected: d('allow', 'band:safe', safe(20)) },
  { score: 21, categories: ['suspicious'], expected: d('annotate', 'band:suspicious', band(21, 'suspicious')) },
  { score: 50, expected: d('annotate', 'band:suspicious', band(50, 'suspicious')) },
  { score: 51, expected: d('warn', 'band:high', warn(51)) },
  { score: 75, categories: ['scam'], expected: d('warn', 'band:high', warn(75)) },
  { score: 76, categories: ['phishing'], expected: d('block', 'band:malicious', block(76)) },
  { score: 100, expected: d('block', 'band:malicious', block(100)) },
  // Out-of-range scores are clamped, never treated as safe.
  { score: 140, expected: d('block', 'band:malicious', block(100)) },
  { score: -5, expected: d('allow', 'band:safe', safe(0)) },
  { score: Number.NaN, expected: d('annotate', 'invalid-score', { rule: 'invalidScore' }) },
  // No verdict yet.
  { score: null, expected: d('allow', 'no-verdict', { rule: 'noVerdict' }) },
  // A safe score with a threat category: shown, not acted on.
  {
    score: 10,
    categories: ['phishing'],
    expected: d('annotate', 'category:phishing', { rule: 'category', score: 10, category: 'phishing' }),
  },
  { score: 10, categories: ['adult_content'], expected: d('allow', 'band:safe', safe(10)) },
  // Configured thresholds move the lines; the rule names the threshold that applied.
  { score: 45, settings: { warnThreshold: 40 }, expected: d('warn', 'threshold:warn', warn(45, 40)) },
  { score: 60, settings: { blockThreshold: 60 }, expected: d('block', 'threshold:block', block(60, 60)) },
  { score: 80, settings: { blockThreshold: 90 }, expected: d('warn', 'threshold:warn', warn(80)) },
  { score: 60, settings: { warnThreshold: 70 }, expected: d('annotate', 'band:high', band(60, 'high')) },
  {
    score: 95,
    settings: { warnThreshold: 100, blockThreshold: 100 },
    expected: d('annotate', 'band:malicious', band(95, 'malicious')),
  },
  // Minimum confidence to block: below it the block becomes a warning, named as such.
  {
    score: 94,
    confidence: 0.41,
    settings: { minBlockConfidence: 0.6 },
    expected: d('warn', 'low-confidence', low(94, 0.41, 0.6)),
  },
  {
    score: 94,
    confidence: 0.6,
    settings: { minBlockConfidence: 0.6 },
    expected: d('block', 'band:malicious', block(94)),
  }, // at the minimum: blocks
  { score: 94, confidence: 0.41, expected: d('block', 'band:malicious', block(94)) }, // minimum 0 (default): off
  {
    score: 94,
    confidence: 41,
    settings: { minBlockConfidence: 0.6 },
    expected: d('warn', 'low-confidence', low(94, 0.41, 0.6)),
  }, // a percentage read as 0.41
  {
    score: 94,
    confidence: Number.NaN,
    settings: { minBlockConfidence: 0.6 },
    expected: d('block', 'band:malicious', block(94)),
  }, // unknown never lowers a block
  {
    score: 94,
    confidence: -1,
    settings: { minBlockConfidence: 0.6 },
    expected: d('block', 'band:malicious', block(94)),
  },
  { score: 60, confidence: 0.1, settings: { minBlockConfidence: 0.6 }, expected: d('warn', 'band:high', warn(60)) }, // warnings are not touched
  {
    score: 70,
    confidence: 0.2,
    settings: { blockThreshold: 65, minBlockConfidence: 0.5 },
    expected: d('warn', 'low-confidence', low(70, 0.2, 0.5, 65)),
  },
  // Lists: blocklist first (the organization's entry named before the person's), then allowlist, both before the verdict.
  {
    score: null,
    host: 'login.evil.example',
    settings: { blocklist: ['evil.example'] },
    expected: d('block', 'blocklist', { rule: 'userBlockList', entry: 'evil.example' }),
  },
  {
    score: 0,
    host: 'evil.example',
    settings: { blocklist: ['evil.example'] },
    expected: d('block', 'blocklist', { rule: 'userBlockList', entry: 'evil.example' }),
  },
  {
    score: 0,
    host: 'evil.example',
    settings: { blocklist: ['evil.example'], orgBlocklist: ['evil.example'] },
    expected: d('block', 'blocklist', { rule: 'orgBlockList', entry: 'evil.example' }),
  },
  {
    score: null,
    host: 'a.evil.example',
    settings: { blocklist: ['a.evil.example', 'evil.example'], orgBlocklist: ['evil.example'] },
    expected: d('block', 'blocklist', { rule: 'orgBlockList', entry: 'evil.example' }),
  },
  {
    score: null,
    host: 'bad.example',
    settings: { blocklist: ['bad.example', 'evil.example'], orgBlocklist: ['evil.example'] },
    expected: d('block', 'blocklist', { rule: 'userBlockList', entry: 'bad.example' }),
  },
  {
    score: 99,
    host: 'docs.example.com',
    settings: { allowlist: ['example.com'] },
    expected: d('allow', 'allowlist', { rule: 'allowList', entry: 'example.com' }),
  },
  {
    score: 5,
    host: 'a.example.com',
    settings: { allowlist: ['example.com'], blocklist: ['a.example.com'] },
    expected: d('block', 'blocklist', { rule: 'userBlockList', entry: 'a.example.com' }),
  },
  // Actions by category, beside the thresholds: the strictest of score and categories wins.
  {
    score: 10,
    categories: ['adult_content'],
    settings: { categoryActions: { ...DEFAULT_SETTINGS.categoryActions, adult_content: 'block' } },
    expected: d('block', 'category-action:adult_content', cat('block', 10, 'adult_content')),
  },
  {
    score: 30,
    categories: ['suspicious', 'scam'],
    settings: { categoryActions: { ...DEFAULT_SETTINGS.categoryActions, scam: 'warn', suspicious: 'ignore' } },
    expected: d('warn', 'category-action:scam', cat('warn', 30, 'scam')),
  },
  {
    score: 30,
    categories: ['scam', 'phishing'],
    settings: { categoryActions: { ...DEFAULT_SETTINGS.categoryActions, scam: 'warn', phishing: 'block' } },
    expected: d('block', 'category-action:phishing', cat('block', 30, 'phishing')),
  },
  {
    score: 90,
    categories: ['scam'],
    settings: { categoryActions: { ...DEFAULT_SETTINGS.categoryActions, scam: 'warn' } },
    expected: d('block', 'band:malicious', block(90)),
  }, // never lowers the score's block
  {
    score: 60,
    categories: ['suspicious'],
    settings: { categoryActions: { ...DEFAULT_SETTINGS.categoryActions, suspicious: 'ignore' } },
    expected: d('warn', 'band:high', warn(60)),
  }, // ignore: the score decides
  {
    score: 10,
    categories: ['ADULT_CONTENT'],
    settings: { categoryActions: { ...DEFAULT_SETTINGS.categoryActions, adult_content: 'warn' } },
    expected: d('warn', 'category-action:adult_content', cat('warn', 10, 'adult_content')),
  },
  {
    score: 94,
    confidence: 0.3,
    categories: ['malware'],
    settings: { minBlockConfidence: 0.6, categoryActions: { ...DEFAULT_SETTINGS.categoryActions, malware: 'block' } },
    expected: d('block', 'category-action:malware', cat('block', 94, 'malware')),
  }, // the organization named it: no confidence minimum
  {
    score: 10,
    categories: ['toString', 'safe'],
    settings: { categoryActions: { ...DEFAULT_SETTINGS.categoryActions, adult_content: 'block' } },
    expected: d('allow', 'band:safe', safe(10)),
  }, // unknown names do nothing
  {
    score: 10,
    categories: ['adult_content'],
    host: 'school.example',
    settings: {
      allowlist: ['school.example'],
      categoryActions: { ...DEFAULT_SETTINGS.categoryActions, adult_content: 'block' },
    },
    expected: d('allow', 'allowlist', { rule: 'allowList', entry: 'school.example' }),
  },
  {
    score: 10,
    categories: ['adult_content'],
    settings: { auditOnly: true, categoryActions: { ...DEFAULT_SETTINGS.categoryActions, adult_content: 'block' } },
    expected: audit('block', 'category-action:adult_content', cat('block', 10, 'adult_content')),
  },
  // Path entries name part of a site: only that part is blocked (or allowed).
  {
    score: null,
    host: 'shop.example',
    path: '/phish/login',
    settings: { blocklist: ['shop.example/phish/*'], orgBlocklist: ['shop.example/phish/*'] },
    expected: d('block', 'blocklist', { rule: 'orgBlockList', entry: 'shop.example/phish/*' }),
  },
  {
    score: 10,
    host: 'shop.example',
    path: '/cart',
    settings: { blocklist: ['shop.example/phish/*'] },
    expected: d('allow', 'band:safe', safe(10)),
  },
  {
    score: 10,
    host: 'shop.example',
    settings: { blocklist: ['shop.example/phish/*'] },
    expected: d('allow', 'band:safe', safe(10)),
  }, // no path known: host entries only
  {
    score: 90,
    host: 'docs.example.com',
    path: '/public/a',
    settings: { allowlist: ['*.example.com/public/*'] },
    expected: d('allow', 'allowlist', { rule: 'allowList', entry: '*.example.com/public/*' }),
  },
  {
    score: 90,
    host: 'docs.example.com',
    path: '/private',
    settings: { allowlist: ['example.com/public/*'] },
    expected: d('block', 'band:malicious', block(90)),
  },
  // Audit-only: record what would have happened, never warn or block.
  { score: 90, settings: { auditOnly: true }, expected: audit('block', 'band:malicious', block(90)) },
  { score: 60, settings: { auditOnly: true }, expected: audit('warn', 'band:high', warn(60)) },
  {
    score: 94,
    confidence: 0.3,
    settings: { auditOnly: true, minBlockConfidence: 0.6 },
    expected: audit('warn', 'low-confidence', low(94, 0.3, 0.6)),
  },
  { score: 30, settings: { auditOnly: true }, expected: d('annotate', 'band:suspicious', band(30, 'suspicious')) },
  { score: 5, settings: { auditOnly: true }, expected: d('allow', 'band:safe', safe(5)) },
  {
    score: null,
    host: 'evil.example',
    settings: { auditOnly: true, blocklist: ['evil.example'], orgBlocklist: ['evil.example'] },
    expected: audit('block', 'blocklist', { rule: 'orgBlockList', entry: 'evil.example' }),
  },
];
