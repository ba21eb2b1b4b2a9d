/** A child of an element: text is always added as text, never parsed as markup. */
export type Child = Node | string | null | undefined | false;

/** An element with attributes (set as attributes, never as markup) and children. */
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string | boolean> = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === false) continue;
    if (name === 'class') el.className = String(value);
    else el.setAttribute(name, value === true ? '' : value);
  }
  for (const c of children) if (c) el.append(c);
  return el;
}
