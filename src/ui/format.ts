/** Display helpers shared by the pages. Pure; every word goes through t(). */
import { t } from './i18n';
import { BAND_KEYS, CATEGORY_KEYS } from './labels';
import type { Band } from '@/src/shared/verdict';

export function bandLabel(band: Band): string {
  return t(BAND_KEYS[band]);
}

/** Known categories get a translated label; unknown service strings are shown as-is (as text). */
export function categoryLabel(category: string): string {
  const key = (CATEGORY_KEYS as Record<string, string | undefined>)[category];
  return key ? t(key) : category;
}

/** Confidence: the spec says "fractional number" — 0..1 shown as a percentage, >1 taken as already %. */
export function formatConfidence(confidence: number): string {
  if (!Number.isFinite(confidence)) return '—';
  const pct = confidence <= 1 ? confidence * 100 : confidence;
  return `${Math.round(Math.min(100, Math.max(0, pct)))} %`;
}

/** A timestamp (ms epoch or ISO string) in the person's locale; '—' when unknown or invalid. */
export function formatTime(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? String(value) : d.toLocaleString();
}

export function formatNumber(n: number | null | undefined): string {
  return typeof n === 'number' && Number.isFinite(n) ? n.toLocaleString() : '—';
}
