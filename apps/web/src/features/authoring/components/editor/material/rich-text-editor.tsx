import { type ContentBody, HEADING_LEVELS, isSafeHref } from '@kanal/contract';
import { Editor, type JSONContent } from '@tiptap/core';
import { type FormEvent, type ReactNode, useEffect, useId, useReducer, useRef, useState } from 'react';
import { Svg } from '@/components/icons';
import { useTranslation } from '@/lib/i18n';
import { richTextExtensions } from './rich-text-extensions';
import { tidyPastedHtml } from './rich-text-paste';
import '@/components/rich-text.css';
import './rich-text-editor.css';

export type RichDocValue = ContentBody['material']['doc'];
/**
 * A picture of the item's media, which the text may show: `src` as the text stores it, `preview` as the
 * console loads it (with the organisation it works in).
 */
export type TextImage = { src: string; preview: string; name: string };

/**
 * The document without the empty paragraphs at its end, which the editor keeps so that the caret can
 * always get below a table or a picture: they are not the author's, and would add space under the text.
 */
function withoutTrailingSpace(doc: JSONContent): NonNullable<RichDocValue> {
  const content = [...(doc.content ?? [])];
  while (content.length > 1 && content.at(-1)?.type === 'paragraph' && !content.at(-1)?.content?.length) content.pop();
  return { type: 'doc', content };
}

type Props = {
  value: RichDocValue;
  onChange: (doc: RichDocValue) => void;
  images: readonly TextImage[];
  disabled?: boolean;
  labelledBy: string;
  describedBy: string;
  invalid: boolean;
};

/**
 * A material's text in the editor (Tiptap, on ProseMirror), mounted on a plain element: the form holds the
 * document as JSON, null while it is empty. Its toolbar shows what the caret stands in, so every button
 * says whether it is on (aria-pressed).
 */
export function RichTextEditor({ value, onChange, images, disabled = false, labelledBy, describedBy, invalid }: Props) {
  const host = useRef<HTMLDivElement>(null);
  const [editor, setEditor] = useState<Editor | null>(null);
  // The toolbar follows the caret: each transaction draws it again.
  const [, redraw] = useReducer((n: number) => n + 1, 0);
  const change = useRef(onChange);
  change.current = onChange;

  // Made once, with the value it starts from: the editor owns the text from then on, and the form only
  // follows it. Not the other way too: the form hands back copies a keystroke or two late, and setting one
  // undid what was typed since. A form reset with other work (restoring what the browser kept) mounts a
  // new editor instead.
  // biome-ignore lint/correctness/useExhaustiveDependencies: made once; disabled and attributes follow below
  useEffect(() => {
    if (!host.current) return;
    const instance = new Editor({
      element: host.current,
      extensions: richTextExtensions,
      content: (value as JSONContent | null) ?? '',
      editable: !disabled,
      // The page's CSP takes no <style> element: the rules ProseMirror needs are in rich-text-editor.css.
      injectCSS: false,
      editorProps: { transformPastedHTML: tidyPastedHtml },
      onUpdate: ({ editor: current }) => {
        const next = current.isEmpty ? null : withoutTrailingSpace(current.getJSON());
        change.current(next);
      },
      onTransaction: redraw,
    });
    setEditor(instance);
    return () => instance.destroy();
  }, []);

  useEffect(() => {
    editor?.setEditable(!disabled, false);
  }, [editor, disabled]);

  useEffect(() => {
    editor?.setOptions({
      editorProps: {
        transformPastedHTML: tidyPastedHtml,
        attributes: {
          class: 'rich-editor__content rich-text',
          role: 'textbox',
          'aria-multiline': 'true',
          'aria-labelledby': labelledBy,
          'aria-describedby': describedBy,
          ...(invalid ? { 'aria-invalid': 'true' } : {}),
        },
      },
    });
  }, [editor, labelledBy, describedBy, invalid]);

  return (
    <div className={invalid ? 'rich-editor rich-editor--invalid' : 'rich-editor'}>
      {editor ? <Toolbar editor={editor} images={images} /> : null}
      <div ref={host} className="rich-editor__host" />
    </div>
  );
}

type Panel = 'link' | 'image' | null;

