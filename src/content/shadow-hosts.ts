/**
 * Where open shadow roots may be, found without touching every element of the page.
 *
 * Walking the whole DOM to read `shadowRoot` made the browser create a JS wrapper for every
 * element in our world, and keep it as long as the element lives: on a 15,000-element article
 * that was ~450 kB of heap and ~7 ms, for pages that mostly have no shadow root at all
 * (docs/decisions/013-content-script.md). A shadow host shows no children of its own in practice: a web component's content lives
 * in its shadow tree (declarative roots included: their template is gone once parsed), and
 * script-made hosts are empty containers (`<div id="widget"></div>`, then attachShadow). So the
 * candidates are the empty elements, less the common kinds that cannot host a shadow root at all
 * (images, inputs, icons, table cells, SVG shapes…), found by the same query as the links:
 *
 * | element                                          | candidate? | found when                  |
 * |--------------------------------------------------|------------|-----------------------------|
 * | `<my-widget></my-widget>` (content in its root)  | yes        | discovery, with the links   |
 * | `<div></div>` with a root attached by script     | yes        | discovery, with the links   |
 * | `<my-menu><li>…</li></my-menu>` (slotted content)| no (*)     | pointer/focus reaches a link |
 * | `<img>`, `<input>`, `<i class="icon"></i>`, …    | no         | — (cannot host a root)      |
 *
 * (*) Found the moment the pointer or keyboard focus reaches a link in it (app.ts `reached`),
 * which is before any click on it. Measured on the heaviest corpus page (18,000 elements): one
 * query for links and candidates, 1 ms; an XPath for custom elements by name had cost 1 ms more.
 */

/** Common empty elements that cannot host a shadow root (DOM standard, attachShadow). */
const NOT_HOSTS =
  'area,base,br,col,embed,hr,img,input,link,meta,source,track,wbr,script,style,template,iframe,textarea,option,li,td,th,i,button,canvas,video,audio,picture,svg,g,path,circle,rect,line,polyline,polygon,ellipse,use,stop';

/** Elements that may be shadow hosts (their `shadowRoot` is read; most are not). */
export const HOST_CANDIDATES = `:empty:not(${NOT_HOSTS})`;
