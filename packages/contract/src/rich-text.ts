import * as z from 'zod/mini';
import { MATERIAL_TEXT_MAX_LENGTH } from './constants.js';

// A material's text as the console's editor (Tiptap, on ProseMirror) writes it: a tree of nodes, kept as
// that JSON and turned into HTML only by the server (ADR 0068). What a node may be, hold and carry is
// allowed here by name, so an API call cannot store what the editor could not have made, and the server's
// renderer reads nothing this walk did not check.

export type RichMark = { type: 'bold' } | { type: 'italic' } | { type: 'link'; attrs: { href: string } };

export type RichNode =
  | { type: 'text'; text: string; marks?: RichMark[] }
  | { type: 'hardBreak' }
  | { type: 'image'; attrs: { src: string; alt: string } }
  | { type: 'heading'; attrs: { level: HeadingLevel }; content?: RichNode[] }
  | { type: 'orderedList'; attrs: { start: number }; content?: RichNode[] }
  | { type: 'tableHeader' | 'tableCell'; attrs: { colspan: number; rowspan: number }; content?: RichNode[] }
  | {
      type: 'paragraph' | 'bulletList' | 'listItem' | 'blockquote' | 'table' | 'tableRow';
      content?: RichNode[];
    };

export type RichDoc = { type: 'doc'; content: RichNode[] };

/** Below the item's own title (h1) and the screen's section headings: the text's own levels. */
export const HEADING_LEVELS = [2, 3, 4] as const;
type HeadingLevel = (typeof HEADING_LEVELS)[number];

const BLOCKS = ['paragraph', 'heading', 'bulletList', 'orderedList', 'blockquote', 'table', 'image'];
const INLINE = ['text', 'hardBreak'];
const CELLS = ['tableHeader', 'tableCell'];
/** Each node's children, by type: the editor's content model, loosely (order within is not checked). */
const CHILDREN: Record<string, readonly string[]> = {
  paragraph: INLINE,
  heading: INLINE,
  bulletList: ['listItem'],
  orderedList: ['listItem'],
  listItem: BLOCKS,
  blockquote: BLOCKS,
  table: ['tableRow'],
  tableRow: CELLS,
  tableHeader: BLOCKS,
  tableCell: BLOCKS,
  text: [],
  hardBreak: [],
  image: [],
};
const MAX_DEPTH = 16;
const MAX_NODES = 10_000;
const MAX_SPAN = 20;
const ALT_MAX_LENGTH = 500;
const HREF_MAX_LENGTH = 2000;
/** The only pictures a text shows: files the platform serves, which the item lists among its media. */
const FILE_SRC = /^\/api\/files\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/** http(s) and mail only: no `javascript:`, `data:` or relative links into the app. */
export function isSafeHref(href: string): boolean {
  try {
    return ['http:', 'https:', 'mailto:'].includes(new URL(href).protocol);
  } catch {
    return false;
  }
}

/** The file id of an image's `src`, or null when it is not one of the platform's files. */
export function imageFileId(src: string): string | null {
  return FILE_SRC.exec(src)?.[1] ?? null;
}

type Issue = { path: (string | number)[]; message: string };
type Walk = { issues: Issue[]; nodes: number; chars: number };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const int = (value: unknown, min: number, max: number, fallback: number): number | null => {
  if (value === undefined || value === null) return fallback;
  return Number.isInteger(value) && (value as number) >= min && (value as number) <= max ? (value as number) : null;
};

function readMarks(input: unknown, path: Issue['path'], walk: Walk): RichMark[] | undefined {
  if (input === undefined) return undefined;
  if (!Array.isArray(input)) {
    walk.issues.push({ path, message: 'validation.richText' });
    return undefined;
  }
  const marks: RichMark[] = [];
  for (const [i, mark] of input.entries()) {
    const type = isRecord(mark) ? mark.type : undefined;
    if (type === 'bold' || type === 'italic') marks.push({ type });
    else if (type === 'link') {
      const href = isRecord(mark) && isRecord(mark.attrs) ? mark.attrs.href : undefined;
      if (typeof href === 'string' && href.length <= HREF_MAX_LENGTH && isSafeHref(href)) {
        marks.push({ type, attrs: { href } });
      } else walk.issues.push({ path: [...path, i, 'attrs', 'href'], message: 'validation.linkProtocol' });
    } else walk.issues.push({ path: [...path, i, 'type'], message: 'validation.richText' });
  }
  return marks.length > 0 ? marks : undefined;
}

