import type { FieldErrors, UseFormReturn } from 'react-hook-form';
import type { ContentDraft } from './content-draft';

/** What each section of the content editor is handed: the editor's form, and whether it may change it. */
export type SectionProps = { form: UseFormReturn<ContentDraft>; disabled: boolean };

/** What the editor's own form sections (basics, settings, publishing) are handed, with the form's errors. */
export type FormSectionProps = {
  form: UseFormReturn<ContentDraft>;
  errors: FieldErrors<ContentDraft>;
  /** False for whoever may only read the item. */
  editable: boolean;
};
