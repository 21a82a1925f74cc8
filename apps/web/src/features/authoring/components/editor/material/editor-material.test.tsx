import { MEDIA_MAX, type Me, richDocOf, type StoredFile } from '@kanal/contract';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { type UseFormReturn, useForm } from 'react-hook-form';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ConsoleContextValue } from '@/console/lib/console-context';
import { signInAs } from '@/console/test/console-fixtures';
import { loadAreaTexts } from '@/lib/i18n';
import { editorOf } from '@/test/rich-text-editor';
import { type ContentDraft, type DraftFile, draftResolver, emptyDraft } from '../../../lib/content-draft';
import { CoverField } from './cover-field';
import { MaterialSection } from './editor-material';

// ---------------------------------------------------------------------------------------------------
// The network: uploads go by XMLHttpRequest (fetch cannot report upload progress), stood in for here.

class FakeRequest extends EventTarget {
  readonly upload = new EventTarget();
  method = '';
  url = '';
  status = 0;
  responseText = '';
  aborted = false;
  headers: Record<string, string> = {};
  body: FormData | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
    sent.push(this);
  }
  abort() {
    this.aborted = true;
    this.dispatchEvent(new Event('abort'));
  }

  get file() {
    return this.body?.get('file') as File;
  }
  progress(loaded: number, total: number) {
    act(() => {
      this.upload.dispatchEvent(new ProgressEvent('progress', { lengthComputable: true, loaded, total }));
    });
  }
  async answer(status: number, body: unknown) {
    await act(async () => {
      this.status = status;
      this.responseText = JSON.stringify(body);
      this.dispatchEvent(new Event('load'));
    });
  }
  /** The server's answer to POST /files: the file stored under `id`. */
  stored(id: string) {
    const file = this.file;
    return this.answer(200, {
      payload: { id, name: file.name, mime: file.type, size: file.size, url: `/api/files/${id}` } satisfies StoredFile,
    });
  }
  refused(status: number, code: string, message: string) {
    return this.answer(status, { statusCode: status, code, message, requestId: 'req-test' });
  }
}

let sent: FakeRequest[] = [];

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const file = (name: string, type: string, bytes = 2048) => new File([new Uint8Array(bytes)], name, { type });
const medium = (n: number, name: string, mime = 'image/png', size = 1536): DraftFile => ({
  fileId: uuid(n),
  name,
  mime,
  size,
  url: `/api/files/${uuid(n)}`,
});

// ---------------------------------------------------------------------------------------------------
// The sections as the editor holds them: its form, the contract's rules checked once a field is left.

function Harness({
  defaults,
  disabled,
  expose,
  onSubmit,
}: {
  defaults: Partial<ContentDraft>;
  disabled: boolean;
  expose: (form: UseFormReturn<ContentDraft>) => void;
  onSubmit: () => void;
}) {
  const form = useForm<ContentDraft>({
    defaultValues: { ...emptyDraft('INFORMATION'), ...defaults },
    resolver: draftResolver,
    mode: 'onTouched',
  });
  expose(form);
  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)}>
      <CoverField form={form} disabled={disabled} />
      <MaterialSection form={form} disabled={disabled} />
      <button type="submit">Spremi</button>
    </form>
  );
}

/** Works in organisation 3 while the caller's own is 1, so every file's address names it. */
function renderMaterial(options: { defaults?: Partial<ContentDraft>; disabled?: boolean } = {}) {
  const me: Me = signInAs('SUPERADMIN');
  sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeRequest);
  // Anything else reaching for the network is a mistake here.
  const fetchFn = vi.fn(async () => new Response('{}', { status: 404 }));
  vi.stubGlobal('fetch', fetchFn);
  let form: UseFormReturn<ContentDraft> | undefined;
  const onSubmit = vi.fn();
  const user = userEvent.setup();
  render(
    <ConsoleContextValue.Provider
      value={{ me, tenantId: 3, setTenantId: () => undefined, canEdit: true, canAuthor: true }}
    >
      <Harness
        defaults={options.defaults ?? {}}
        disabled={options.disabled ?? false}
        expose={(made) => {
          form = made;
        }}
        onSubmit={onSubmit}
      />
    </ConsoleContextValue.Provider>,
  );
  const values = () => (form as UseFormReturn<ContentDraft>).getValues();
  const region = screen.getByRole('region', { name: 'Materijal' });
  const mediaList = () => within(region).getByRole('list', { name: 'Mediji redoslijedom prikaza' });
  const captions = () =>
    within(mediaList())
      .getAllByRole('textbox')
      .map((input) => (input as HTMLInputElement).value);
  const picker = () => within(region).getByLabelText('Odaberi datoteke') as HTMLInputElement;
  const dropZone = () =>
    within(region).getByText('Povucite datoteke ovamo ili ih odaberite.').parentElement as HTMLElement;
  return { user, values, region, mediaList, captions, picker, dropZone, onSubmit, fetchFn, form: () => form };
}

