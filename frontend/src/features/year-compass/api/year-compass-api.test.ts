import { normaliseSection } from './year-compass-api';

describe('normaliseSection', () => {
  it('accepts the older names navText and description (part 2 §3)', () => {
    expect(
      normaliseSection({ navText: 'Old nav', description: 'Old instruction', UiSectionTitle: 'Title', boxes: [] }, 4),
    ).toEqual({
      sectionNumber: 4,
      UiNavText: 'Old nav',
      UiSectionTitle: 'Title',
      UiSectionInstruction: 'Old instruction',
      boxes: [],
    });
  });

  it('prefers the current names when both are sent', () => {
    const section = normaliseSection(
      {
        sectionNumber: 2,
        UiNavText: 'New',
        navText: 'Old',
        UiSectionInstruction: 'Now',
        description: 'Then',
        UiSectionTitle: 'T',
        boxes: [],
      },
      2,
    );
    expect(section).toMatchObject({ UiNavText: 'New', UiSectionInstruction: 'Now' });
  });
});
