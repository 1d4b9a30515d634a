import { REFLECT_CLARIFY_PHRASE } from '@clari/contracts';
import { REFLECTION, SUMMARY, TAKEAWAY } from '../test-support/reflection-fixtures';
import {
  showClarify,
  summaryFlagAfterClarifyReply,
  summaryFlagAfterReply,
  summarySectionState,
  takeawaySectionState,
} from './summary-flag';

const reply = (extra: object = {}) => ({ reply: 'How did it feel?', ...extra });

describe('the summary flag (part 2 §4)', () => {
  it('turns true on a reply with a reflection_summary or mentioning the clarify phrase in any case, and never back to false', () => {
    expect(summaryFlagAfterReply(false, reply())).toBe(false);
    expect(summaryFlagAfterReply(false, reply({ reflection_summary: SUMMARY }))).toBe(true);
    expect(
      summaryFlagAfterReply(false, reply({ reply: `Write “${REFLECT_CLARIFY_PHRASE.en.toUpperCase()}” when ready.` })),
    ).toBe(true);
    expect(summaryFlagAfterReply(false, reply({ reply: `Skriv ${REFLECT_CLARIFY_PHRASE.sv.toLowerCase()}.` }))).toBe(
      true,
    );
    expect(summaryFlagAfterReply(true, reply())).toBe(true);
  });

  it('after a Clarify click: stays true with a summary, goes back when Clari had nothing to summarise', () => {
    expect(summaryFlagAfterClarifyReply(true, reply({ reflection_summary: SUMMARY }), REFLECTION)).toBe(true);
    expect(summaryFlagAfterClarifyReply(true, reply(), REFLECTION)).toBe(false);
    expect(summaryFlagAfterClarifyReply(true, reply(), { content: 'Already written' })).toBe(true);
  });

  it('decides what the sections show: the card, Processing... once requested, else the empty texts', () => {
    expect(summarySectionState(REFLECTION, false)).toBe('empty');
    expect(summarySectionState(REFLECTION, true)).toBe('processing');
    expect(summarySectionState({ content: '  ' }, true)).toBe('processing');
    expect(summarySectionState({ content: 'Text' }, true)).toBe('content');
    expect(takeawaySectionState([], REFLECTION, false)).toBe('empty');
    expect(takeawaySectionState([], REFLECTION, true)).toBe('processing');
    expect(takeawaySectionState([], { content: 'Text' }, true)).toBe('empty');
    expect(takeawaySectionState([TAKEAWAY], REFLECTION, false)).toBe('content');
  });

  it('shows Clarify only without a summary, for an existing reflection that is not being created', () => {
    expect(showClarify({ flag: false, reflectionExists: true, creating: false })).toBe(true);
    expect(showClarify({ flag: true, reflectionExists: true, creating: false })).toBe(false);
    expect(showClarify({ flag: false, reflectionExists: false, creating: false })).toBe(false);
    expect(showClarify({ flag: false, reflectionExists: true, creating: true })).toBe(false);
  });
});
