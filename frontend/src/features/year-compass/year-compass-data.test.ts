import enTexts from '@locales/en/year-compass-ui.json';
import svTexts from '@locales/sv/year-compass-ui.json';
import type { YearCompassBox, YearCompassSectionData } from '@clari/contracts';
import {
  applySaved,
  boxUpdatesOf,
  fileProblem,
  isSectionComplete,
  mergeSection,
  sectionGroups,
  settleBoxDraft,
  textareaRows,
  withBoxContent,
  withCacheBust,
  withHardBreaks,
  yearCompassMarkdown,
  type LocalSection,
} from './year-compass-data';
import { keyPaths, emptyTexts } from '../../test-support/locale-checks';

function box(id: string, extra: Partial<YearCompassBox> = {}): YearCompassBox {
  return {
    id,
    UiBoxTitle: `Title ${id}`,
    prompt: `Question ${id}?`,
    content: '',
    box_size: 'small',
    hasImage: false,
    imagePrompt: null,
    imageUrl: null,
    ...extra,
  };
}

function section(sectionNumber: number, boxes: YearCompassBox[]): YearCompassSectionData {
  return {
    sectionNumber,
    UiNavText: `Nav ${sectionNumber}`,
    UiSectionTitle: `Section title ${sectionNumber}`,
    UiSectionInstruction: `Instruction ${sectionNumber}.`,
    boxes,
  };
}

describe('Year Compass SPA texts', () => {
  it('have the same keys in English and Swedish, none empty, and the spec’s English copy', () => {
    expect(keyPaths(svTexts).sort()).toEqual(keyPaths(enTexts).sort());
    for (const texts of [enTexts, svTexts]) {
      const empty = emptyTexts(texts);
      expect(empty).toEqual([]);
    }
    expect(enTexts.box).toMatchObject({ noContent: 'No content yet', placeholder: 'Write your thoughts here...' });
    expect(enTexts.image).toMatchObject({
      generate: 'Generate Image',
      generating: 'Generating...',
      upload: 'Upload Image',
      notImage: 'Please select an image file',
      generateError: 'Error generating image. Please try again.',
      uploadError: 'Failed to upload image. Please try again.',
    });
    expect(enTexts.section).toMatchObject({ saveChanges: 'Save Changes', saved: 'Section saved successfully.' });
    expect(enTexts.app.fetchFailed).toBe('Failed to fetch section {{n}}');
    expect(enTexts.loadingTranslations).toBe('Loading translations...');
    // The landing's grids: 4 past-year and 3 future-year features.
    expect(Object.keys(enTexts.landing.past)).toHaveLength(4);
    expect(Object.keys(enTexts.landing.future)).toHaveLength(3);
    // Years are placeholders, never fixed numbers.
    expect(JSON.stringify([enTexts, svTexts])).not.toMatch(/20\d\d/);
  });
});