function Toolbar({ editor, images }: { editor: Editor; images: readonly TextImage[] }) {
  const { t } = useTranslation('admin');
  const [panel, setPanel] = useState<Panel>(null);
  const styleId = useId();
  const level = HEADING_LEVELS.find((l) => editor.isActive('heading', { level: l }));
  const inTable = editor.isActive('table');
  const chain = () => editor.chain().focus();
  const toggle = (name: Exclude<Panel, null>) => setPanel((open) => (open === name ? null : name));

  return (
    <div className="rich-editor__bar">
      <div className="rich-editor__tools" role="toolbar" aria-label={t('editorMaterial.text.toolbar')}>
        <label className="visually-hidden" htmlFor={styleId}>
          {t('editorMaterial.text.style')}
        </label>
        <select
          id={styleId}
          className="rich-editor__style"
          value={level ?? 0}
          onChange={(event) => {
            const next = Number(event.target.value);
            const heading = HEADING_LEVELS.find((l) => l === next);
            if (heading) chain().setHeading({ level: heading }).run();
            else chain().setParagraph().run();
          }}
        >
          <option value={0}>{t('editorMaterial.text.styles.paragraph')}</option>
          {HEADING_LEVELS.map((l) => (
            <option key={l} value={l}>
              {t(`editorMaterial.text.styles.h${l}`)}
            </option>
          ))}
        </select>
        <Tool label={t('editorMaterial.text.bold')} on={editor.isActive('bold')} run={() => chain().toggleBold().run()}>
          <b aria-hidden="true">B</b>
        </Tool>
        <Tool
          label={t('editorMaterial.text.italic')}
          on={editor.isActive('italic')}
          run={() => chain().toggleItalic().run()}
        >
          <i aria-hidden="true">I</i>
        </Tool>
        <Tool
          label={t('editorMaterial.text.bulletList')}
          on={editor.isActive('bulletList')}
          run={() => chain().toggleBulletList().run()}
        >
          <Svg>
            <path d="M9 6h11M9 12h11M9 18h11" />
            <circle cx="4.5" cy="6" r="1" fill="currentColor" />
            <circle cx="4.5" cy="12" r="1" fill="currentColor" />
            <circle cx="4.5" cy="18" r="1" fill="currentColor" />
          </Svg>
        </Tool>
        <Tool
          label={t('editorMaterial.text.orderedList')}
          on={editor.isActive('orderedList')}
          run={() => chain().toggleOrderedList().run()}
        >
          <Svg>
            <path d="M10 6h10M10 12h10M10 18h10M4 5l1.5-1v5M3.5 14.5a1.5 1.5 0 0 1 3 .5L3.5 19h3" />
          </Svg>
        </Tool>
        <Tool
          label={t('editorMaterial.text.quote')}
          on={editor.isActive('blockquote')}
          run={() => chain().toggleBlockquote().run()}
        >
          <Svg>
            <path d="M4 5v14M9 8h11M9 12h11M9 16h7" />
          </Svg>
        </Tool>
        <Tool
          label={t('editorMaterial.text.link')}
          on={editor.isActive('link')}
          open={panel === 'link'}
          run={() => toggle('link')}
        >
          <Svg>
            <path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" />
          </Svg>
        </Tool>
        <Tool
          label={t('editorMaterial.text.table')}
          on={inTable}
          run={() => chain().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run()}
          disabled={inTable}
        >
          <Svg>
            <rect x="3" y="4" width="18" height="16" rx="1" />
            <path d="M3 10h18M3 15h18M9 4v16M15 4v16" />
          </Svg>
        </Tool>
        <Tool label={t('editorMaterial.text.image')} open={panel === 'image'} run={() => toggle('image')}>
          <Svg>
            <rect x="3" y="4" width="18" height="16" rx="2" />
            <circle cx="9" cy="10" r="2" />
            <path d="m21 16-5-5-9 9" />
          </Svg>
        </Tool>
      </div>
      {inTable ? (
        <div className="rich-editor__tools" role="toolbar" aria-label={t('editorMaterial.text.tableTools')}>
          <TableTool label={t('editorMaterial.text.addRow')} run={() => chain().addRowAfter().run()} />
          <TableTool label={t('editorMaterial.text.addColumn')} run={() => chain().addColumnAfter().run()} />
          <TableTool label={t('editorMaterial.text.deleteRow')} run={() => chain().deleteRow().run()} />
          <TableTool label={t('editorMaterial.text.deleteColumn')} run={() => chain().deleteColumn().run()} />
          <TableTool label={t('editorMaterial.text.deleteTable')} run={() => chain().deleteTable().run()} />
        </div>
      ) : null}
      {panel === 'link' ? <LinkPanel editor={editor} close={() => setPanel(null)} /> : null}
      {panel === 'image' ? <ImagePanel editor={editor} images={images} close={() => setPanel(null)} /> : null}
    </div>
  );
}

