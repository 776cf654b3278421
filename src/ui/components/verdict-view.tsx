/**
 * A scan result: gauge, band, categories, confidence, reasoning, indicators, when checked.
 * Service strings are rendered as Preact text nodes only (never parsed as HTML).
 */
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

/** `level`: heading level of the sub-headings, one below the surrounding heading (axe heading-order). */
export function VerdictView({ verdict, level = 3 }: { verdict: VerdictLike; level?: 2 | 3 }) {
  const H = level === 2 ? 'h2' : 'h3';
  const { riskScore, band, confidence, categories, reasoning, indicators, checkedAt } = verdict;
  return (
    <div class="verdict">
      {riskScore !== null ? <ScoreGauge score={riskScore} band={band} /> : null}
      <dl class="facts">
        <dt>{t('categories')}</dt>
        <dd>
          {categories.length ? (
            <ul class="chips">
              {categories.map((c) => <li key={c} class="chip">{categoryLabel(c)}</li>)}
            </ul>
          ) : t('none')}
        </dd>
        {typeof confidence === 'number' ? (
          <>
            <dt>{t('confidence')}</dt>
            <dd>{formatConfidence(confidence)}</dd>
          </>
        ) : null}
        {checkedAt !== undefined ? (
          <>
            <dt>{t('checkedAt')}</dt>
            <dd>{formatTime(checkedAt)}</dd>
          </>
        ) : null}
      </dl>
      <H class="sub">{t('reasoning')}</H>
      <p class="reasoning">{reasoning || t('none')}</p>
      <H class="sub">{t('indicators')}</H>
      {indicators.length ? (
        <ul class="indicators">
          {indicators.map((i, n) => <li key={n}>{i}</li>)}
        </ul>
      ) : <p>{t('none')}</p>}
    </div>
  );
}
