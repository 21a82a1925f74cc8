import { type ReactNode, useState } from 'react';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { ErrorText } from '@/components/form/error-text';
import { TextAreaField } from '@/components/form/text-area-field';
import { TextField } from '@/components/form/text-field';
import { ApiError } from '@/lib/api-client';
import { errorText } from '@/lib/errors';
import { useTranslation } from '@/lib/i18n';
import '@/console/components/responses.css';
import './text-dialog.css';

type Props = {
  /** The form's id, unique on the page. */
  id: string;
  title: string;
  /** What the text answers (a comment), quoted above the field. */
  quote?: string;
  /** Said above the field. */
  intro?: ReactNode;
  label: string;
  hint: string;
  initial: string;
  max: number;
  multiline: boolean;
  /** Said when the field is sent empty; without it an empty text is sent. */
  emptyError?: string;
  submitLabel: string;
  /** The body's field the server names when it refuses the text. */
  field: string;
  send: (text: string) => Promise<unknown>;
  onClose: () => void;
};

/** One text to write in a dialog (a reply, a reason, a reviewer's comment), checked before it is sent. */
export function TextDialog({
  id,
  title,
  quote,
  intro,
  label,
  hint,
  initial,
  max,
  multiline,
  emptyError,
  submitLabel,
  field,
  send,
  onClose,
}: Props) {
  const { t } = useTranslation('admin');
  const { t: common } = useTranslation('common');
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [pending, setPending] = useState(false);
  const submit = async () => {
    if (emptyError && !text.trim()) {
      setError(emptyError);
      return;
    }
    setPending(true);
    try {
      await send(text.trim());
      onClose();
    } catch (caught) {
      // The server's refusal of this field goes beside it; any other, under the form.
      if (caught instanceof ApiError && caught.field === field) setError(caught.reason ?? caught.message);
      else setFailure(errorText(t, caught));
    } finally {
      setPending(false);
    }
  };
  const props = {
    label,
    hint,
    error,
    value: text,
    maxLength: max,
    autoFocus: true,
    onInput: (event: { currentTarget: { value: string } }) => {
      setText(event.currentTarget.value);
      setError(undefined);
    },
  };
  return (
    <Dialog
      title={title}
      onClose={onClose}
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            {common('cancel')}
          </Button>
          <Button type="submit" form={id} loading={pending}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form
        id={id}
        className="text-dialog"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        {quote ? <blockquote className="responses__quote">{quote}</blockquote> : null}
        {intro}
        {multiline ? <TextAreaField rows={5} {...props} /> : <TextField {...props} />}
        <ErrorText alert>{failure}</ErrorText>
      </form>
    </Dialog>
  );
}
