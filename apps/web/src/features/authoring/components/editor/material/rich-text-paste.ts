// Pasted HTML, tidied before the editor reads it (ADR 0068). The editor's schema already drops what it
// has no node or mark for (fonts, colours, classes, Word's own tags), and reads Google Docs' lists and
// headings as they come; two things it would lose are set right here:
// - Word writes a list as paragraphs with `mso-list` in their style and the bullet or number as text;
//   they become <ul>/<ol> with their nesting, without the typed-out markers.
// - A document's top headings are h1 and h2, which on the materials screen stand under the item's own
//   title: each heading moves one level down (h1 → h2, …), from h4 on staying h4.
// - Bold and italic set by a style (Google Docs sets them so, and wraps the whole paste in a <b> whose
//   style says it is not bold) become <strong> and <em>, and every style goes. The page's CSP refuses
//   inline styles, in a pasted fragment too, so the editor's own rules could not read them: it would see
//   Google Docs' wrapper as bold and its bold words as plain.

const WORD_LIST_ITEM = /mso-list:\s*l(\d+)\s+level(\d+)/i;
/** Word's typed marker of a numbered item: 1. a) iv. and the like. */
const NUMBERED_MARKER = /^\s*[(]?([0-9]+|[a-z]{1,4})[.)]/i;

type WordItem = { element: HTMLElement; list: string; level: number; ordered: boolean };

function wordItem(element: Element): WordItem | null {
  const match = WORD_LIST_ITEM.exec(element.getAttribute('style') ?? '');
  if (!match || !(element instanceof HTMLElement)) return null;
  const markers = [...element.querySelectorAll('span')].filter((span) =>
    /mso-list:\s*ignore/i.test(span.getAttribute('style') ?? ''),
  );
  const marker = markers.map((span) => span.textContent ?? '').join('');
  for (const span of markers) span.remove();
  return { element, list: match[1] ?? '0', level: Number(match[2] ?? 1), ordered: NUMBERED_MARKER.test(marker) };
}

/** A run of Word's list paragraphs as nested lists, in place of the paragraphs. */
function rebuildWordList(items: WordItem[]) {
  const document = items[0]?.element.ownerDocument;
  if (!document) return;
  const root = items[0]?.element;
  const stack: { list: HTMLElement; level: number }[] = [];
  let top: HTMLElement | null = null;
  for (const item of items) {
    while (stack.length > 0 && (stack.at(-1)?.level ?? 0) > item.level) stack.pop();
    let current = stack.at(-1);
    if (!current || current.level < item.level) {
      const list = document.createElement(item.ordered ? 'ol' : 'ul');
      const parentItem = current?.list.lastElementChild;
      if (parentItem) parentItem.append(list);
      else top ??= list;
      current = { list, level: item.level };
      stack.push(current);
    }
    const li = document.createElement('li');
    const paragraph = document.createElement('p');
    paragraph.append(...item.element.childNodes);
    li.append(paragraph);
    current.list.append(li);
  }
  if (top && root) root.before(top);
  for (const item of items) item.element.remove();
}

function rebuildWordLists(body: HTMLElement) {
  let run: WordItem[] = [];
  const flush = () => {
    if (run.length > 0) rebuildWordList(run);
    run = [];
  };
  for (const element of [...body.querySelectorAll('p, h1, h2, h3, h4, h5, h6, div')]) {
    const item = wordItem(element);
    if (!item) continue;
    // Items of one list stand next to each other; anything between them ends the run.
    const previous = run.at(-1)?.element;
    if (previous && previous.nextElementSibling !== element) flush();
    run.push(item);
  }
  flush();
}

function lowerHeadings(body: HTMLElement) {
  for (const heading of [...body.querySelectorAll('h1, h2, h3, h4, h5, h6')]) {
    const level = Math.min(Number(heading.tagName[1]) + 1, 4);
    const lowered = heading.ownerDocument.createElement(`h${level}`);
    lowered.append(...heading.childNodes);
    heading.replaceWith(lowered);
  }
}

const style = (element: Element, property: string) =>
  new RegExp(`(?:^|;)\\s*${property}\\s*:\\s*([^;]+)`, 'i').exec(element.getAttribute('style') ?? '')?.[1]?.trim();
const BOLD = /^(bold(er)?|[6-9]00)$/i;

function wrapChildren(element: Element, tag: string) {
  const wrapper = element.ownerDocument.createElement(tag);
  wrapper.append(...element.childNodes);
  element.append(wrapper);
}

function stylesToTags(body: HTMLElement) {
  for (const element of [...body.querySelectorAll('[style]')]) {
    const weight = style(element, 'font-weight');
    if (element.tagName === 'B' && weight && !BOLD.test(weight)) {
      element.replaceWith(...element.childNodes);
      continue;
    }
    if (element.tagName === 'SPAN' && weight && BOLD.test(weight)) wrapChildren(element, 'strong');
    if (element.tagName === 'SPAN' && style(element, 'font-style') === 'italic') wrapChildren(element, 'em');
    element.removeAttribute('style');
  }
}

export function tidyPastedHtml(html: string): string {
  const document = new DOMParser().parseFromString(html, 'text/html');
  rebuildWordLists(document.body);
  stylesToTags(document.body);
  lowerHeadings(document.body);
  return document.body.innerHTML.trim();
}
