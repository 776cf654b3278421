/**
 * A scan result: gauge, band, categories, confidence, reasoning, indicators, when checked. Only
 * what the service said is shown: a section without content is left out, not shown as "None".
 * Indicators are in words (src/shared/indicators.ts), their records behind "Technical details".
 * Service strings are rendered as Preact text nodes only (never parsed as HTML).
 */
import { indicatorWords } from '@/src/shared/indicators';
import type { Band } from '@/src/shared/verdict';
import { categoryLabel, formatConfidence, formatTime } from '../format';
import { t } from '../i18n';
import { ScoreGauge } from './score-gauge';

export interface VerdictLike {
  riskScore: number | null;
  band: Band | null;
  confidence?: number | null;
  categories: string[];
  reasoning: string;
  indicators: string[];
  checkedAt?: number | string | null;
}

/** The indicator labels are the content script's messages (one set for every surface). */
const inWords = (line: string) => indicatorWords(line, (key, subs) => t(`cs_${key}`, subs));

/** `level`: heading level of the sub-headings, one below the surrounding heading (axe heading-order). */
export function VerdictView({ verdict, level = 3 }: { verdict: VerdictLike; level?: 2 | 3 }) {
  const H = level === 2 ? 'h2' : 'h3';
  const { riskScore, band, confidence, categories, reasoning, indicators, checkedAt } = verdict;
  const hasConfidence = typeof confidence === 'number';
  const hasChecked = checkedAt !== undefined && checkedAt !== null && checkedAt !== '';
  const worded = indicators.map(inWords);
  // Only records put in other words go under "Technical details": a plain line is not shown twice.
  const records = worded.filter((w) => w.text !== w.raw);
  return (
    <div class="verdict">
      {riskScore !== null ? <ScoreGauge score={riskScore} band={band} /> : null}
      {categories.length || hasConfidence || hasChecked ? (
        <dl class="facts">
          {categories.length ? (
            <>
              <dt>{t('categories')}</dt>
              <dd>
                <ul class="chips">
                  {categories.map((c) => (
                    <li key={c} class="chip">
                      {categoryLabel(c)}
                    </li>
                  ))}
                </ul>
              </dd>
            </>
          ) : null}
          {hasConfidence ? (
            <>
              <dt>{t('confidence')}</dt>
              <dd>{formatConfidence(confidence)}</dd>
            </>
          ) : null}
          {hasChecked ? (
            <>
              <dt>{t('checkedAt')}</dt>
              <dd>{formatTime(checkedAt)}</dd>
            </>
          ) : null}
        </dl>
      ) : null}
      {reasoning ? (
        <>
          <H class="sub">{t('reasoning')}</H>
          <p class="reasoning">{reasoning}</p>
        </>
      ) : null}
      {indicators.length ? (
        <>
          <H class="sub">{t('indicators')}</H>
          <ul class="indicators">
            {worded.map((w, n) => (
              <li key={n}>{w.text}</li>
            ))}
          </ul>
          {records.length ? (
            <details class="technical">
              <summary>{t('cs_technical')}</summary>
              <ul class="raw">
                {records.map((w, n) => (
                  <li key={n}>
                    <code>{w.raw}</code>
                  </li>
                ))}
              </ul>
            </details>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
