/** Start a page: document language and title from the locale, then render. */
import { render, type VNode } from 'preact';
import { t, textLanguage } from './i18n';

export function mount(app: VNode, titleKey: string): void {
  document.documentElement.lang = textLanguage();
  document.title = `${t(titleKey)} – ${t('extName')}`;
  const root = document.getElementById('app');
  if (root) render(app, root);
}