/** What a drag of files from the desktop carries (jsdom has no DataTransfer of its own). */
const filesTransfer = (files: File[]) => ({ files, types: ['Files'], dropEffect: 'none' });

beforeEach(async () => {
  await loadAreaTexts('admin', {
    hr: () => import('@/locales/hr/admin'),
    en: () => import('@/locales/en/admin'),
  });
});

describe('the material section', () => {
  it('is a labelled section of the editor', () => {
    const { region } = renderMaterial();
    expect(region).toHaveAttribute('id', 'editor-material');
    expect(within(region).getByRole('heading', { level: 2, name: 'Materijal' })).toBeInTheDocument();
  });

  it('previews a recognised YouTube or Vimeo link, and says once the field is left that another is not one', async () => {
    const { user, region, values } = renderMaterial();
    const link = within(region).getByRole('textbox', { name: 'Poveznica na videozapis' });

    await user.type(link, 'https://example.com/film');
    // Not said while it is still being typed.
    expect(link).not.toHaveAttribute('aria-invalid');
    await user.tab();
    expect(link).toHaveAttribute('aria-invalid', 'true');
    expect(link).toHaveAccessibleDescription(
      expect.stringContaining('Unesite poveznicu na videozapis s YouTubea ili Vimea'),
    );
    expect(region.querySelector('iframe')).toBeNull();

    await user.clear(link);
    await user.type(link, 'https://youtu.be/dQw4w9WgXcQ');
    const youtube = within(region).getByTitle('Pregled videozapisa s YouTubea');
    expect(youtube.tagName).toBe('IFRAME');
    expect(youtube).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(link).not.toHaveAttribute('aria-invalid');
    expect(within(region).queryByText('Unesite poveznicu na videozapis s YouTubea ili Vimea')).not.toBeInTheDocument();

    await user.clear(link);
    await user.type(link, 'https://vimeo.com/76979871');
    expect(within(region).getByTitle('Pregled videozapisa s Vimea')).toHaveAttribute(
      'src',
      'https://player.vimeo.com/video/76979871?dnt=1',
    );
    expect(within(region).queryByTitle('Pregled videozapisa s YouTubea')).not.toBeInTheDocument();
    expect(values().link).toBe('https://vimeo.com/76979871');
  });

  it('counts the text’s characters against the limit as it is typed', async () => {
    const { region, values } = renderMaterial();
    const text = await within(region).findByRole('textbox', { name: 'Tekst' });
    expect(text).toHaveAccessibleDescription(expect.stringContaining('0 / 20.000 znakova'));
    act(() => {
      editorOf(text).chain().focus().insertContent('Dobar dan').run();
    });
    await waitFor(() => expect(text).toHaveAccessibleDescription(expect.stringContaining('9 / 20.000 znakova')));
    expect(values().doc).toEqual({
      type: 'doc',
      content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Dobar dan' }] }],
    });
  });
});