/** The node's own attributes, those the renderer uses, checked; null (with an issue) when one is wrong. */
function readAttrs(type: string, attrs: Record<string, unknown>, path: Issue['path'], walk: Walk) {
  const fail = (field: string, message = 'validation.richText') => {
    walk.issues.push({ path: [...path, 'attrs', field], message });
    return null;
  };
  switch (type) {
    case 'heading': {
      const level = attrs.level;
      return HEADING_LEVELS.includes(level as HeadingLevel) ? { level: level as HeadingLevel } : fail('level');
    }
    case 'orderedList': {
      const start = int(attrs.start, 1, 1_000_000, 1);
      return start === null ? fail('start') : { start };
    }
    case 'tableHeader':
    case 'tableCell': {
      const colspan = int(attrs.colspan, 1, MAX_SPAN, 1);
      const rowspan = int(attrs.rowspan, 1, MAX_SPAN, 1);
      if (colspan === null) return fail('colspan');
      if (rowspan === null) return fail('rowspan');
      return { colspan, rowspan };
    }
    case 'image': {
      const { src, alt } = attrs;
      if (typeof src !== 'string' || imageFileId(src) === null) return fail('src', 'validation.imageNotMedia');
      if (alt !== undefined && alt !== null && (typeof alt !== 'string' || alt.length > ALT_MAX_LENGTH)) {
        return fail('alt');
      }
      return { src, alt: typeof alt === 'string' ? alt.trim() : '' };
    }
    default:
      return undefined;
  }
}

function readNode(
  input: unknown,
  allowed: readonly string[],
  path: Issue['path'],
  walk: Walk,
  depth: number,
): RichNode | null {
  walk.nodes += 1;
  const type = isRecord(input) ? input.type : undefined;
  if (typeof type !== 'string' || !allowed.includes(type) || depth > MAX_DEPTH || walk.nodes > MAX_NODES) {
    walk.issues.push({ path: [...path, 'type'], message: 'validation.richText' });
    return null;
  }
  const node = input as Record<string, unknown>;
  if (type === 'text') {
    if (typeof node.text !== 'string' || node.text.length === 0) {
      walk.issues.push({ path: [...path, 'text'], message: 'validation.richText' });
      return null;
    }
    walk.chars += node.text.length;
    const marks = readMarks(node.marks, [...path, 'marks'], walk);
    return (marks ? { type, text: node.text, marks } : { type, text: node.text }) as RichNode;
  }
  const attrs = readAttrs(type, isRecord(node.attrs) ? node.attrs : {}, path, walk);
  if (attrs === null) return null;
  const children = readChildren(node.content, CHILDREN[type] ?? [], [...path, 'content'], walk, depth + 1);
  return { type, ...(attrs ? { attrs } : {}), ...(children.length > 0 ? { content: children } : {}) } as RichNode;
}

function readChildren(
  input: unknown,
  allowed: readonly string[],
  path: Issue['path'],
  walk: Walk,
  depth: number,
): RichNode[] {
  if (input === undefined) return [];
  if (!Array.isArray(input) || (allowed.length === 0 && input.length > 0)) {
    walk.issues.push({ path, message: 'validation.richText' });
    return [];
  }
  return input.flatMap((child, i): RichNode[] => {
    const node = readNode(child, allowed, [...path, i], walk, depth);
    return node ? [node] : [];
  });
}

