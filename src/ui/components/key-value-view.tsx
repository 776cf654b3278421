/**
 * Records the spec does not show (credits, settings, analytics) as a readable view: objects as
 * nested <dl>, arrays as <ol>, scalars as text (docs/decisions/015-api-client.md: readers "keep the rest and render it as
 * a readable key/value view"). Depth and length are capped so a huge answer cannot hang the page.
 */
import { formatNumber } from '../format';
import { t } from '../i18n';

const MAX_DEPTH = 6;
const MAX_ITEMS = 200;

function Scalar({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <span class="muted">—</span>;
  if (typeof value === 'boolean') return <span>{value ? t('yes') : t('no')}</span>;
  return <span class="kv-value">{String(value)}</span>;
}

function Value({ value, depth }: { value: unknown; depth: number }) {
  if (Array.isArray(value)) {
    if (value.length === 0) return <span class="muted">{t('emptyList')}</span>;
    if (depth >= MAX_DEPTH) return <span class="muted">…</span>;
    return (
      <ol class="kv-list">
        {value.slice(0, MAX_ITEMS).map((v, i) => (
          <li key={i}>
            <Value value={v} depth={depth + 1} />
          </li>
        ))}
        {value.length > MAX_ITEMS ? (
          <li class="muted">{t('moreItems', formatNumber(value.length - MAX_ITEMS))}</li>
        ) : null}
      </ol>
    );
  }
  if (value !== null && typeof value === 'object') {
    if (depth >= MAX_DEPTH) return <span class="muted">…</span>;
    return <KeyValueView data={value as Record<string, unknown>} depth={depth + 1} />;
  }
  return <Scalar value={value} />;
}

export function KeyValueView({ data, depth = 0 }: { data: Record<string, unknown>; depth?: number }) {
  const entries = Object.entries(data).slice(0, MAX_ITEMS);
  if (entries.length === 0) return <p class="muted">{t('noData')}</p>;
  return (
    <dl class="kv">
      {entries.map(([k, v]) => (
        <div class="kv-row" key={k}>
          <dt>{k}</dt>
          <dd>
            <Value value={v} depth={depth} />
          </dd>
        </div>
      ))}
    </dl>
  );
}
