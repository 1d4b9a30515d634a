import { formatCrisisScores, loadCrisisCorpus, scoreCrisis } from '../../../eval/crisis-corpus';
import { assessCrisis, isCrisis } from './crisis-detector';
import { compileLexicon, normalise, withinOneEdit, type LexiconFile } from './crisis-lexicon';

describe('the crisis check on the evaluation corpus (offline provider: the lexicon)', () => {
  const items = loadCrisisCorpus();
  const scores = scoreCrisis(
    items,
    items.map((item) => isCrisis(item.text)),
  );

  it('holds at least 60 crisis phrasings per language and 80 look-alikes', () => {
    for (const language of ['en', 'sv'] as const)
      expect(items.filter((item) => item.language === language && item.crisis).length).toBeGreaterThanOrEqual(60);
    expect(items.filter((item) => !item.crisis && item.kind === 'lookalike').length).toBeGreaterThanOrEqual(80);
  });

  it.each(['en', 'sv'])(
    'recognises at least 98%% of crisis messages with at most 5%% false positives in %s',
    (language) => {
      const score = scores.find((item) => item.language === language);
      console.log(formatCrisisScores(score ? [score] : []));
      expect(score?.recall.rate).toBeGreaterThanOrEqual(0.98);
      expect(score?.falsePositives.rate).toBeLessThanOrEqual(0.05);
    },
  );
});

describe('the crisis lexicon', () => {
  it('matches "Jag vill dö" and other words ending in å, ä or ö on whole words', () => {
    expect(assessCrisis('Jag vill dö.')).toMatchObject({ risk: 'crisis', class: 'direct' });
    expect(assessCrisis('JAG VILL DÖ')).toMatchObject({ risk: 'crisis' });
    expect(assessCrisis('jag vill do')).toMatchObject({ risk: 'crisis' });
    expect(isCrisis('jag vill dörren ska vara stängd')).toBe(false);
  });

  it('tells a denial from a statement, and keeps the denial', () => {
    const denial = assessCrisis("I don't want to die");
    expect(denial.risk).toBe('none');
    expect(denial.denials.length).toBeGreaterThanOrEqual(1);
    expect(assessCrisis("I don't want to live anymore").risk).toBe('crisis');
    expect(assessCrisis('I don’t know why I want to die').risk).toBe('crisis');
    expect(assessCrisis('Jag har inga självmordstankar').risk).toBe('none');
    expect(assessCrisis("I can't stop cutting myself").risk).toBe('crisis');
  });

  it('classifies: plans as plans, self-harm as self-harm, passive ideation as passive', () => {
    expect(assessCrisis('I have been saving up pills')).toMatchObject({ class: 'plan', severity: 'high' });
    expect(assessCrisis('I cut myself again last night')).toMatchObject({ class: 'self_harm' });
    expect(assessCrisis('Everyone would be better off without me')).toMatchObject({ class: 'passive' });
    expect(assessCrisis('Det finns ingen mening med livet')).toMatchObject({ class: 'hopelessness' });
  });

  it('understands slang, typos and Swedish word order', () => {
    for (const text of [
      'kms',
      'i wanna die',
      'im so suicdal lately',
      'Ibland vill jag inte leva längre',
      'Snart tar jag livet av mig',
      'jag vill ta livet av mej',
    ])
      expect(isCrisis(text)).toBe(true);
  });

  it('lets look-alikes pass', () => {
    for (const text of [
      'dying to try that place',
      'this deadline is killing me',
      'I don’t want to die without seeing Japan',
      'jag dör av skratt',
      'ta livet lite lugnare',
      'Det här jobbet tar livet av mig',
      'I cut myself while cooking',
      'Jag skar mig på kniven',
    ]) {
      expect(isCrisis(text)).toBe(false);
    }
  });

  it('stays fast on long and hostile input', () => {
    const hostile = [
      'a'.repeat(20_000),
      'i want to '.repeat(2_000),
      'vill '.repeat(4_000),
      `${'no '.repeat(3_000)}die`,
    ];
    for (const text of hostile) {
      const started = performance.now();
      assessCrisis(text);
      // Generous for a busy machine: a backtracking pattern would take seconds here.
      expect(performance.now() - started).toBeLessThan(1_000);
    }
  });

  it('refuses a malformed pattern or an unknown class when the lexicon loads', () => {
    const base: LexiconFile = {
      replacements: {},
      keywords: [],
      negators: ['not'],
      negationFillers: [],
      clauseBreaks: [],
      entries: [],
      exclusions: [],
    };
    expect(() =>
      compileLexicon('en', { ...base, entries: [{ pattern: '(want|need to die', class: 'direct', severity: 'high' }] }),
    ).toThrow(/missing \)/);
    expect(() =>
      compileLexicon('en', { ...base, entries: [{ pattern: 'die', class: 'other' as never, severity: 'high' }] }),
    ).toThrow(/unknown class/);
  });

  it('normalises contractions, accents and clause ends, and corrects one-edit typos of key words only', () => {
    const lexicon = compileLexicon('en', {
      replacements: { "i'm": 'i am', wanna: 'want to' },
      keywords: ['suicidal'],
      negators: ['not'],
      negationFillers: [],
      clauseBreaks: [],
      entries: [],
      exclusions: [],
    });
    expect(normalise('I’m SO sucidal, wanna go.', lexicon)).toBe(' i am so suicidal | want to go | ');
    expect(withinOneEdit('myslef', 'myself')).toBe(true);
    expect(withinOneEdit('homeless', 'hopeless')).toBe(true);
    expect(withinOneEdit('himself', 'myself')).toBe(false);
  });

  it('reads a Swedish negation after the verb as a denial, never as risk', () => {
    for (const text of [
      'Jag vill inte dö, jag vill bara att stressen ska sluta.',
      'Jag har aldrig tänkt ta mitt liv.',
    ]) {
      const assessment = assessCrisis(text);
      expect({ text, risk: assessment.risk, denied: assessment.denials.length > 0 }).toEqual({
        text,
        risk: 'none',
        denied: true,
      });
    }
    expect(assessCrisis('Jag vill dö.').risk).toBe('crisis');
  });
});
