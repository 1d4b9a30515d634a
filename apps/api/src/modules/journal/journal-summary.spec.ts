import { clinicianOf, offlineJournalSummary, utterancesOf } from './journal-summary';
import { sanitizeSummaryHtml } from './summary-sanitiser';

const TRANSCRIPT = [
  'Therapist: How has the week been?',
  'Client: I have been sleeping badly and I feel anxious about my job. My manager adds deadlines every day.',
  'Client: My daughter noticed that I am tired. I want to take a walk every lunch break.',
  'Therapist: We agreed to look at the deadlines next session.',
].join('\n');

describe('utterancesOf', () => {
  it('splits the transcript into sentences with the speaker of each line', () => {
    expect(utterancesOf(TRANSCRIPT).slice(0, 3)).toEqual([
      { speaker: 'Therapist', sentence: 'How has the week been?' },
      { speaker: 'Client', sentence: 'I have been sleeping badly and I feel anxious about my job.' },
      { speaker: 'Client', sentence: 'My manager adds deadlines every day.' },
    ]);
  });

  it('works without speaker labels and does not take a clause for one', () => {
    expect(utterancesOf('The point is: I cannot sleep. It is hard.')).toEqual([
      { speaker: null, sentence: 'The point is: I cannot sleep.' },
      { speaker: null, sentence: 'It is hard.' },
    ]);
  });
});

describe('offlineJournalSummary', () => {
  it('is a structured draft in English: title, overview, themes, what was said, follow-ups', () => {
    const html = offlineJournalSummary(TRANSCRIPT, 'en');
    expect([...html.matchAll(/<(h2|h3)>([^<]+)<\/\1>/g)].map((m) => m[2])).toEqual([
      'Journal summary',
      'Presenting concerns',
      'What was said',
      'Plan',
    ]);
    expect(html).toContain('with 2 speakers (Therapist and Client)');
    expect(html).toContain('<li><strong>Work</strong>: mentioned 2 times</li>');
    expect(html).toContain('<li><strong>Family</strong>: mentioned once</li>');
    expect(html).toContain('<li><strong>Worry and anxiety</strong>: mentioned once</li>');
    expect(html).toContain('<li><strong>Tiredness and exhaustion</strong>: mentioned once</li>');
    // Word counts are noise, not themes.
    expect(html).not.toContain('Recurring words');
    expect(html).toContain(
      '<li><strong>Client:</strong> “I have been sleeping badly and I feel anxious about my job.”</li>',
    );
    expect(html).toContain(
      '<li>Agreed or intended: <strong>Client:</strong> “I want to take a walk every lunch break.”</li>',
    );
    expect(html).toContain(
      '<li>For the next session: <strong>Therapist:</strong> “We agreed to look at the deadlines next session.”</li>',
    );
    expect(html).toContain('<li>Check in on worry and anxiety at the next session.</li>');
    // A follow-up is not listed again under what was said.
    const said = html.slice(html.indexOf('What was said'), html.indexOf('Plan'));
    expect(said).not.toContain('lunch break');
  });

  it('is in Swedish for sv', () => {
    const html = offlineJournalSummary(
      'Klient: Jag är ledsen och sover dåligt. Jag ska prata med min chef i morgon.',
      'sv',
    );
    expect([...html.matchAll(/<(h2|h3)>([^<]+)<\/\1>/g)].map((m) => m[2])).toEqual([
      'Journalsammanfattning',
      'Aktuella besvär',
      'Vad som sades',
      'Plan',
    ]);
    expect(html).toContain('<li><strong>Ledsenhet</strong>: nämns en gång</li>');
    expect(html).toContain(
      'Överenskommet eller planerat: <strong>Klient:</strong> ”Jag ska prata med min chef i morgon.”',
    );
  });

  it('says so when there are no themes or follow-ups', () => {
    const html = offlineJournalSummary('Hello. Good to see you.', 'en');
    expect(html).toContain('<p>No clear themes could be found in the transcript.</p>');
    expect(html).toContain('<p>No follow-ups were agreed in the transcript.</p>');
  });

  it('puts risk the client expressed under a Risk heading after the overview, quoted', () => {
    const html = offlineJournalSummary('Client: Sometimes I think about suicide. I will call my sister.', 'en');
    expect([...html.matchAll(/<(h2|h3)>([^<]+)<\/\1>/g)].map((m) => m[2])).toEqual([
      'Journal summary',
      'Risk',
      'Presenting concerns',
      'What was said',
      'Plan',
    ]);
    expect(html).toContain(
      '<h3>Risk</h3><ul><li><strong>Risk expressed.</strong> Client said: “Sometimes I think about suicide.”</li><li><strong>Assess the risk and document the safety plan.</strong></li></ul>',
    );
  });

  it('notes risk that was asked about and denied, without flagging it', () => {
    const html = offlineJournalSummary(
      'Therapist: Have you had any thoughts of suicide?\nClient: No, I don’t want to die. I want to feel less tired.',
      'en',
    );
    expect(html).toContain(
      '<h3>Risk</h3><ul><li>Asked about suicidal thoughts; denied: “No, I don’t want to die.”</li></ul>',
    );
    expect(html).not.toContain('Risk expressed');
    expect(html).not.toContain('Assess the risk');
  });

  it('notes a spontaneous denial as a denial, and a Swedish expression as risk', () => {
    expect(offlineJournalSummary('Client: I don’t want to die, I just want the stress to stop.', 'en')).toContain(
      '<li>Denied suicidal thoughts: “I don’t want to die, I just want the stress to stop.”</li>',
    );
    const swedish = offlineJournalSummary(
      'Terapeut: Har du haft tankar på att ta ditt liv?\nKlient: Ja, ibland vill jag inte leva längre.',
      'sv',
    );
    expect(swedish).toContain('<strong>Uttryckt risk.</strong> Klient sa: ”Ja, ibland vill jag inte leva längre.”');
    const denied = offlineJournalSummary(
      'Terapeut: Har du haft självmordstankar?\nKlient: Nej, inga sådana tankar.',
      'sv',
    );
    expect(denied).toContain('<li>Tillfrågad om självmordstankar; förnekar: ”Nej, inga sådana tankar.”</li>');
  });

  it('reads a clinician’s second-person question as asking about risk, in both languages', () => {
    expect(
      offlineJournalSummary('Therapist: Have you had thoughts of killing yourself?\nClient: No, never.', 'en'),
    ).toContain('<li>Asked about suicidal thoughts; denied: “No, never.”</li>');
    expect(offlineJournalSummary('T: Har du tänkt på att ta ditt liv?\nK: Nej.', 'sv')).toContain(
      '<li>Tillfrågad om självmordstankar; förnekar: ”Nej.”</li>',
    );
    expect(
      offlineJournalSummary(
        'Therapist: Do you ever want to hurt yourself?\nClient: Yes, I cut myself last week.',
        'en',
      ),
    ).toContain('<strong>Risk expressed.</strong> Client said: “Yes, I cut myself last week.”');
  });

  it('has no Risk section when risk never came up, also for idioms', () => {
    const html = offlineJournalSummary('Client: This deadline is killing me. I am dying to take a holiday.', 'en');
    expect(html).not.toContain('<h3>Risk</h3>');
  });

  it('escapes the transcript and passes the sanitiser unchanged', () => {
    const html = offlineJournalSummary(
      'Client: I typed <img src=x onerror=alert(1)> & "quotes" about my stressful work week.',
      'en',
    );
    expect(html).not.toMatch(/<img/);
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; &quot;quotes&quot;');
    expect(sanitizeSummaryHtml(html)).toBe(html);
  });
});

