import type { ContentType, QuestionType } from '@kanal/contract';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { type UseFormReturn, useForm } from 'react-hook-form';
import { beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, loadAreaTexts } from '@/lib/i18n';
import { type ContentDraft, type DraftQuestion, draftResolver, emptyDraft } from '../../../lib/content-draft';
import { QuestionsSection } from './editor-questions';

beforeAll(() =>
  loadAreaTexts('admin', {
    hr: () => import('@/locales/hr/admin'),
    en: () => import('@/locales/en/admin'),
  }),
);

const question = (title: string, type: QuestionType = 'SINGLE', answers: [string, boolean][] = []): DraftQuestion => ({
  title,
  type,
  answers: answers.map(([text, isCorrect]) => ({ title: text, isCorrect })),
});

const yesNo: [string, boolean][] = [
  ['Da', false],
  ['Ne', false],
];

/** The editor's form around the section, as the editor screen holds it: the contract's rules on submit. */
function renderSection(
  type: ContentType,
  questions: DraftQuestion[],
  { locked = false, disabled = false }: { locked?: boolean; disabled?: boolean } = {},
) {
  const held: { form?: UseFormReturn<ContentDraft> } = {};
  function Editor() {
    const form = useForm<ContentDraft>({
      defaultValues: {
        ...emptyDraft(type),
        name: 'Sigurnost na radu',
        audience: { everyone: true, groups: [], people: [] },
        questions,
      },
      resolver: draftResolver,
      mode: 'onTouched',
    });
    held.form = form;
    return (
      <form noValidate onSubmit={form.handleSubmit(() => undefined)}>
        <QuestionsSection form={form} disabled={disabled} locked={locked} />
        <button type="submit">Spremi</button>
      </form>
    );
  }
  const user = userEvent.setup();
  render(<Editor />);
  const form = held.form as UseFormReturn<ContentDraft>;
  return { user, form, values: () => form.getValues('questions') };
}

const card = (number: number) => screen.getByRole('group', { name: `Pitanje ${number}` });
const titles = () =>
  screen.getAllByRole('textbox', { name: 'Tekst pitanja' }).map((input) => (input as HTMLTextAreaElement).value);

