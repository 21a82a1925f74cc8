import { HEADING_LEVELS, isSafeHref } from '@kanal/contract';
import type { Extensions } from '@tiptap/core';
import Image from '@tiptap/extension-image';
import { TableKit } from '@tiptap/extension-table';
import StarterKit from '@tiptap/starter-kit';

/**
 * The editor's schema: exactly the nodes and marks the contract's allow-list keeps (rich-text.ts), so
 * what is typed or pasted is what the server stores and renders. Anything else pasted (code, strikes,
 * underlines, rules, colours, fonts) has no place here and leaves only its words.
 */
export const richTextExtensions: Extensions = [
  StarterKit.configure({
    heading: { levels: [...HEADING_LEVELS] },
    code: false,
    codeBlock: false,
    horizontalRule: false,
    strike: false,
    underline: false,
    link: {
      openOnClick: false,
      autolink: true,
      defaultProtocol: 'https',
      isAllowedUri: (url) => isSafeHref(url),
      HTMLAttributes: { rel: 'noopener noreferrer', target: '_blank' },
    },
  }),
  TableKit.configure({ table: { resizable: false } }),
  // Only the item's own pictures: one pasted from elsewhere (a web address, a data: URL) is left out.
  Image.extend({ parseHTML: () => [{ tag: 'img[src^="/api/files/"]' }] }),
];
