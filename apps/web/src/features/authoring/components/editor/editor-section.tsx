import type { ReactNode } from 'react';

/** One titled section of the content editor; its id is where the editor's section links jump. */
export function EditorSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="console-panel content-editor__section" id={id} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="console-panel__title">
        {title}
      </h2>
      {children}
    </section>
  );
}
