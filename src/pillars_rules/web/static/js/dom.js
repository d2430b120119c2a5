// Building DOM nodes without ever parsing HTML.
//
// Card names and texts are untrusted (anyone may write a fan card), so the
// board never assigns innerHTML or outerHTML and never calls
// insertAdjacentHTML: every string becomes a text node. `h` is the one way the
// board makes elements.

/**
 * h("div", {class: "spot", title: "..."}, child, "text", [more]) -> Element.
 *
 * Properties: `class`, `text` (textContent), `dataset` (an object), `on`
 * (an object of event listeners); anything else is set with setAttribute
 * (`true` sets an empty attribute, false/null/undefined leaves it out).
 * Children are nodes or strings (appended as text), nested arrays are
 * flattened, null/false/undefined are skipped.
 */
export function h(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = String(value);
    else if (key === "dataset") Object.assign(node.dataset, value);
    else if (key === "on") for (const [type, fn] of Object.entries(value)) node.addEventListener(type, fn);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  append(node, children);
  return node;
}

function append(node, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(node, child);
    else if (child instanceof Node) node.append(child);
    else node.append(document.createTextNode(String(child)));
  }
}

/** Replace every child of `node` with `children`. */
export function fill(node, ...children) {
  node.replaceChildren();
  append(node, children);
  return node;
}

/** "1 worker", "2 workers": the grammar of counts, written once. */
export function count(n, one, many = one + "s") {
  return `${n} ${n === 1 ? one : many}`;
}