describe('the questions section', () => {
  it('lists the questions numbered in its own section, and adds one of the type chosen', async () => {
    const { user, values } = renderSection('POLL', [
      question('Kava ili čaj?', 'SINGLE', yesNo),
      question('Zašto?', 'TEXT'),
    ]);
    const section = screen.getByRole('region', { name: 'Pitanja' });
    expect(section).toHaveAttribute('id', 'editor-questions');
    expect(within(section).getByRole('heading', { level: 2, name: 'Pitanja' })).toBeInTheDocument();
    expect(within(card(1)).getByRole('textbox', { name: 'Tekst pitanja' })).toHaveValue('Kava ili čaj?');
    expect(within(card(2)).getByRole('textbox', { name: 'Tekst pitanja' })).toHaveValue('Zašto?');
    expect(within(card(2)).getByText(/odgovaraju vlastitim riječima/)).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Vrsta novog pitanja' }), 'Ljestvica od 1 do 5');
    await user.click(screen.getByRole('button', { name: 'Dodaj pitanje' }));

    expect(values()[2]).toEqual({ title: '', type: 'LINEAR', answers: [] });
    await waitFor(() => expect(within(card(3)).getByRole('textbox', { name: 'Tekst pitanja' })).toHaveFocus());
    // A scale's five points, 1 to 5, as people will see them.
    const scale = within(card(3)).getByRole('list', { name: /ljestvici od 1 do 5/ });
    expect(
      within(scale)
        .getAllByRole('listitem')
        .map((point) => point.textContent),
    ).toEqual(['1', '2', '3', '4', '5']);

    await user.type(within(card(3)).getByRole('textbox', { name: 'Tekst pitanja' }), 'Koliko ste zadovoljni?');
    expect(values()[2]?.title).toBe('Koliko ste zadovoljni?');
  });

  it('flags an empty text once it is left or the form is sent, not as soon as its question is added', async () => {
    const { user } = renderSection('POLL', [question('Kava ili čaj?', 'SINGLE', yesNo)]);
    await user.click(screen.getByRole('button', { name: 'Dodaj pitanje' }));
    const title = within(card(2)).getByRole('textbox', { name: 'Tekst pitanja' });
    await waitFor(() => expect(title).toHaveFocus());
    await user.tab();
    await waitFor(() => expect(title).toHaveAccessibleDescription('Obavezno'));
    const answers = within(card(2)).getAllByRole('textbox', { name: /^Odgovor/ });
    for (const answer of answers) expect(answer).not.toHaveAttribute('aria-invalid');

    await user.click(screen.getByRole('button', { name: 'Spremi' }));
    for (const answer of answers) await waitFor(() => expect(answer).toHaveAccessibleDescription('Obavezno'));
  });

  it('moves a question by keyboard, keeps the focus on the button pressed and announces the move', async () => {
    const { user, values } = renderSection('POLL', [
      question('Prvo', 'TEXT'),
      question('Drugo', 'TEXT'),
      question('Treće', 'TEXT'),
    ]);
    screen.getByRole('button', { name: 'Pomakni pitanje 1 prema dolje' }).focus();
    await user.keyboard('{Enter}');

    expect(values().map((q) => q.title)).toEqual(['Drugo', 'Prvo', 'Treće']);
    expect(titles()).toEqual(['Drugo', 'Prvo', 'Treće']);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Pomakni pitanje 2 prema dolje' })).toHaveFocus());
    expect(screen.getByRole('status')).toHaveTextContent('Pitanje je premješteno na 2. mjesto od 3.');

    // At the bottom its "down" can go no further: the focus stays on the question, on its "up".
    await user.keyboard('{Enter}');
    expect(titles()).toEqual(['Drugo', 'Treće', 'Prvo']);
    expect(screen.getByRole('button', { name: 'Pomakni pitanje 3 prema dolje' })).toBeDisabled();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Pomakni pitanje 3 prema gore' })).toHaveFocus());
    expect(screen.getByRole('status')).toHaveTextContent('Pitanje je premješteno na 3. mjesto od 3.');

    await user.keyboard(' ');
    expect(titles()).toEqual(['Drugo', 'Prvo', 'Treće']);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Pomakni pitanje 2 prema gore' })).toHaveFocus());
    expect(screen.getByRole('button', { name: 'Pomakni pitanje 1 prema gore' })).toBeDisabled();
  });

  it('moves a question dragged by its handle onto another', () => {
    const { values } = renderSection('POLL', [
      question('Prvo', 'TEXT'),
      question('Drugo', 'TEXT'),
      question('Treće', 'TEXT'),
    ]);
    const target = card(1).closest('li') as HTMLElement;
    fireEvent.dragStart(within(card(3)).getByTitle('Povucite da biste premjestili pitanje'));
    fireEvent.dragOver(target);
    expect(target).toHaveClass('question--before');
    fireEvent.drop(target);

    expect(values().map((q) => q.title)).toEqual(['Treće', 'Prvo', 'Drugo']);
    expect(titles()).toEqual(['Treće', 'Prvo', 'Drugo']);
    expect(screen.getByRole('status')).toHaveTextContent('Pitanje je premješteno na 1. mjesto od 3.');
    expect(target).not.toHaveClass('question--before');
  });

  it('duplicates a question with its answers, and deletes questions down to none', async () => {
    const { user, values } = renderSection('POLL', [
      question('Omiljena boja?', 'SINGLE', [
        ['Crvena', false],
        ['Plava', false],
      ]),
      question('Zašto?', 'TEXT'),
    ]);
    await user.click(screen.getByRole('button', { name: 'Kopiraj pitanje 1' }));
    expect(titles()).toEqual(['Omiljena boja?', 'Omiljena boja?', 'Zašto?']);
    expect(within(card(2)).getByRole('textbox', { name: 'Odgovor 2' })).toHaveValue('Plava');
    expect(screen.getByRole('status')).toHaveTextContent('Kopija pitanja 1 dodana je kao pitanje 2.');
    // The copy is its own: changing it leaves the original as it was.
    await user.type(within(card(2)).getByRole('textbox', { name: 'Odgovor 2' }), ' i zelena');
    expect(values()[0]?.answers[1]?.title).toBe('Plava');
    expect(values()[1]?.answers[1]?.title).toBe('Plava i zelena');

    await user.click(screen.getByRole('button', { name: 'Izbriši pitanje 1' }));
    expect(values().map((q) => q.answers[1]?.title ?? q.title)).toEqual(['Plava i zelena', 'Zašto?']);
    expect(screen.getByRole('status')).toHaveTextContent('Pitanje 1 je izbrisano.');
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Pitanje 1' })).toHaveFocus());

    await user.click(screen.getByRole('button', { name: 'Izbriši pitanje 2' }));
    await user.click(screen.getByRole('button', { name: 'Izbriši pitanje 1' }));
    expect(values()).toEqual([]);
    expect(screen.getByText('Još nema pitanja.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Vrsta novog pitanja' })).toHaveFocus());
    // A poll needs a question: the contract's rule says so above the (empty) list.
    await user.click(screen.getByRole('button', { name: 'Spremi' }));
    expect(
      await within(screen.getByRole('region', { name: 'Pitanja' })).findByText('Dodajte barem jedno pitanje'),
    ).toBeInTheDocument();
  });

  it("adjusts a question's answers to its new type", async () => {
    const { user, values } = renderSection('EDUCATION', [
      question('Koji su prosti brojevi?', 'MULTIPLE', [
        ['4', false],
        ['3', true],
        ['5', true],
      ]),
    ]);
    const type = () => within(card(1)).getByRole('combobox', { name: 'Vrsta pitanja' });

    // One correct answer at most: the first marked stays.
    await user.selectOptions(type(), 'Jedan odgovor');
    expect(values()[0]).toEqual(
      question('Koji su prosti brojevi?', 'SINGLE', [
        ['4', false],
        ['3', true],
        ['5', false],
      ]),
    );
    expect(within(card(1)).getByRole('radio', { name: 'Točan odgovor 2' })).toBeChecked();

    await user.selectOptions(type(), 'Odgovor vlastitim riječima');
    expect(values()[0]?.answers).toEqual([]);
    expect(within(card(1)).queryByRole('group', { name: 'Odgovori' })).not.toBeInTheDocument();
    expect(within(card(1)).getByText(/odgovaraju vlastitim riječima/)).toBeInTheDocument();

    await user.selectOptions(type(), 'Više odgovora');
    expect(values()[0]?.answers).toEqual([
      { title: '', isCorrect: false },
      { title: '', isCorrect: false },
    ]);
    expect(within(card(1)).getAllByRole('checkbox', { name: /^Točan odgovor/ })).toHaveLength(2);

    await user.selectOptions(type(), 'Ljestvica od 1 do 5');
    expect(values()[0]).toEqual(question('Koji su prosti brojevi?', 'LINEAR'));
    expect(within(card(1)).getByRole('list', { name: /ljestvici od 1 do 5/ })).toBeInTheDocument();
  });

  it('adds, edits and removes answers, up to the most a question may have', async () => {
    const nineteen = Array.from({ length: 19 }, (_, i): [string, boolean] => [`Odgovor ${i + 1}`, false]);
    const { user, values } = renderSection('POLL', [
      question('Kamo na izlet?', 'SINGLE', yesNo),
      question('Koji grad?', 'MULTIPLE', nineteen),
    ]);
    const first = card(1);

    await user.click(within(first).getByRole('button', { name: 'Dodaj odgovor' }));
    const third = within(first).getByRole('textbox', { name: 'Odgovor 3' });
    await waitFor(() => expect(third).toHaveFocus());
    await user.type(third, 'Možda');
    expect(values()[0]?.answers.map((a) => a.title)).toEqual(['Da', 'Ne', 'Možda']);

    await user.click(within(first).getByRole('button', { name: 'Ukloni odgovor 1' }));
    expect(values()[0]?.answers.map((a) => a.title)).toEqual(['Ne', 'Možda']);
    await waitFor(() => expect(within(first).getByRole('textbox', { name: 'Odgovor 1' })).toHaveFocus());
    expect(within(first).getByRole('textbox', { name: 'Odgovor 1' })).toHaveValue('Ne');

    const second = card(2);
    expect(within(second).queryByText('Pitanje može imati najviše 20 odgovora.')).not.toBeInTheDocument();
    await user.click(within(second).getByRole('button', { name: 'Dodaj odgovor' }));
    expect(values()[1]?.answers).toHaveLength(20);
    expect(within(second).getByRole('button', { name: 'Dodaj odgovor' })).toBeDisabled();
    expect(within(second).getByText('Pitanje može imati najviše 20 odgovora.')).toBeInTheDocument();
  });

  it('marks correct answers only in a quiz: one for a single choice, any for a multiple choice', async () => {
    const { user, form, values } = renderSection('EDUCATION', [
      question('Glavni grad?', 'SINGLE', [
        ['Zagreb', false],
        ['Split', false],
      ]),
      question('Primorski gradovi?', 'MULTIPLE', [
        ['Rijeka', false],
        ['Osijek', false],
        ['Zadar', false],
      ]),
    ]);
    await user.click(within(card(1)).getByRole('radio', { name: 'Točan odgovor 2' }));
    await user.click(within(card(1)).getByRole('radio', { name: 'Točan odgovor 1' }));
    expect(values()[0]?.answers.map((a) => a.isCorrect)).toEqual([true, false]);
    expect(within(card(1)).getByRole('radio', { name: 'Točan odgovor 2' })).not.toBeChecked();

    await user.click(within(card(2)).getByRole('checkbox', { name: 'Točan odgovor 1' }));
    await user.click(within(card(2)).getByRole('checkbox', { name: 'Točan odgovor 3' }));
    expect(values()[1]?.answers.map((a) => a.isCorrect)).toEqual([true, false, true]);

    // A quiz turned into a poll: a poll has no correct answers, so the marks go with the choice.
    act(() => form.setValue('type', 'POLL'));
    await waitFor(() => expect(screen.queryByRole('radio')).not.toBeInTheDocument());
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(values().flatMap((q) => q.answers.map((a) => a.isCorrect))).toEqual([false, false, false, false, false]);
  });

  it('offers no correct answers in a poll', () => {
    renderSection('POLL', [question('Kava ili čaj?', 'SINGLE', yesNo), question('Što još?', 'MULTIPLE', yesNo)]);
    expect(screen.getAllByRole('textbox', { name: /^Odgovor/ })).toHaveLength(4);
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it("shows the contract's errors at the question, the answer and the answers they are about", async () => {
    const { user } = renderSection('EDUCATION', [
      question('', 'SINGLE', [
        ['', false],
        ['Ne', false],
      ]),
    ]);
    await user.click(screen.getByRole('button', { name: 'Spremi' }));

    const title = within(card(1)).getByRole('textbox', { name: 'Tekst pitanja' });
    await waitFor(() => expect(title).toHaveAccessibleDescription('Obavezno'));
    expect(title).toHaveAttribute('aria-invalid', 'true');
    const answer = within(card(1)).getByRole('textbox', { name: 'Odgovor 1' });
    expect(answer).toHaveAccessibleDescription('Obavezno');
    expect(answer).toHaveAttribute('aria-invalid', 'true');

    await user.type(title, 'Je li Zagreb glavni grad?');
    await user.type(answer, 'Da');
    await user.click(screen.getByRole('button', { name: 'Spremi' }));
    const answers = within(card(1)).getByRole('group', { name: 'Odgovori' });
    await waitFor(() => expect(answers).toHaveAccessibleDescription('Označite točan odgovor'));
    expect(title).not.toHaveAttribute('aria-invalid');

    await user.click(within(answers).getByRole('radio', { name: 'Točan odgovor 1' }));
    await waitFor(() => expect(answers).not.toHaveAccessibleDescription('Označite točan odgovor'));
    expect(screen.queryByText('Označite točan odgovor')).not.toBeInTheDocument();
  });

  it('shows an answered item read-only, and suggests a copy', () => {
    renderSection(
      'EDUCATION',
      [
        question('Glavni grad?', 'SINGLE', [
          ['Zagreb', true],
          ['Split', false],
        ]),
        question('Ocjena tečaja', 'LINEAR'),
      ],
      { locked: true },
    );
    const section = screen.getByRole('region', { name: 'Pitanja' });
    expect(within(section).getByText(/napravite kopiju sadržaja/)).toBeInTheDocument();
    expect(within(section).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(section).queryByRole('button')).not.toBeInTheDocument();
    expect(within(section).queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(section).getByRole('heading', { name: 'Pitanje 1' })).toBeInTheDocument();
    expect(within(section).getByText('Glavni grad?')).toBeInTheDocument();
    const answers = within(section).getByRole('list', { name: 'Odgovori' });
    expect(within(within(answers).getByText(/Zagreb/)).getByText('Točan odgovor')).toBeInTheDocument();
    expect(within(within(answers).getByText(/Split/)).queryByText('Točan odgovor')).not.toBeInTheDocument();
    expect(within(section).getByRole('list', { name: /ljestvici od 1 do 5/ })).toBeInTheDocument();
  });

  it('changes nothing while disabled', () => {
    renderSection('EDUCATION', [question('Glavni grad?', 'SINGLE', yesNo), question('Zašto?', 'TEXT')], {
      disabled: true,
    });
    const section = screen.getByRole('region', { name: 'Pitanja' });
    for (const control of [
      ...within(section).getAllByRole('button'),
      ...within(section).getAllByRole('textbox'),
      ...within(section).getAllByRole('combobox'),
      ...within(section).getAllByRole('radio'),
    ]) {
      expect(control).toBeDisabled();
    }
    expect(within(card(1)).getByTitle('Povucite da biste premjestili pitanje')).toHaveAttribute('draggable', 'false');
  });

  it('speaks English too', async () => {
    await changeLanguage('en');
    renderSection('EDUCATION', [question('Capital?', 'SINGLE', yesNo)]);
    expect(screen.getByRole('region', { name: 'Questions' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Correct answer 1' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Move question 1 down' })).toBeDisabled();
  });
});
