import {
  CATEGORY_MAX_LENGTH,
  CONTENT_CONFIGURATIONS,
  CONTENT_DESCRIPTION_MAX_LENGTH,
  type ContentType,
  NAME_MAX_LENGTH,
  type StaffContent,
  TASK_TEXT_MAX_LENGTH,
} from '@kanal/contract';
import { useId } from 'react';
import { type Control, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { ErrorText } from '@/components/form/error-text';
import { TextAreaField } from '@/components/form/text-area-field';
import { TextField } from '@/components/form/text-field';
import { useCategories } from '@/console/api/content';
import { useFormError } from '@/console/lib/form-errors';
import { useTranslation } from '@/lib/i18n';
import type { ContentDraft } from '../../lib/content-draft';
import type { FormSectionProps } from '../../lib/editor-section';
import { EditorSection } from './editor-section';
import { CoverField } from './material/cover-field';

type Props = FormSectionProps & {
  type: ContentType;
  /** The item being edited; none while it is new. */
  item?: StaffContent;
  /** Whether a promotion may be made here (chosen once, when the item is made). */
  canPromote: boolean;
};

/** The editor's basics: the type, what the item is made as, its name, description, category and cover. */
export function BasicsSection({ form, errors, editable, type, item, canPromote }: Props) {
  const { t } = useTranslation('admin');
  const formError = useFormError();
  const categories = useCategories();
  const categoriesId = useId();
  const { register, control } = form;
  const typeName = t(`contentType.${type}`, { ns: 'common' });
  const sectionProps = { form, disabled: !editable };
  return (
    <EditorSection id="editor-basics" title={t('content.editor.sections.basics')}>
      <fieldset className="form__group" disabled={!editable}>
        <p className="content-editor__type">
          {t('content.editor.type')}: <strong>{typeName}</strong>
        </p>
        {/* Chosen once, when the item is made: a promotion's copies are what it is. */}
        {canPromote && !item ? (
          <fieldset className="form__group">
            <legend className="content-editor__legend">{t('content.editor.configuration.label')}</legend>
            <div className="content-editor__modes">
              {CONTENT_CONFIGURATIONS.map((configuration) => (
                <label key={configuration} className="content-editor__mode">
                  <input type="radio" value={configuration} {...register('configuration')} />
                  <span>
                    <span className="content-editor__mode-name">
                      {t(`content.editor.configuration.${configuration}`)}
                    </span>
                    <span className="content-editor__mode-about">
                      {t(`content.editor.configurationAbout.${configuration}`)}
                    </span>
                  </span>
                </label>
              ))}
            </div>
            <ErrorText>{formError(errors.configuration)}</ErrorText>
          </fieldset>
        ) : item?.configuration === 'PROMOTION' ? (
          <p className="content-editor__type">
            {t('content.editor.configuration.label')}: <strong>{t('content.editor.configuration.PROMOTION')}</strong>
            {canPromote ? (
              <>
                {' · '}
                <Link to={`/admin/promotions/${item.id}`} className="link">
                  {t('content.editor.configuration.sendTo')}
                </Link>
              </>
            ) : null}
          </p>
        ) : null}
        <TextField
          label={type === 'TASK' ? t('content.editor.taskTitle') : t('content.editor.name')}
          maxLength={NAME_MAX_LENGTH}
          autoComplete="off"
          error={formError(errors.name)}
          {...register('name')}
        />
        <TextAreaField
          label={type === 'TASK' ? t('content.editor.taskText') : t('content.editor.description')}
          rows={type === 'TASK' ? 4 : 3}
          hint={
            <CharacterCount
              control={control}
              max={type === 'TASK' ? TASK_TEXT_MAX_LENGTH : CONTENT_DESCRIPTION_MAX_LENGTH}
            />
          }
          error={formError(errors.description)}
          {...register('description')}
        />
        <TextField
          label={t('content.editor.category')}
          hint={t('content.editor.categoryHint')}
          list={categoriesId}
          maxLength={CATEGORY_MAX_LENGTH}
          autoComplete="off"
          error={formError(errors.category)}
          {...register('category')}
        />
        <datalist id={categoriesId}>
          {(categories.data ?? []).map((category) => (
            <option key={category} value={category} />
          ))}
        </datalist>
        <CoverField {...sectionProps} />
      </fieldset>
    </EditorSection>
  );
}

function CharacterCount({ control, max }: { control: Control<ContentDraft>; max: number }) {
  const { t } = useTranslation('admin');
  const description = useWatch({ control, name: 'description' });
  return <>{t('content.editor.characters', { used: description.length, max })}</>;
}
