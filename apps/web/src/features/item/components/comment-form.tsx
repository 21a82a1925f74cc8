import { COMMENT_MAX_LENGTH, CommentBodySchema, MESSAGE_PARAMS } from '@kanal/contract';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/button';
import { ErrorText } from '@/components/form/error-text';
import { serverMessage } from '@/lib/errors';
import { useTranslation } from '@/lib/i18n';
import { useSendComment } from '../api/send-comment';
import '@/components/form/form.css';
import './comment-form.css';

type Props = {
  contentId: number;
  /**
   * Information items (spec point 5): sending stays disabled until everything has been seen and
   * something is written. Without it (the comment screen) an empty comment is refused with a message.
   */
  locked?: boolean;
  /** Hint shown while locked, read with the disabled button. */
  lockedHint?: string;
  onSent?: () => void;
};

export function CommentForm({ contentId, locked, lockedHint, onSent }: Props) {
  const { t } = useTranslation('content');
  const send = useSendComment();
  const [comment, setComment] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const [thanked, setThanked] = useState(false);
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const gated = locked !== undefined;
  const disabled = gated && (locked || comment.trim() === '');

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (disabled || send.isPending) return;
    const parsed = CommentBodySchema.safeParse({ contentId, comment });
    if (!parsed.success) {
      setInvalid(parsed.error.issues[0]?.message ?? 'validation.invalid');
      return;
    }
    setInvalid(null);
    setThanked(false);
    send.mutate(parsed.data, {
      onSuccess: () => {
        setComment('');
        setThanked(true);
        onSent?.();
      },
    });
  };

  return (
    <form className="form comment-form" noValidate onSubmit={onSubmit}>
      <div className={invalid ? 'field field--invalid' : 'field'}>
        <label className="field__label" htmlFor={inputId}>
          {t('comment.label')}
        </label>
        <textarea
          id={inputId}
          className="field__input field__textarea"
          rows={4}
          maxLength={COMMENT_MAX_LENGTH}
          value={comment}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={invalid ? errorId : undefined}
          onChange={(event) => {
            setComment(event.currentTarget.value);
            setInvalid(null);
            setThanked(false);
          }}
        />
        <ErrorText id={errorId}>
          {invalid
            ? t(invalid, { ns: 'common', ...MESSAGE_PARAMS, defaultValue: t('validation.invalid', { ns: 'common' }) })
            : null}
        </ErrorText>
      </div>
      {send.isError ? <ErrorText alert>{serverMessage(t, send.error)}</ErrorText> : null}
      {thanked && !onSent ? (
        <p className="success-text" role="status">
          {t('comment.thanks')}
        </p>
      ) : null}
      <div className="form__actions">
        {gated && locked && lockedHint ? (
          <p id={hintId} className="field__hint">
            {lockedHint}
          </p>
        ) : null}
        <Button
          type="submit"
          variant="secondary"
          disabled={disabled}
          loading={send.isPending}
          aria-describedby={gated && locked && lockedHint ? hintId : undefined}
        >
          {t('comment.send')}
        </Button>
      </div>
    </form>
  );
}