/**
 * The document with only what the allow-list names (a node's other attributes, which the editor adds for
 * itself, are left behind), the issues that refuse it, each with its path inside the document, and its
 * length: the characters of its words, which MATERIAL_TEXT_MAX_LENGTH limits.
 */
export function readRichDoc(input: unknown): { doc: RichDoc; issues: Issue[]; length: number } {
  const walk: Walk = { issues: [], nodes: 0, chars: 0 };
  if (!isRecord(input) || input.type !== 'doc') {
    const issues = [{ path: ['type'], message: 'validation.richText' }];
    return { doc: { type: 'doc', content: [] }, issues, length: 0 };
  }
  const content = readChildren(input.content, BLOCKS, ['content'], walk, 1);
  if (walk.chars > MATERIAL_TEXT_MAX_LENGTH) walk.issues.push({ path: [], message: 'validation.materialTooLong' });
  return { doc: { type: 'doc', content }, issues: walk.issues, length: walk.chars };
}

/** A document as the API receives it: its nodes are checked by `readRichDoc`, stored as that reads them. */
const RichDocInput = z.object({ type: z.literal('doc'), content: z.array(z.unknown()) });

const RichMarkShape = z.object({ type: z.string(), attrs: z.optional(z.object({ href: z.string() })) });
const RichAttrsShape = z.object({
  level: z.optional(z.number()),
  start: z.optional(z.number()),
  colspan: z.optional(z.number()),
  rowspan: z.optional(z.number()),
  src: z.optional(z.string()),
  alt: z.optional(z.string()),
});
/** A node and its children, as many levels down as a document may go (a response cannot recurse). */
function nodeShape(levelsBelow: number): z.ZodMiniObject {
  const node = {
    type: z.string(),
    text: z.optional(z.string()),
    attrs: z.optional(RichAttrsShape),
    marks: z.optional(z.array(RichMarkShape)),
  };
  return levelsBelow === 0
    ? z.object(node)
    : z.object({ ...node, content: z.optional(z.array(nodeShape(levelsBelow - 1))) });
}
/** A stored document as the API sends it: every key the allow-list keeps, and no other. */
export const RichDocShape = z.object({ type: z.literal('doc'), content: z.array(nodeShape(MAX_DEPTH - 1)) });

export const RichDocSchema = RichDocInput.check(
  z.superRefine((value, ctx) => {
    for (const issue of readRichDoc(value).issues) ctx.addIssue({ code: 'custom', input: value, ...issue });
  }),
);

const BLOCK_SEPARATED = new Set(['paragraph', 'heading', 'listItem', 'tableRow', 'image']);

/**
 * The document's words as plain text, each block on its own line. What the
 * spec's `text` has always been (older clients show it), what says an item has material, what search reads.
 */
export function richDocText(doc: RichDoc): string {
  const lines: string[] = [];
  let line = '';
  const visit = (node: RichNode) => {
    if (node.type === 'text') line += node.text;
    else if (node.type === 'hardBreak') line += '\n';
    else if (node.type === 'image') line += node.attrs.alt;
    if ('content' in node && node.content) {
      for (const child of node.content) visit(child);
    }
    if (BLOCK_SEPARATED.has(node.type) && line.trim() !== '') {
      lines.push(line.trimEnd());
      line = '';
    }
  };
  for (const node of doc.content) visit(node);
  return lines.join('\n');
}

/** Plain text as a document: a paragraph per blank-line-separated block, its single line breaks kept. */
export function richDocOf(text: string): RichDoc {
  const paragraphs = text
    .replace(/\r\n/g, '\n')
    .split(/\n\s*\n/)
    .map((block) => block.replace(/^\n+|\s+$/g, ''))
    .filter((block) => block.trim() !== '');
  return {
    type: 'doc',
    content: paragraphs.map((block) => ({
      type: 'paragraph',
      content: block.split('\n').flatMap((line, i): RichNode[] => {
        const text: RichNode[] = line === '' ? [] : [{ type: 'text', text: line }];
        return i === 0 ? text : [{ type: 'hardBreak' }, ...text];
      }),
    })),
  };
}
