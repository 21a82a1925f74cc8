import type { Editor } from '@tiptap/core';

/** The Tiptap editor behind a rendered text box (Tiptap keeps it on its element). */
export const editorOf = (textbox: HTMLElement) => (textbox as HTMLElement & { editor: Editor }).editor;
