/**
 * Risk score 0–100 as a ring. The number and the band name are printed as text, so the meaning
 * never rests on colour alone; the ring is decoration for sighted people.
 */
import { bandOf, type Band } from '@/src/shared/verdict';
import { bandLabel } from '../format';
import { t } from '../i18n';

const R = 26;
const CIRCUMFERENCE = 2 * Math.PI * R;

export function ScoreGauge({ score, band }: { score: number; band?: Band | null }) {
  const s = Math.round(Math.min(100, Math.max(0, Number.isFinite(score) ? score : 0)));
  const b = band ?? bandOf(s);
  const label = t('scoreAria', [s, bandLabel(b)]);
  return (
    <div class={`gauge band-${b}`} role="img" aria-label={label}>
      <svg viewBox="0 0 64 64" width="64" height="64" aria-hidden="true" focusable="false">
        <circle class="gauge-track" cx="32" cy="32" r={R} />
        <circle
          class="gauge-value"
          cx="32"
          cy="32"
          r={R}
          stroke-dasharray={`${(CIRCUMFERENCE * s) / 100} ${CIRCUMFERENCE}`}
          transform="rotate(-90 32 32)"
        />
        <text x="32" y="37" text-anchor="middle" class="gauge-number">
          {s}
        </text>
      </svg>
      <span class="gauge-band" aria-hidden="true">
        {bandLabel(b)}
      </span>
    </div>
  );
}