type ToolProps = {
  label: string;
  on?: boolean;
  open?: boolean;
  disabled?: boolean;
  run: () => void;
  children: ReactNode;
};

function Tool({ label, on, open, disabled, run, children }: ToolProps) {
  return (
    <button
      type="button"
      className="rich-editor__tool"
      aria-label={label}
      title={label}
      aria-pressed={open === undefined ? on : undefined}
      aria-expanded={open}
      disabled={disabled}
      // Keeps the selection in the text while the button is pressed.
      onMouseDown={(event) => event.preventDefault()}
      onClick={run}
    >
      {children}
    </button>
  );
}

function TableTool({ label, run }: { label: string; run: () => void }) {
  return (
    <button
      type="button"
      className="button button--ghost rich-editor__table-tool"
      onMouseDown={(event) => event.preventDefault()}
      onClick={run}
    >
      {label}
    </button>
  );
}

function LinkPanel({ editor, close }: { editor: Editor; close: () => void }) {
  const { t } = useTranslation('admin');
  const id = useId();
  const current = (editor.getAttributes('link').href as string | undefined) ?? '';
  const [href, setHref] = useState(current);
  const [wrong, setWrong] = useState(false);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const typed = href.trim();
    // An address typed without its scheme is a web address.
    const full = /^[a-z][a-z0-9+.-]*:/i.test(typed) ? typed : `https://${typed}`;
    if (!typed || !isSafeHref(full)) {
      setWrong(true);
      return;
    }
    const chain = editor.chain().focus().extendMarkRange('link');
    if (editor.state.selection.empty && !editor.isActive('link')) {
      chain.insertContent({ type: 'text', text: typed, marks: [{ type: 'link', attrs: { href: full } }] }).run();
    } else chain.setLink({ href: full }).run();
    close();
  };

  return (
    // Not a <form>: the editor already stands inside the item's form.
    <div className="rich-editor__panel">
      <label className="field__label" htmlFor={id}>
        {t('editorMaterial.text.linkAddress')}
      </label>
      <input
        id={id}
        className="field__input"
        type="url"
        inputMode="url"
        value={href}
        placeholder="https://"
        aria-invalid={wrong || undefined}
        aria-describedby={wrong ? `${id}-error` : undefined}
        // biome-ignore lint/a11y/noAutofocus: the panel opens for this one field
        autoFocus
        onChange={(event) => {
          setHref(event.target.value);
          setWrong(false);
        }}
        // Enter sets the link here; it must not submit the item's form around the editor.
        onKeyDown={(event) => {
          if (event.key === 'Enter') apply(event);
          if (event.key === 'Escape') {
            event.stopPropagation();
            close();
            editor.commands.focus();
          }
        }}
      />
      {wrong ? (
        <p id={`${id}-error`} className="field__error" role="alert">
          {t('editorMaterial.text.linkWrong')}
        </p>
      ) : null}
      <div className="rich-editor__panel-actions">
        <button type="button" className="button button--primary" onClick={apply}>
          {t('editorMaterial.text.linkApply')}
        </button>
        {current ? (
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              editor.chain().focus().extendMarkRange('link').unsetLink().run();
              close();
            }}
          >
            {t('editorMaterial.text.linkRemove')}
          </button>
        ) : null}
        <button type="button" className="button button--ghost" onClick={close}>
          {t('editorMaterial.text.cancel')}
        </button>
      </div>
    </div>
  );
}

function ImagePanel({ editor, images, close }: { editor: Editor; images: readonly TextImage[]; close: () => void }) {
  const { t } = useTranslation('admin');
  return (
    <div className="rich-editor__panel">
      {images.length === 0 ? (
        <p className="field__hint">{t('editorMaterial.text.noImages')}</p>
      ) : (
        <ul className="rich-editor__images" aria-label={t('editorMaterial.text.images')}>
          {images.map((image) => (
            <li key={image.src}>
              <button
                type="button"
                className="rich-editor__image"
                onClick={() => {
                  // The caret goes on below the picture: left on it, the next insertion would replace it.
                  editor.chain().focus().setImage({ src: image.src, alt: image.name }).createParagraphNear().run();
                  close();
                }}
              >
                <img src={image.preview} alt="" />
                <span>{t('editorMaterial.text.insertImage', { name: image.name })}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="rich-editor__panel-actions">
        <button type="button" className="button button--ghost" onClick={close}>
          {t('editorMaterial.text.cancel')}
        </button>
      </div>
    </div>
  );
}
