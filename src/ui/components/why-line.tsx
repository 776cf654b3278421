/**
 * "Why this decision" (docs/decisions/017-surfaces.md), one sentence: the rule that fired, in the reader's language,
 * numbers formatted for them ("Risk score 94 ≥ your block threshold 76"). The choice of message
 * is src/shared/policy/why.ts; this only puts it in words. List entries and categories are
 * rendered as text.
 */
import type { Decision } from '@/src/shared/verdict';
import { WHY_AUDIT_KEYS, whyOf, type WhyArg } from '@/src/shared/policy/why';
import { categoryLabel } from '../format';
import { t, uiLanguage } from '../i18n';

function arg(a: WhyArg): string {
  if ('text' in a) return a.text;
  if ('category' in a) return categoryLabel(a.category);
  // A confidence reads as a percentage, as the verdict's own "Confidence" line shows it.
  const style = a.fraction ? ({ style: 'percent', maximumFractionDigits: 0 } as const) : { maximumFractionDigits: 0 };
  return new Intl.NumberFormat(uiLanguage(), style).format(a.num);
}

/** The sentence, or null when the decision names no rule this page explains. */
export function whyText(decision: Pick<Decision, 'rule' | 'auditOf'>): string | null {
  const why = whyOf(decision);
  if (!why) return null;
  const sentence = t(why.message.key, why.message.args.map(arg));
  return why.audit ? t(WHY_AUDIT_KEYS[why.audit], sentence) : sentence;
}

export function WhyLine({ decision }: { decision: Pick<Decision, 'rule' | 'auditOf'> }) {
  const text = whyText(decision);
  if (!text) return null;
  return (
    <p class="why-decision">
      <span class="label">{t('whyDecision')}: </span>
      <span class="why-text">{text}</span>
    </p>
  );
}
