import type { UseFormReturn } from 'react-hook-form';
import type { ContentDraft } from './content-draft';

/** What each section of the content editor is handed: the editor's form, and whether it may change it. */
export type SectionProps = { form: UseFormReturn<ContentDraft>; disabled: boolean };
