import type { ContentScriptContext } from 'wxt/utils/content-script-context';

export function startContent(_ctx: ContentScriptContext): void {
  // Filled in by the content-script issue.
}