describe('Year Compass data', () => {
  it('groups sections up to 12 under the past year and the rest under the future year', () => {
    const { past, future } = sectionGroups();
    expect(past).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(future).toEqual([13, 14, 15, 16, 17, 18, 19]);
    expect(sectionGroups([12, 13])).toEqual({ past: [12], future: [13] });
  });

  it('gives large boxes 6 rows and others 3', () => {
    expect(textareaRows({ box_size: 'large' })).toBe(6);
    expect(textareaRows({ box_size: 'small' })).toBe(3);
  });

  it('appends a cache-busting timestamp to picture URLs', () => {
    expect(withCacheBust('/api/yearcompass/image/11/s11_picture?v=5', 123)).toBe(
      '/api/yearcompass/image/11/s11_picture?v=5&t=123',
    );
    expect(withCacheBust('/x.png', 9)).toBe('/x.png?t=9');
  });

  it('merges a fresh section: unsaved text stays, a changed picture gets a timestamp, an unchanged one keeps its URL', () => {
    const first = mergeSection(
      section(11, [box('a', { content: 'saved' }), box('p', { hasImage: true, imageUrl: '/img?v=1' })]),
    );
    expect(first.boxes[0]).toMatchObject({ content: 'saved', savedContent: 'saved' });
    const typed = withBoxContent(first, 'a', 'typing…');
    const busted = mergeSection(
      section(11, [box('a', { content: 'saved by Clari' }), box('p', { hasImage: true, imageUrl: '/img?v=2' })]),
      typed,
      'p',
      77,
    );
    // What Clari appended on the server joins the unsaved text; the box stays unsaved.
    expect(busted.boxes[0]).toMatchObject({ content: 'typing… by Clari', savedContent: 'saved by Clari' });
    expect(busted.boxes[1].imageUrl).toBe('/img?v=2&t=77');
    const again = mergeSection(
      section(11, [box('a', { content: 'saved by Clari' }), box('p', { hasImage: true, imageUrl: '/img?v=2' })]),
      busted,
    );
    expect(again.boxes[1].imageUrl).toBe('/img?v=2&t=77');
    // A clean box takes what the server has (e.g. Clari's addition).
    const clean = mergeSection(section(11, [box('a', { content: 'new' }), box('p', { hasImage: true })]), first);
    expect(clean.boxes[0]).toMatchObject({ content: 'new', savedContent: 'new' });
  });

  it('keeps unsaved text as it is when the server text changed in another way, and joins Clari’s text to a box that was empty', () => {
    const typed = withBoxContent(mergeSection(section(2, [box('a', { content: 'old' }), box('b')])), 'a', 'mine');
    const rewritten = mergeSection(section(2, [box('a', { content: 'different' }), box('b')]), typed);
    expect(rewritten.boxes[0].content).toBe('mine');
    const typedEmpty = withBoxContent(mergeSection(section(2, [box('a'), box('b')])), 'b', 'my words');
    const fromClari = mergeSection(
      section(2, [box('a'), box('b', { content: 'Midsummer on the island.' })]),
      typedEmpty,
    );
    expect(fromClari.boxes[1]).toMatchObject({
      content: 'my words\n\nMidsummer on the island.',
      savedContent: 'Midsummer on the island.',
    });
  });

  it('marks saved boxes as saved, unless the user has typed on since', () => {
    const local = withBoxContent(
      withBoxContent(mergeSection(section(3, [box('a'), box('b')])), 'a', ' hello '),
      'b',
      'typed more',
    );
    const saved = applySaved(local, [
      { id: 'a', sent: ' hello ', stored: 'hello' },
      { id: 'b', sent: 'typed', stored: 'typed' },
    ]);
    expect(saved.boxes[0]).toMatchObject({ content: 'hello', savedContent: 'hello' });
    expect(saved.boxes[1]).toMatchObject({ content: 'typed more', savedContent: 'typed' });
  });

  it('knows a complete section', () => {
    expect(isSectionComplete(mergeSection(section(3, [box('a', { content: 'x' }), box('b', { content: ' ' })])))).toBe(
      false,
    );
    expect(isSectionComplete(mergeSection(section(3, [box('a', { content: 'x' })])))).toBe(true);
  });

  it('reads only this section’s box updates from a reply', () => {
    const updates = [
      { box_id: 's3_moments', section_number: 3, content: 'A' },
      { box_id: 's4_how', section_number: 4, content: 'B' },
    ];
    expect(boxUpdatesOf({ updates }, 3)).toEqual([updates[0]]);
    expect(boxUpdatesOf({ updates: {} }, 3)).toEqual([]);
    expect(boxUpdatesOf({ updates: [] }, 3)).toEqual([]);
  });

  it('takes image files only, within 10 MB', () => {
    expect(fileProblem({ type: 'image/png', size: 100 })).toBeNull();
    expect(fileProblem({ type: 'text/plain', size: 100 })).toBe('notImage');
    expect(fileProblem({ type: '', size: 100 })).toBe('notImage');
    expect(fileProblem({ type: 'image/jpeg', size: 10 * 1024 * 1024 + 1 })).toBe('tooLarge');
  });
});

