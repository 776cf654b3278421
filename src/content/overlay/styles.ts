/**
 * The overlay's own styles, scoped by the closed shadow root. `:host` is reset with `all:
 * initial` so page CSS cannot leak in; the host's own box is also pinned with inline
 * `!important` declarations (overlay-host.ts), which beat any page stylesheet.
 *
 * Readable on dark pages: every surface sets both its background and its text colour; the
 * outline is drawn twice (a dark ring and a light halo), so it shows on any page colour. Warn and
 * block differ by outline style (dashed vs solid double) and icon shape as well as colour.
 *
 * Written compactly (no optional spaces): this text ships in the content script of every page.
 */
export const OVERLAY_CSS = `
:host{all:initial}
.tip,dialog.confirm{font-family:system-ui,-apple-system,"Segoe UI",sans-serif}
*{box-sizing:border-box}
.layer{position:fixed;inset:0;pointer-events:none;overflow:hidden}
.mark{position:fixed;pointer-events:none;border-radius:3px}
.mark[hidden],.badge[hidden],.tip[hidden]{display:none}
.mark.warn{outline:2px dashed #b45309;box-shadow:0 0 0 2px #fff,inset 0 0 0 1px #fff}
.mark.block{outline:3px double #b91c1c;box-shadow:0 0 0 3px #fff,inset 0 0 0 1px #fff}
.badge{position:fixed;width:18px;height:18px;pointer-events:none;display:block;padding:0;margin:0;border:0;background:transparent}
.badge svg{width:18px;height:18px;display:block;filter:drop-shadow(0 0 1px #fff) drop-shadow(0 0 1px #fff)}
.warn .icon-shape{fill:#b45309}
.block .icon-shape,.confirm .icon-shape{fill:#b91c1c}
.icon-glyph{fill:#fff}
.tip{position:fixed;max-width:min(320px,calc(100vw - 16px));pointer-events:none;padding:10px 12px;border-radius:6px;border:2px solid #1f2937;background:#fff;color:#111827;font-size:13px;line-height:1.4;box-shadow:0 4px 16px rgba(0,0,0,.35);overflow-wrap:anywhere;text-align:left}
.tip.engaged{pointer-events:auto}
.tip .details[hidden],.tip .raw[hidden]{display:none}
.tip .raw{font-family:ui-monospace,monospace;font-size:11.5px;list-style:none;margin:2px 0;max-height:8em;overflow:auto}
.tip .details{margin-top:6px;border-top:1px solid #d1d5db;padding-top:4px}
.tip-actions{display:flex;gap:6px;flex-wrap:wrap}
.tip.block{border-color:#b91c1c}
.tip.warn{border-color:#b45309}
.tip-title{font-weight:700;display:flex;gap:6px;align-items:center;margin:0 0 4px}
.tip-title svg{width:16px;height:16px;flex:none}
.tip p{margin:2px 0}
.tip ul{margin:2px 0 2px 18px;padding:0}
.tip .muted{color:#4b5563}
.tip .reasoning{margin:6px 0;white-space:pre-line}
.tip button{font:inherit;margin-top:4px;padding:3px 10px;border-radius:5px;border:2px solid;background:none;color:inherit;cursor:pointer}
.tip .error,.confirm .error{color:#7f1d1d;font-weight:600}
.sr-only{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);clip-path:inset(50%);white-space:nowrap}
dialog.confirm{pointer-events:auto;max-width:min(480px,calc(100vw - 32px));padding:18px 20px;border:3px solid #b91c1c;border-radius:8px;background:#fff;color:#111827;font-size:14px;line-height:1.45;overflow-wrap:anywhere}
dialog.confirm::backdrop{background:rgba(0,0,0,.55)}
dialog.confirm:not([open]){display:none}
dialog.confirm.inline-modal{position:fixed;inset:0;margin:auto;height:fit-content;z-index:1}
.confirm h2{font-size:17px;margin:0 0 8px;display:flex;gap:8px;align-items:center}
.confirm h2 svg{width:20px;height:20px;flex:none}
.confirm .url{font-family:ui-monospace,monospace;font-size:12.5px;background:#f3f4f6;color:#111827;padding:4px 6px;border-radius:4px;margin:4px 0 8px}
.confirm .actions{display:flex;gap:8px;justify-content:flex-end;margin-top:14px;flex-wrap:wrap}
.confirm button{font:inherit;padding:6px 14px;border-radius:5px;cursor:pointer;border:2px solid #111827}
.confirm .back{background:#111827;color:#fff}
.confirm .open{background:#fff;color:#7f1d1d;border-color:#7f1d1d}
.tip button:focus-visible,.confirm button:focus-visible{outline:3px solid #2563eb;outline-offset:2px}
.confirm .report{background:#fff;color:#111827}
@media (prefers-color-scheme:dark){
.tip,dialog.confirm{background:#111827;color:#f9fafb;border-color:#f9fafb}
.tip .muted{color:#d1d5db}
.confirm .url{background:#1f2937;color:#f9fafb}
.confirm .back{background:#f9fafb;color:#111827;border-color:#f9fafb}
.confirm .open{background:#111827;color:#fecaca;border-color:#fecaca}
.confirm .report{background:#111827;color:#f9fafb;border-color:#f9fafb}
.tip .error,.confirm .error{color:#fecaca}
}
@media (prefers-reduced-motion:no-preference){
.tip:not([hidden]){animation:ll-fade 120ms ease-out}
@keyframes ll-fade{from{opacity:0;transform:translateY(-2px)}to{opacity:1;transform:none}}
}
@media (forced-colors:active){
.mark.warn,.mark.block{outline-color:Highlight}
.icon-shape{fill:CanvasText}
.icon-glyph{fill:Canvas}
}
`;