describe('offlineJournalSummary: the facts clinicians record', () => {
  const ENGLISH = [
    'Therapist: How would you rate your mood this week?',
    'Client: About 4 out of 10, down from 6–7 last month.',
    'Client: I have been drinking three glasses of wine every evening.',
    'Therapist: Will you try to go to bed before eleven?',
    'Client: Maybe, I am not sure.',
    'Therapist: Until next time, could you write down three things that went well each day?',
    'Client: Yes, I can do that.',
  ].join('\n');

  it('lists ratings, substances with amounts and agreed homework, quoted with their speakers', () => {
    const html = offlineJournalSummary(ENGLISH, 'en');
    expect(html).toContain(
      '<h3>Mood and ratings</h3><ul><li><strong>Client:</strong> “About 4 out of 10, down from 6–7 last month.”</li></ul>',
    );
    expect(html).toContain(
      '<h3>Substances</h3><ul><li><strong>Client:</strong> “I have been drinking three glasses of wine every evening.”</li></ul>',
    );
    expect(html).toContain(
      '<h3>Agreed homework</h3><ul><li><strong>Therapist:</strong> “Until next time, could you write down three things that went well each day?” – agreed: <strong>Client:</strong> “Yes, I can do that.”</li></ul>',
    );
  });

  it('never files a therapist’s question as an agreement', () => {
    const html = offlineJournalSummary(ENGLISH, 'en');
    expect(html).not.toMatch(/Agreed or intended: <strong>Therapist:<\/strong> “Will you try/);
    expect(html.slice(html.indexOf('Agreed homework'))).not.toContain('bed before eleven');
  });

  it('finds the same in Swedish', () => {
    const html = offlineJournalSummary(
      [
        'T: Hur skulle du skatta ditt mående?',
        'K: Ungefär fyra av tio.',
        'K: Jag dricker två öl varje kväll.',
        'T: Till nästa gång, kan du prova att gå en promenad varje dag?',
        'K: Ja, det ska jag.',
      ].join('\n'),
      'sv',
    );
    expect(html).toContain(
      '<h3>Mående och skattningar</h3><ul><li><strong>K:</strong> ”Ungefär fyra av tio.”</li></ul>',
    );
    expect(html).toContain(
      '<h3>Substanser</h3><ul><li><strong>K:</strong> ”Jag dricker två öl varje kväll.”</li></ul>',
    );
    expect(html).toContain('<h3>Överenskommen hemuppgift</h3>');
    expect(html).toContain('svar: <strong>K:</strong> ”Ja, det ska jag.”');
  });

  it('leaves the sections out when the transcript says nothing of them', () => {
    const html = offlineJournalSummary('Client: Work has been busy and I miss my friends.', 'en');
    expect(html).not.toMatch(/Mood and ratings|Substances|Agreed homework/);
  });
});