describe('the Markdown export', () => {
  const texts = {
    title: 'My Year Compass',
    subtitle: '2025 and 2026',
    exported: 'Exported 1 March 2026',
    pastHeading: 'Looking back at 2025',
    futureHeading: 'Looking ahead to 2026',
    noContent: 'No content yet',
    picture: (title: string) => `Picture: ${title}`,
  };
  const sections: LocalSection[] = [
    mergeSection(
      section(13, [box('s13_dreams', { UiBoxTitle: 'Dreams', content: 'Travel\nmore\r\nRead\n\nLearn Swedish\n' })]),
    ),
    mergeSection(
      section(1, [
        box('s1_calendar', { UiBoxTitle: 'Month by month', content: 'January: moved.' }),
        box('s1_stands_out', { UiBoxTitle: 'What stands out' }),
      ]),
    ),
    mergeSection(
      section(11, [
        box('s11_picture', {
          UiBoxTitle: 'The year in one picture',
          content: 'A lake',
          hasImage: true,
          imageUrl: '/api/yearcompass/image/11/s11_picture?v=1',
        }),
      ]),
    ),
  ];

  it('lists the sections in order under the two years, with texts, empty boxes and picture captions', () => {
    const markdown = yearCompassMarkdown(sections, texts);
    expect(markdown).toBe(
      [
        '# My Year Compass',
        '',
        '_2025 and 2026_',
        '',
        '_Exported 1 March 2026_',
        '',
        '## Looking back at 2025',
        '',
        '### 1. Section title 1',
        '',
        '> Instruction 1.',
        '',
        '#### Month by month',
        '',
        'January: moved.',
        '',
        '#### What stands out',
        '',
        '_No content yet_',
        '',
        '### 11. Section title 11',
        '',
        '> Instruction 11.',
        '',
        '#### The year in one picture',
        '',
        'A lake',
        '',
        '*[Picture: The year in one picture]*',
        '',
        '## Looking ahead to 2026',
        '',
        '### 13. Section title 13',
        '',
        '> Instruction 13.',
        '',
        '#### Dreams',
        '',
        // Single line breaks are hard breaks (two spaces); the blank line is a new paragraph.
        'Travel  \nmore  \nRead\n\nLearn Swedish',
        '',
      ].join('\n'),
    );
    expect(markdown).not.toContain('/api/yearcompass/image');
  });

  it('keeps single line breaks as hard breaks, and blank lines as paragraphs', () => {
    expect(withHardBreaks('Monday\nTuesday \n\nFriday')).toBe('Monday  \nTuesday\n\nFriday');
    expect(withHardBreaks('One line')).toBe('One line');
    expect(withHardBreaks('a\r\nb\rc')).toBe('a  \nb  \nc');
  });
});

describe('settleBoxDraft', () => {
  const kept = (value: string, basedOn: string | null) => ({ value, basedOn, keptAt: 1 });

  it('restores a draft made on the text the server still has', () => {
    expect(settleBoxDraft(kept('Typed offline', ''), '')).toEqual({ kind: 'restore', value: 'Typed offline' });
  });

  it('drops a draft the server already has', () => {
    expect(settleBoxDraft(kept('Same', 'Before'), 'Same')).toEqual({ kind: 'server', drop: true });
  });

  it('keeps both the draft and what Clari appended on the server since', () => {
    expect(settleBoxDraft(kept('Mine, longer', 'Mine'), 'Mine. From Clari')).toEqual({
      kind: 'restore',
      value: 'Mine, longer. From Clari',
    });
    expect(settleBoxDraft(kept('Typed offline', ''), 'From Clari')).toEqual({
      kind: 'restore',
      value: 'Typed offline\n\nFrom Clari',
    });
  });

  it('offers a draft when the server text was replaced since', () => {
    const draft = kept('Mine', 'Old text');
    expect(settleBoxDraft(draft, 'Replaced elsewhere')).toEqual({ kind: 'offer', draft });
  });

  it('shows the server text when there is no draft', () => {
    expect(settleBoxDraft(null, 'Stored')).toEqual({ kind: 'server', drop: false });
  });
});
