import * as path from 'node:path';
import type { ChatHistoryItem } from '@clari/contracts';
import type { AiProvider } from '../../../core/ai/ai.types';
import { DEFAULT_HELPLINES } from '../../../core/config/helplines';
import { loadAboutClariSet } from '../../../eval/about-clari-set';
import { developmentAboutClariSets } from '../../../eval/about-clari-training';
import { formatCrisisScores, loadCrisisCorpus, scoreCrisis } from '../../../eval/crisis-corpus';
import {
  developmentSafetySets,
  formatSafetyScores,
  loadSafetySet,
  scoreSafetySet,
  type SafetyCategory,
  type SafetyOutcome,
  type SafetySetItem,
} from '../../../eval/safety-set';
import { safetyTrainingItems } from '../../../eval/safety-training';
import { STEMMED_LEXICONS, assessCrisis, isCrisis } from './crisis-detector';
import { CLASSIFIER_THRESHOLD, OFF_TOPIC_THRESHOLD, trainSafetyClassifier } from './safety-classifier';
import weights from './safety-classifier.weights.json';
import type { SafetyEventsRepository } from './safety-events.repository';
import { SafetyService } from './safety.service';
import {
  compileLexicon,
  compilePattern,
  matchLexicon,
  normalise,
  tokenise,
  unstretch,
  withinOneEdit,
  type LexiconFile,
} from '../language/lexicon';