describe('offlineJournalSummary: note formats', () => {
  const SESSION = [
    'Therapist: How has your mood been this week, from 0 to 10?',
    'Client: About 4 out of 10, down from 6 last week. Work has been stressful and I drink two glasses of wine every evening.',
    'Therapist: It sounds like the evenings are hard. Let’s try a breathing exercise together.',
    'Client: That helped a little, my shoulders feel lighter.',
    'Therapist: Until next time, could you try the breathing exercise every evening?',
    'Client: Yes, I will.',
  ].join('\n');
  const headings = (html: string) => [...html.matchAll(/<h[23]>([^<]+)<\/h[23]>/g)].map((match) => match[1]);

  it('writes SOAP, DAP and BIRP notes under their headings, with the same facts', () => {
    expect(headings(offlineJournalSummary(SESSION, 'en', 'soap'))).toEqual([
      'SOAP note',
      'S – Subjective',
      'O – Objective',
      'A – Assessment',
      'P – Plan',
    ]);
    expect(headings(offlineJournalSummary(SESSION, 'en', 'dap'))).toEqual([
      'DAP note',
      'D – Data',
      'A – Assessment',
      'P – Plan',
    ]);
    expect(headings(offlineJournalSummary(SESSION, 'sv', 'birp'))).toEqual([
      'BIRP-anteckning',
      'B – Beteende',
      'I – Insats',
      'R – Respons',
      'P – Plan',
    ]);
    for (const format of ['structured', 'soap', 'dap', 'birp'] as const) {
      const html = offlineJournalSummary(SESSION, 'en', format);
      expect(html).toContain('About 4 out of 10, down from 6 last week.');
      expect(html).toContain('I drink two glasses of wine every evening.');
      expect(html).toContain('Let’s try a breathing exercise together.');
      expect(html).toContain('– agreed: <strong>Client:</strong> “Yes, I will.”');
      expect(sanitizeSummaryHtml(html)).toBe(html);
    }
  });

  it('puts the clinician’s interventions and the client’s response where BIRP wants them', () => {
    const html = offlineJournalSummary(SESSION, 'en', 'birp');
    const intervention = html.slice(html.indexOf('I – Intervention'), html.indexOf('R – Response'));
    const response = html.slice(html.indexOf('R – Response'), html.indexOf('P – Plan'));
    expect(intervention).toContain('<strong>Therapist:</strong> “Let’s try a breathing exercise together.”');
    expect(response).toContain('<strong>Client:</strong> “That helped a little, my shoulders feel lighter.”');
    expect(html.slice(html.indexOf('P – Plan'))).toContain('could you try the breathing exercise every evening?');
  });

  it('keeps Risk first in every format', () => {
    const risky = 'T: How are you?\nK: Jag vill inte leva längre.';
    for (const format of ['soap', 'dap', 'birp'] as const)
      expect(headings(offlineJournalSummary(risky, 'sv', format))[1]).toBe('Risk');
  });

  it('tells the clinician by label, or by who asks the questions', () => {
    expect(clinicianOf(utterancesOf('Client: Hi.\nTherapist: Hello?'))).toBe('Therapist');
    expect(clinicianOf(utterancesOf('K: Hej.\nA: Hur mår du?'))).toBe('A');
    expect(clinicianOf(utterancesOf('Anna: How are you?\nBo: Fine. And you?\nAnna: Why?\nBo: I slept.'))).toBe('Anna');
    expect(clinicianOf(utterancesOf('I slept badly. What now?'))).toBeNull();
  });
});
