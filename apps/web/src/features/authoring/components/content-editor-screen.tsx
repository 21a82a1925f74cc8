import { CONTENT_TYPE_DISPLAY_ORDER, type ContentType } from '@kanal/contract';
import { useState } from 'react';
import { WithContentItem } from '@/console/components/content/content-item-page';
import { ConsolePage } from '@/console/layout/console-page';
import { useConsole } from '@/console/lib/console-context';
import { useTranslation } from '@/lib/i18n';
import { draftOf, emptyDraft } from '../lib/content-draft';
import { ContentEditor, mayPromote } from './editor/content-editor';
import './content-editor.css';

/** /admin/content/new: a type chosen first, then the editor. */
export function NewContentScreen() {
  return <NewContent promotion={false} />;
}

/** /admin/content/{id}: the editor, read-only to whoever may not change the item. */
export function ContentEditorScreen() {
  return <EditContent />;
}

/** /admin/promotions/new: a new item made as a promotion, under Promotions in the navigation and the path. */
export function NewPromotionScreen() {
  return <NewContent promotion />;
}

function NewContent(props: { promotion: boolean }) {
  const { t } = useTranslation('admin');
  const [type, setType] = useState<ContentType | null>(null);
  const scope = useConsole();
  const promotion = props.promotion && mayPromote(scope);
  const crumbs = promotion
    ? [{ label: t('promotions.title'), to: '/admin/promotions' }]
    : [{ label: t('content.title'), to: '/admin/content' }];
  if (type) {
    const initial = { ...emptyDraft(type), configuration: promotion ? 'PROMOTION' : 'COMMUNICATION' } as const;
    return <ContentEditor key={type} initial={initial} crumbs={crumbs} />;
  }
  return (
    <ConsolePage title={t('content.editor.newTitle')} crumbs={crumbs}>
      <p>{t('content.editor.chooseType')}</p>
      <ul className="content-types">
        {CONTENT_TYPE_DISPLAY_ORDER.map((option) => (
          <li key={option}>
            <button type="button" className="content-types__option" onClick={() => setType(option)}>
              <span className="content-types__name">{t(`contentType.${option}`, { ns: 'common' })}</span>
              <span className="content-types__about">{t(`content.editor.typeAbout.${option}`)}</span>
            </button>
          </li>
        ))}
      </ul>
    </ConsolePage>
  );
}

function EditContent() {
  const { t } = useTranslation('admin');
  const crumbs = [{ label: t('content.title'), to: '/admin/content' }];
  return (
    <WithContentItem title={t('content.editor.loadFailed')}>
      {(item) => (
        // A new version from the server (after a save, or another's) starts the form again from it.
        <ContentEditor key={`${item.id}:${item.updatedAt}`} item={item} initial={draftOf(item)} crumbs={crumbs} />
      )}
    </WithContentItem>
  );
}
