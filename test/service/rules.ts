/**
 * The deterministic verdict rule table of the local service. Tests predict a scan's outcome from
 * its URL with `verdictFor(url)`; README.md shows the same table. Keywords are matched in the
 * lower-cased host name and path (not the query or fragment); the FIRST matching rule wins.
 *
 * Spec "Scan result": riskScore bands 0-20 safe, 21-50 suspicious, 51-75 high risk, 76-100
 * malicious; categories safe, phishing, malware, scam, suspicious, adult_content. The table covers
 * every category and every band. The spec does not show an indicator's shape, so indicators here are
 * `{type, value, severity}` objects: clients must not rely on that.
 */

export interface Indicator {
  type: string;
  value: string;
  severity: 'low' | 'medium' | 'high';
}

export interface ScanResult {
  riskScore: number;
  confidence: number;
  categories: string[];
  reasoning: string;
  indicators: Indicator[];
}

export type Verdict =
  | { outcome: 'COMPLETED'; rule: string; delayFactor: number; result: ScanResult }
  | { outcome: 'FAILED'; rule: string; delayFactor: number; error: { reason: string } };

type Outcome = { outcome: 'COMPLETED'; result: ScanResult } | { outcome: 'FAILED'; error: { reason: string } };

export interface Rule {
  name: string;
  /** What triggers the rule, in words (README table). */
  when: string;
  /** A URL this rule decides (tests run every rule against every example). */
  example: string;
  /** Returns the outcome when the rule applies to the lower-cased host and path, else null. */
  apply(host: string, path: string): Outcome | null;
}

/** HTML/script text the 'xss' rule puts in every text field, so clients prove they render text. */
export const XSS_PAYLOAD = '<img src=x onerror=alert(1)>';

/** Delay multiplier for URLs whose host or path contains 'slow'. */
export const SLOW_FACTOR = 5;

const SEVERITY_BY_BAND = { suspicious: 'low', high: 'medium', malicious: 'high' } as const;

function bandName(score: number): 'safe' | 'suspicious' | 'high' | 'malicious' {
  if (score <= 20) return 'safe';
  if (score <= 50) return 'suspicious';
  if (score <= 75) return 'high';
  return 'malicious';
}

/** A keyword rule: one category, one fixed score. */
function keyword(word: string, category: string, riskScore: number, confidence: number, example: string): Rule {
  return {
    name: word,
    when: `host or path contains "${word}"`,
    example,
    apply(host, path) {
      if (!host.includes(word) && !path.includes(word)) return null;
      const band = bandName(riskScore);
      const severity = band === 'safe' ? 'low' : SEVERITY_BY_BAND[band];
      return {
        outcome: 'COMPLETED',
        result: {
          riskScore,
          confidence,
          categories: [category],
          reasoning: `Rule "${word}": the URL contains "${word}", a ${category} signal (${band} band).`,
          indicators: [{ type: 'keyword', value: word, severity }],
        },
      };
    },
  };
}

/** Category of a forced score: one category per band, so a score alone predicts the category. */
export const CATEGORY_BY_BAND = { safe: 'safe', suspicious: 'suspicious', high: 'scam', malicious: 'malware' } as const;

export const RULES: readonly Rule[] = [
  {
    name: 'fail',
    when: 'host or path contains "fail"',
    example: 'https://fail.example/',
    apply: (host, path) =>
      host.includes('fail') || path.includes('fail')
        ? { outcome: 'FAILED', error: { reason: 'Rule "fail": the scanner could not fetch the page.' } }
        : null,
  },
  {
    name: 'score',
    when: 'a path segment "score-NN" (NN 0..100) forces riskScore NN; category by band',
    example: 'https://example.com/score-42',
    apply(_host, path) {
      const seg = path.split('/').find((s) => /^score-\d{1,3}$/.test(s));
      const score = seg === undefined ? NaN : Number(seg.slice('score-'.length));
      if (!(score >= 0 && score <= 100)) return null;
      const band = bandName(score);
      return {
        outcome: 'COMPLETED',
        result: {
          riskScore: score,
          confidence: 0.9,
          categories: [CATEGORY_BY_BAND[band]],
          reasoning: `Rule "score": the path asks for risk score ${score} (${band} band).`,
          indicators:
            band === 'safe' ? [] : [{ type: 'forced-score', value: seg ?? '', severity: SEVERITY_BY_BAND[band] }],
        },
      };
    },
  },
  {
    name: 'xss',
    when: 'host contains "xss": HTML/script text in reasoning, categories and indicators',
    example: 'https://xss.example/',
    apply: (host) =>
      host.includes('xss')
        ? {
            outcome: 'COMPLETED',
            result: {
              riskScore: 45,
              confidence: 0.5,
              categories: ['suspicious', XSS_PAYLOAD],
              reasoning: `${XSS_PAYLOAD}<script>alert("reasoning")</script> must be shown as text.`,
              indicators: [{ type: XSS_PAYLOAD, value: `<b>${XSS_PAYLOAD}</b>`, severity: 'low' }],
            },
          }
        : null,
  },
  keyword('malware', 'malware', 95, 0.97, 'https://malware.example/'),
  keyword('phish', 'phishing', 88, 0.92, 'https://phish-bank.example/'),
  keyword('scam', 'scam', 70, 0.8, 'https://example.com/free-prize-scam'),
  keyword('adult', 'adult_content', 60, 0.85, 'https://adult.example/'),
  keyword('suspicious', 'suspicious', 35, 0.55, 'https://suspicious.example/'),
  {
    name: 'safe',
    when: 'everything else',
    example: 'https://example.com/',
    apply: () => ({
      outcome: 'COMPLETED',
      result: {
        riskScore: 5,
        confidence: 0.99,
        categories: ['safe'],
        reasoning: 'No rule matched: no threats detected.',
        indicators: [],
      },
    }),
  },
];

/** The verdict the service will give `url`. An unparseable URL is FAILED (the API refuses it earlier). */
export function verdictFor(url: string): Verdict {
  let host: string;
  let path: string;
  try {
    const u = new URL(url);
    host = u.hostname.toLowerCase();
    path = u.pathname.toLowerCase();
  } catch {
    return { outcome: 'FAILED', rule: 'invalid-url', delayFactor: 1, error: { reason: 'Not a URL.' } };
  }
  const delayFactor = host.includes('slow') || path.includes('slow') ? SLOW_FACTOR : 1;
  for (const rule of RULES) {
    const out = rule.apply(host, path);
    if (out) return { ...out, rule: rule.name, delayFactor };
  }
  // Unreachable: the last rule always applies. Kept so a table edit cannot yield a silent "safe".
  throw new Error('rule table has no catch-all');
}
