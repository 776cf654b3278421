/**
 * The fragment of the page's address, followed: a click on a navigation link, the browser's back
 * and forward buttons and a typed #section all fire hashchange. `moved` is true after the first
 * change (not for the address the page opened with), so focus moves only when the person moved.
 */
import { useEffect, useState } from 'preact/hooks';

export function useHash(): { hash: string; moved: boolean } {
  const [state, setState] = useState({ hash: location.hash, moved: false });
  useEffect(() => {
    const onChange = () => setState({ hash: location.hash, moved: true });
    addEventListener('hashchange', onChange);
    return () => removeEventListener('hashchange', onChange);
  }, []);
  return state;
}