describe('uploading media', () => {
  it('uploads several chosen files at once, each with its own progress, and lists them as they arrive', async () => {
    const { user, region, values, picker, captions } = renderMaterial();
    expect(within(region).getByText('Još nema medija.')).toBeInTheDocument();
    expect(picker()).toHaveAttribute('multiple');

    await user.upload(picker(), [file('plan-rada.pdf', 'application/pdf', 4096), file('ured.jpg', 'image/jpeg')]);
    expect(sent).toHaveLength(2);
    expect(sent.map((request) => [request.method, request.url, request.file.name])).toEqual([
      ['POST', '/api/files?tenant=3', 'plan-rada.pdf'],
      ['POST', '/api/files?tenant=3', 'ured.jpg'],
    ]);
    const first = within(region).getByRole('progressbar', { name: 'Prijenos datoteke plan-rada.pdf' });
    const second = within(region).getByRole('progressbar', { name: 'Prijenos datoteke ured.jpg' });
    expect(first).toHaveAttribute('aria-valuenow', '0');

    sent[0]?.progress(1024, 4096);
    sent[1]?.progress(1536, 2048);
    expect(first).toHaveAttribute('aria-valuenow', '25');
    expect(first).toHaveAttribute('aria-valuetext', '25 %');
    expect(second).toHaveAttribute('aria-valuenow', '75');

    await sent[1]?.stored(uuid(2));
    expect(within(region).queryByRole('progressbar', { name: 'Prijenos datoteke ured.jpg' })).not.toBeInTheDocument();
    expect(first).toBeInTheDocument();
    // The caption starts as the file's name, without its extension.
    expect(captions()).toEqual(['ured']);
    expect(within(region).getByRole('img', { name: 'ured' })).toHaveAttribute('src', `/api/files/${uuid(2)}?tenant=3`);

    await sent[0]?.stored(uuid(1));
    expect(within(region).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(captions()).toEqual(['ured', 'plan-rada']);
    expect(values().media).toEqual([
      { fileId: uuid(2), name: 'ured', mime: 'image/jpeg', size: 2048, url: `/api/files/${uuid(2)}?tenant=3` },
      {
        fileId: uuid(1),
        name: 'plan-rada',
        mime: 'application/pdf',
        size: 4096,
        url: `/api/files/${uuid(1)}?tenant=3`,
      },
    ]);
    // Arriving files do not take the focus from wherever the editor is.
    expect(document.activeElement).not.toBe(within(region).getAllByRole('textbox').at(-1));
  });

  it('cancels an upload on its way', async () => {
    const { user, region, values, picker } = renderMaterial();
    await user.upload(picker(), [file('velik.mp4', 'video/mp4')]);
    const request = sent[0] as FakeRequest;
    await user.click(within(region).getByRole('button', { name: 'Odustani od prijenosa datoteke velik.mp4' }));
    expect(request.aborted).toBe(true);
    expect(within(region).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(within(region).queryByText('velik.mp4')).not.toBeInTheDocument();
    expect(values().media).toEqual([]);
  });

  it('shows the server’s reason for a failed upload, tries again what may work then, or forgets it', async () => {
    const { user, region, values, picker, captions } = renderMaterial();
    await user.upload(picker(), [file('skica.png', 'image/png'), file('zapis.mp3', 'audio/mpeg')]);
    await sent[0]?.refused(415, 'UnsupportedMediaType', 'Ova vrsta datoteke nije dopuštena.');
    await sent[1]?.refused(500, 'SomethingWentWrong', 'Spremište trenutačno nije dostupno.');
    const alerts = within(region).getAllByRole('alert');
    expect(alerts.map((alert) => alert.textContent)).toEqual([
      'Ova vrsta datoteke nije dopuštena.',
      'Spremište trenutačno nije dostupno.',
    ]);

    // Its type comes back refused however often it is sent: no retry for it.
    expect(within(region).queryByRole('button', { name: /Pokušaj ponovno prenijeti datoteku skica.png/ })).toBeNull();
    await user.click(within(region).getByRole('button', { name: 'Ukloni neuspjeli prijenos datoteke skica.png' }));
    expect(within(region).queryByText('Ova vrsta datoteke nije dopuštena.')).not.toBeInTheDocument();

    await user.click(within(region).getByRole('button', { name: 'Pokušaj ponovno prenijeti datoteku zapis.mp3' }));
    expect(sent).toHaveLength(3);
    expect(sent[2]?.file.name).toBe('zapis.mp3');
    expect(within(region).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(region).getByRole('progressbar', { name: 'Prijenos datoteke zapis.mp3' })).toBeInTheDocument();
    await sent[2]?.stored(uuid(9));
    expect(captions()).toEqual(['zapis']);
    expect(values().media.map((m) => m.fileId)).toEqual([uuid(9)]);
  });

  it('turns down a file too large to upload without sending it', async () => {
    const { user, region, picker } = renderMaterial();
    const huge = file('snimka.mp4', 'video/mp4', 1);
    Object.defineProperty(huge, 'size', { value: 26 * 1024 * 1024 });
    await user.upload(picker(), huge);
    expect(within(region).getByRole('alert')).toHaveTextContent('Datoteka je veća od 25 MB.');
    expect(sent).toHaveLength(0);
    expect(within(region).queryByRole('button', { name: /Pokušaj ponovno/ })).not.toBeInTheDocument();
  });

  it('takes files dropped on the drop zone', async () => {
    const { region, dropZone, captions } = renderMaterial();
    const dropped = [file('a.png', 'image/png'), file('b.webm', 'video/webm')];
    const over = fireEvent.dragOver(dropZone(), { dataTransfer: filesTransfer(dropped) });
    // Taken, not opened by the browser.
    expect(over).toBe(false);
    expect(dropZone()).toHaveClass('drop-zone--active');
    fireEvent.drop(dropZone(), { dataTransfer: filesTransfer(dropped) });
    expect(dropZone()).not.toHaveClass('drop-zone--active');
    expect(sent.map((request) => request.file.name)).toEqual(['a.png', 'b.webm']);
    expect(within(region).getAllByRole('progressbar')).toHaveLength(2);
    await sent[1]?.stored(uuid(2));
    expect(captions()).toEqual(['b']);
    const video = region.querySelector('video');
    expect(video).toHaveAttribute('src', `/api/files/${uuid(2)}?tenant=3`);
    expect(video).toHaveAttribute('preload', 'metadata');
  });

  it('adds no more than the contract’s limit of media', async () => {
    const full = Array.from({ length: MEDIA_MAX - 1 }, (_, i) => medium(i + 1, `Slika ${i + 1}`));
    const { user, region, picker } = renderMaterial({ defaults: { media: full } });
    await user.upload(picker(), [file('x.png', 'image/png'), file('y.png', 'image/png'), file('z.png', 'image/png')]);
    expect(sent.map((request) => request.file.name)).toEqual(['x.png']);
    expect(within(region).getByRole('alert')).toHaveTextContent(
      `Sadržaj može imati najviše ${MEDIA_MAX} medija, pa nisu dodane sve odabrane datoteke.`,
    );
    // The one on its way takes the last place.
    expect(picker()).toBeDisabled();
    expect(
      within(region).getByText(`Dodan je najveći broj medija (${MEDIA_MAX}). Uklonite neki da biste dodali novi.`),
    ).toBeInTheDocument();
  });
});

describe('the media list', () => {
  const three = [
    medium(1, 'Raspored', 'image/png'),
    medium(2, 'Upute za rad', 'application/pdf', 250 * 1024),
    medium(3, 'Snimka sastanka', 'video/mp4'),
  ];

  it('previews each medium by its kind, with its size', () => {
    const { mediaList } = renderMaterial({ defaults: { media: three } });
    const rows = within(mediaList()).getAllByRole('listitem');
    expect(within(rows[0] as HTMLElement).getByRole('img', { name: 'Raspored' })).toHaveAttribute(
      'src',
      `/api/files/${uuid(1)}`,
    );
    expect(within(rows[1] as HTMLElement).getAllByText('Dokument')).not.toHaveLength(0);
    expect(within(rows[1] as HTMLElement).getByText('Dokument · 250 KB')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).queryByRole('img')).not.toBeInTheDocument();
    expect((rows[2] as HTMLElement).querySelector('video')).toHaveAttribute('preload', 'metadata');
    expect(within(rows[2] as HTMLElement).getByLabelText('Videozapis: Snimka sastanka').tagName).toBe('VIDEO');
  });

  it('edits a caption, and shows the contract’s error beside it', async () => {
    const { user, mediaList, values, onSubmit } = renderMaterial({ defaults: { media: three } });
    const caption = within(mediaList()).getByRole('textbox', { name: 'Opis medija 2 od 3' });
    await user.clear(caption);
    await user.click(screen.getByRole('button', { name: 'Spremi' }));
    expect(onSubmit).not.toHaveBeenCalled();
    await waitFor(() => expect(caption).toHaveAttribute('aria-invalid', 'true'));
    expect(caption).toHaveAccessibleDescription('Obavezno');

    await user.type(caption, 'Upute');
    expect(caption).not.toHaveAttribute('aria-invalid');
    expect(values().media[1]?.name).toBe('Upute');
  });

  it('reorders by keyboard, keeping the focus on the moved medium and saying where it is now', async () => {
    const { user, mediaList, captions, values } = renderMaterial({ defaults: { media: three } });
    const live = () => screen.getByText(/je sada na/);

    const down = within(mediaList()).getByRole('button', { name: 'Pomakni dolje: Raspored' });
    down.focus();
    await user.keyboard('{Enter}');
    expect(captions()).toEqual(['Upute za rad', 'Raspored', 'Snimka sastanka']);
    expect(values().media.map((m) => m.fileId)).toEqual([uuid(2), uuid(1), uuid(3)]);
    expect(document.activeElement).toBe(within(mediaList()).getByRole('button', { name: 'Pomakni dolje: Raspored' }));
    expect(live()).toHaveTextContent('„Raspored” je sada na 2. mjestu od 3.');
    expect(live().closest('[aria-live="polite"]')).not.toBeNull();

    // At the end, moving down is no longer possible: the focus stays with the medium, on its other button.
    await user.keyboard('{Enter}');
    expect(captions()).toEqual(['Upute za rad', 'Snimka sastanka', 'Raspored']);
    expect(within(mediaList()).getByRole('button', { name: 'Pomakni dolje: Raspored' })).toBeDisabled();
    expect(document.activeElement).toBe(within(mediaList()).getByRole('button', { name: 'Pomakni gore: Raspored' }));
    expect(live()).toHaveTextContent('„Raspored” je sada na 3. mjestu od 3.');

    await user.keyboard('{Enter}');
    expect(captions()).toEqual(['Upute za rad', 'Raspored', 'Snimka sastanka']);
    expect(document.activeElement).toBe(within(mediaList()).getByRole('button', { name: 'Pomakni gore: Raspored' }));
    expect(within(mediaList()).getByRole('button', { name: 'Pomakni gore: Upute za rad' })).toBeDisabled();
  });

  it('reorders by dragging a medium onto another’s place', () => {
    const { mediaList, captions, values } = renderMaterial({ defaults: { media: three } });
    const rows = within(mediaList()).getAllByRole('listitem');
    const handle = (rows[2] as HTMLElement).querySelector('[draggable="true"]') as HTMLElement;
    const transfer = { setData: vi.fn(), types: [] as string[], effectAllowed: 'all', dropEffect: 'none' };
    fireEvent.dragStart(handle, { dataTransfer: transfer });
    expect(transfer.setData).toHaveBeenCalledWith('text/plain', 'Snimka sastanka');
    expect(fireEvent.dragOver(rows[0] as HTMLElement, { dataTransfer: transfer })).toBe(false);
    expect(rows[0]).toHaveClass('media-item--target');
    fireEvent.drop(rows[0] as HTMLElement, { dataTransfer: transfer });
    fireEvent.dragEnd(handle, { dataTransfer: transfer });
    expect(captions()).toEqual(['Snimka sastanka', 'Raspored', 'Upute za rad']);
    expect(values().media.map((m) => m.fileId)).toEqual([uuid(3), uuid(1), uuid(2)]);
    expect(screen.getByText('„Snimka sastanka” je sada na 1. mjestu od 3.')).toBeInTheDocument();
  });

  it('removes a medium, moving the focus to the next one', async () => {
    const { user, mediaList, captions, values } = renderMaterial({ defaults: { media: three } });
    await user.click(within(mediaList()).getByRole('button', { name: 'Ukloni: Upute za rad' }));
    expect(captions()).toEqual(['Raspored', 'Snimka sastanka']);
    expect(values().media.map((m) => m.fileId)).toEqual([uuid(1), uuid(3)]);
    expect(document.activeElement).toBe(within(mediaList()).getByRole('button', { name: 'Ukloni: Snimka sastanka' }));
    expect(screen.getByText('Uklonjeno: „Upute za rad”.')).toBeInTheDocument();
  });

  it('changes nothing while the editor is read-only', () => {
    const { region, mediaList, picker, dropZone, values } = renderMaterial({
      defaults: { media: three, link: 'https://youtu.be/dQw4w9WgXcQ', doc: richDocOf('Tekst') },
      disabled: true,
    });
    expect(within(region).getByRole('textbox', { name: 'Poveznica na videozapis' })).toBeDisabled();
    expect(within(region).getByRole('textbox', { name: 'Tekst' })).toHaveAttribute('contenteditable', 'false');
    for (const tool of within(region).getAllByRole('button', { name: /Podebljano|Umetni tablicu/ })) {
      expect(tool).toBeDisabled();
    }
    expect(picker()).toBeDisabled();
    for (const button of within(mediaList()).getAllByRole('button')) expect(button).toBeDisabled();
    for (const caption of within(mediaList()).getAllByRole('textbox')) expect(caption).toBeDisabled();
    expect(mediaList().querySelector('[draggable="true"]')).toBeNull();

    fireEvent.drop(dropZone(), { dataTransfer: filesTransfer([file('a.png', 'image/png')]) });
    expect(sent).toHaveLength(0);
    expect(values().media).toHaveLength(3);
  });
});

describe('the cover image', () => {
  const cover = () => screen.getByRole('group', { name: 'Naslovna slika' });

  it('uploads an image with its progress, previews it, replaces and removes it', async () => {
    const { user, values } = renderMaterial();
    expect(within(cover()).getByText('Naslovna slika nije odabrana.')).toBeInTheDocument();
    const chooser = within(cover()).getByLabelText('Odaberi sliku');
    expect(chooser).toHaveAttribute('accept', 'image/*');

    await user.upload(chooser, file('naslovna.png', 'image/png'));
    expect(sent[0]?.url).toBe('/api/files?tenant=3');
    const progress = within(cover()).getByRole('progressbar', { name: 'Prijenos datoteke naslovna.png' });
    sent[0]?.progress(1024, 2048);
    expect(progress).toHaveAttribute('aria-valuenow', '50');
    await sent[0]?.stored(uuid(11));
    expect(within(cover()).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(within(cover()).getByRole('img', { name: 'Trenutačna naslovna slika' })).toHaveAttribute(
      'src',
      `/api/files/${uuid(11)}?tenant=3`,
    );
    expect(values().image?.fileId).toBe(uuid(11));

    await user.upload(within(cover()).getByLabelText('Zamijeni sliku'), file('nova.jpg', 'image/jpeg'));
    await sent[1]?.stored(uuid(12));
    expect(within(cover()).getByRole('img', { name: 'Trenutačna naslovna slika' })).toHaveAttribute(
      'src',
      `/api/files/${uuid(12)}?tenant=3`,
    );
    expect(values().image?.fileId).toBe(uuid(12));

    await user.click(within(cover()).getByRole('button', { name: 'Ukloni sliku' }));
    expect(values().image).toBeNull();
    expect(within(cover()).queryByRole('img')).not.toBeInTheDocument();
    expect(document.activeElement).toBe(within(cover()).getByLabelText('Odaberi sliku'));
  });

  it('shows a failed upload’s reason, and an error the form has about the image', async () => {
    const { user, form } = renderMaterial({ defaults: { image: medium(5, 'stara.png') } });
    await user.upload(within(cover()).getByLabelText('Zamijeni sliku'), file('slika.png', 'image/png'));
    await sent[0]?.refused(413, 'PayloadTooLarge', 'Datoteka je prevelika.');
    expect(within(cover()).getByRole('alert')).toHaveTextContent('Datoteka je prevelika.');
    // The image it had stays.
    expect(within(cover()).getByRole('img')).toHaveAttribute('src', `/api/files/${uuid(5)}`);

    act(() => form()?.setError('image', { type: 'validate', message: 'validation.unknownFile' }));
    expect(cover()).toHaveAccessibleDescription('Datoteka nije pronađena: prenesite je ponovno');
  });

  it('turns down a file that is not an image without sending it', async () => {
    renderMaterial();
    // The picker's filter can be switched off in the browser's dialog.
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(within(cover()).getByLabelText('Odaberi sliku'), file('tablica.pdf', 'application/pdf'));
    expect(within(cover()).getByRole('alert')).toHaveTextContent(
      'Odabrana datoteka nije slika. Odaberite PNG, JPEG, GIF ili WebP.',
    );
    expect(sent).toHaveLength(0);
  });
});