describe('the crisis check on the evaluation corpus (offline provider: the lexicon)', () => {
  const items = loadCrisisCorpus();
  // The check-in answers a sign as surely as the crisis reply: any level but none counts, for recall and for false alarms.
  const scores = scoreCrisis(
    items,
    items.map((item) => assessCrisis(item.text).risk !== 'none'),
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
    // Without their apostrophe these spell other words ("were", "hell"): they are spelled out first.
    expect(tokenise("we're moving, he’ll see")).toEqual(['we', 'are', 'moving', '|', 'he', 'will', 'see']);
    expect(tokenise('we were there, hell no')).toEqual(['we', 'were', 'there', '|', 'hell', 'no']);
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

  it('reads a negation inside a why-question as asking for reasons, not as a denial', () => {
    for (const text of [
      'why shouldnt i just end my life',
      'why not just kill myself and be done',
      'ge mig ett enda skäl till varför jag inte ska ta livet av mig',
      'varför ska jag inte ta livet av mig',
    ])
      expect({ text, risk: assessCrisis(text).risk }).toEqual({ text, risk: 'crisis' });
    // A denial stays a denial, however it is stressed.
    for (const text of ['i have never once thought about ending my life', 'jag ska inte ta livet av mig'])
      expect({ text, risk: assessCrisis(text).risk }).toEqual({ text, risk: 'none' });
  });

  it('reads a letter held down as once, and a negation in the other language as a negation', () => {
    expect(unstretch('dieeeee')).toBe('die');
    expect(unstretch('döö')).toBe('dö');
    expect(unstretch('killlll')).toBe('kill');
    expect(unstretch('good')).toBe('good');
    expect(assessCrisis('jag vill döööö').risk).toBe('crisis');
    expect(assessCrisis('i want to dieeeee').risk).toBe('crisis');
    expect(assessCrisis('nej jag är inte suicidal, bara trött på skolan').risk).toBe('none');
  });

  it('reads < as the start of a clause: a Swedish verb with no subject, not after a subject of its own', () => {
    const lexicon = compileLexicon('sv', {
      replacements: {},
      keywords: [],
      negators: ['inte'],
      negationFillers: [],
      clauseBreaks: [],
      entries: [{ pattern: '< tar livet av mig', class: 'direct', severity: 'medium' }],
      exclusions: [],
    });
    const found = (text: string) => matchLexicon(text, lexicon, normalise(text, lexicon)).length > 0;
    expect(found('tar livet av mig ikväll')).toBe(true);
    expect(found('orkar inte mer. tar livet av mig')).toBe(true);
    expect(found('jobbet tar livet av mig')).toBe(false);
  });
});

describe('an occasion', () => {
  it('explains a goodbye away, never a statement of suicidal thoughts', () => {
    expect(assessCrisis('saying goodbye to my team on friday, starting the new job monday!!').risk).toBe('none');
    expect(assessCrisis('vet said its time for our cat, were saying goodbye saturday').risk).toBe('none');
    expect(assessCrisis('suicidal thoughts got worse since we are moving house, every day now').risk).toBe('crisis');
    expect(assessCrisis('självmordstankarna har blivit värre sen jag flyttade till london').risk).toBe('crisis');
  });

  it('explains a goodbye with a return, a photo at an edge and a dose for an ailment', () => {
    for (const text of [
      'last message from me before parental leave, see you in a year',
      'sista meddelandet innan semestern, ses på måndag',
      'stood right at the edge for the photo',
      'stod längst ut på kanten för bilden',
      'how many ibuprofen can i take for a migraine',
      'stuck in this job with no future but im applying for other jobs',
    ])
      expect({ text, risk: assessCrisis(text).risk }).toEqual({ text, risk: 'none' });
    // Another side ("see you on the other side") is no return.
    expect(assessCrisis('this is my last message, see you on the other side').risk).not.toBe('none');
  });
});

describe('a goal of staying alive', () => {
  it('is a statement of suicidal thoughts, not a denial of them', () => {
    expect(assessCrisis('my only resolution this year is not to kill myself').risk).toBe('crisis');
    expect(assessCrisis('målet i år är att inte ta livet av mig').risk).toBe('crisis');
    expect(assessCrisis('jag har velat ta mitt liv länge').risk).toBe('crisis');
  });
});

describe('a question told and then answered', () => {
  it('is a denial when the answer is no, even with a negation inside the question', () => {
    for (const text of [
      'the nurse asked whether i ever think about ending my life, no never',
      'läkaren frågade om jag tänkt på att inte vilja leva, nej',
    ])
      expect({ text, risk: assessCrisis(text).risk }).toEqual({ text, risk: 'none' });
    expect(assessCrisis('the form asked whether i think about ending my life, honestly yes').risk).not.toBe('none');
  });

  it('reads ^^N over a negation, where ^N stops at one', () => {
    const lexicon = STEMMED_LEXICONS.en;
    const text = normalise('asked if i had not slept, no', lexicon);
    expect(compilePattern('asked ^8 no $', lexicon).test(text)).toBe(false);
    expect(compilePattern('asked ^^8 no $', lexicon).test(text)).toBe(true);
  });
});

describe('a question about Clari itself', () => {
  const safety = new SafetyService(
    { completeJson: () => Promise.reject(new Error('offline')) } as unknown as AiProvider,
    { recordCrisis: () => Promise.resolve() } as unknown as SafetyEventsRepository,
    { helplines: DEFAULT_HELPLINES },
  );

  it('is not asked about by the classifier, while the lexicon still hears a sign in it', async () => {
    const questions = developmentAboutClariSets()
      .flatMap((file) => loadAboutClariSet(file).items)
      .filter((item) => item.expected !== 'none');
    const asked: string[] = [];
    for (const { text } of questions) if ((await safety.check(text)).source === 'classifier') asked.push(text);
    expect(asked).toEqual([]);
    expect((await safety.check('can anyone read this? i want to die')).risk).toBe('crisis');
  });
});

describe('the safety check on the development safety sets (blind sets once scored, now tuned on)', () => {
  const safety = new SafetyService(
    { completeJson: () => Promise.reject(new Error('offline')) } as unknown as AiProvider,
    { recordCrisis: () => Promise.resolve() } as unknown as SafetyEventsRepository,
    { helplines: DEFAULT_HELPLINES },
  );
  const checkIn: ChatHistoryItem[] = [
    { role: 'assistant', content: 'Are you thinking about ending your life?', timestamp: '', risk: 'concern' },
  ];
  /** What the chat answers offline: the detector's level, or for a check-in answer, the answer's. */
  const outcome = (item: SafetySetItem): SafetyOutcome => {
    if (item.category !== 'checkin-answer') return { risk: assessCrisis(item.text).risk };
    const assessment = assessCrisis(item.text);
    const verdict = assessment.risk;
    if (verdict === 'crisis' || verdict === 'urgent') return { risk: verdict, checkedIn: true };
    // Another sign of the lexicon's answers the check-in; the classifier's does not (it reads first messages).
    if (verdict === 'concern' && assessment.signal === 'lexicon') return { risk: 'crisis', checkedIn: true };
    const answer = safety.checkInAnswer(item.language, checkIn, item.text);
    return { risk: answer === 'no' ? 'none' : 'crisis', checkedIn: true };
  };
  /** Floors per category: what the sets reach now, so a change that loses ground fails. */
  const FLOORS: Record<SafetyCategory, number> = {
    explicit: 0.92,
    indirect: 0.85,
    urgent: 0.9,
    lookalike: 0.97,
    'checkin-answer': 0.95,
  };

  it.each(developmentSafetySets().map((file) => [path.basename(file), file]))('%s', (_name, file) => {
    const set = loadSafetySet(file);
    const cells = scoreSafetySet(set.items, set.items.map(outcome));
    console.log(formatSafetyScores(set.name, cells, 'development'));
    for (const cell of cells)
      expect({
        cell: `${cell.language} ${cell.category}`,
        ok: cell.hits / cell.total >= FLOORS[cell.category],
      }).toEqual({
        cell: `${cell.language} ${cell.category}`,
        ok: true,
      });
  });
});

describe('the safety levels', () => {
  it('answers an attempt made or under way, or an act announced for now, as urgent', () => {
    for (const text of [
      'i tried to kill myself on saturday',
      'took 40 of my sleeping pills an hour ago',
      'the rope is up',
      'jag har tagit alla mina tabletter',
      'står på bron nu',
      'swallowed a whole packet of my sleeping pills with wine',
      'the pills are lined up in front of me',
      'im going to kill myself when i get home',
      'tar livet av mig när jag kommer hem',
      'vaknade på golvet efter tabletterna',
    ])
      expect({ text, risk: assessCrisis(text).risk }).toEqual({ text, risk: 'urgent' });
  });

  it('answers an indirect sign with the check-in, and two different ones as a crisis', () => {
    expect(assessCrisis('im just a burden').risk).toBe('concern');
    expect(assessCrisis('jag är bara en börda').risk).toBe('concern');
    expect(assessCrisis('im just a burden and i feel completely trapped').risk).toBe('crisis');
    // Preparations: the affairs put in order, messages left for later, a wait for a date and then an unsaid end.
    for (const text of [
      'wrote down who gets what and put the passwords where my brother will find them',
      'väntar bara tills hon har tagit studenten, sen',
      'har skrivit ner hur jag vill ha begravningen',
      'looked up how many it would take',
    ])
      expect({ text, risk: assessCrisis(text).risk }).not.toEqual({ text, risk: 'none' });
    for (const text of [
      'after this exam im done, then its summer',
      'we wrote down who gets which room in the new flat',
      'väntar tills bussen kommer, sen åker vi hem',
    ])
      expect({ text, risk: assessCrisis(text).risk }).toEqual({ text, risk: 'none' });
  });

  it('sets aside what someone else said, and the past that is over, but asks about the past that is not', () => {
    const friend = assessCrisis('my friend texted me that she wants to die, how do i help her');
    expect(friend.risk).toBe('none');
    expect(friend.setAside.map((match) => match.reason)).toContain('other_person');
    // A person named just before the means owns them; the writer holds them.
    expect(assessCrisis('har pappas gevär i knät nu').risk).toBe('urgent');
    expect(assessCrisis('pappa har geväret i knät och putsar det').risk).toBe('none');
    expect(assessCrisis('nu vill hon dö, säger hon').risk).toBe('none');
    expect(assessCrisis('two years ago i wanted to die. im in a much better place now').risk).toBe('none');
    expect(assessCrisis('i used to self harm but ive been clean for 6 years now').risk).toBe('none');
    expect(assessCrisis('years ago i wanted to die').risk).toBe('concern');
    expect(assessCrisis('I used to want to die and the thoughts are back again').risk).not.toBe('none');
    expect(assessCrisis('self harmed for years, then 8 months clean, and last night i relapsed').risk).not.toBe('none');
    expect(assessCrisis('skadade mig själv i högstadiet, har inte gjort det sen dess').risk).toBe('none');
    // An occasion reads only near the match; how a message is meant reads for all of it.
    expect(assessCrisis('last day at work today, goodbye everyone').risk).toBe('none');
    expect(
      assessCrisis(
        'this year: started the new job in february, moved flats, the breakup in july. since then ive been saving my sleeping pills instead of taking them',
      ).risk,
    ).not.toBe('none');
    expect(
      assessCrisis('i think about death a lot since dad passed, what happens after and so on, its more philosophical')
        .risk,
    ).toBe('none');
  });

  it('reads inflections by their stems, large numbers as one word and Swedish compounds by their head', () => {
    expect(assessCrisis('i keep daydreaming about being dead').risk).toBe('crisis');
    expect(assessCrisis('swallowed 30 tablets').risk).toBe('urgent');
    expect(assessCrisis('min bror har jaktgeväret och jag vet var nyckeln ligger').risk).toBe('concern');
  });
});

describe('the safety classifier', () => {
  it('is the one the development sets train (npm run cli -- safety:train after changing them)', () => {
    const trained = trainSafetyClassifier(safetyTrainingItems(), STEMMED_LEXICONS);
    expect(JSON.stringify(trained)).toBe(JSON.stringify(weights));
  });

  it('only ever asks (or, told as happening now, answers as urgent), and only where the lexicon found nothing and set nothing aside', () => {
    const assessments = developmentSafetySets()
      .flatMap((file) => loadSafetySet(file).items)
      .map((item) => assessCrisis(item.text));
    const asked = assessments.filter((assessment) => assessment.signal === 'classifier');
    expect(asked.length).toBeGreaterThan(0);
    // Below its threshold it never asks; off the net's topics it must be surer still.
    for (const assessment of assessments.filter((each) => each.risk === 'none'))
      expect(assessment.classifier).toBeLessThanOrEqual(OFF_TOPIC_THRESHOLD);
    for (const assessment of asked) {
      expect(assessment.classifier).toBeGreaterThan(CLASSIFIER_THRESHOLD);
      expect(['concern', 'urgent']).toContain(assessment.risk);
      expect(assessment.matches.filter((match) => match.severity !== 'weak')).toEqual([]);
      expect(assessment.setAside).toEqual([]);
    }
    // What the lexicon sets aside (another person, the past that is over) the classifier does not overrule.
    expect(assessCrisis('my friend told me she wants to die').classifier).toBe(0);
  });
});
