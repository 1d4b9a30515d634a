import DOMPurify from 'dompurify';
import { JOURNAL_DROPPED_CONTENT_TAGS, JOURNAL_SUMMARY_TAGS } from '@clari/contracts';
import { parseSummary, toHtml, toHtmlDocument, toMarkdown, toPlainText } from './summary-html';

describe('the journal summary in the browser', () => {
  it('keeps only allowed elements, without attributes, and the text of everything else', () => {
    const nodes = parseSummary(
      '<h2 onclick="steal()">Summary</h2><script>alert(1)</script><p style="color:red">Slept <a href="javascript:alert(1)">badly</a><img src=x onerror="alert(1)"></p><style>p{}</style><svg><text>svg text</text></svg><ul><li>Work</li></ul>',
    );
    expect(toHtml(nodes)).toBe('<h2>Summary</h2><p>Slept badly</p><ul><li>Work</li></ul>');
  });

  it('never runs what it parses', () => {
    const win = window as unknown as { pwned?: boolean };
    parseSummary('<img src="x" onerror="window.pwned = true"><script>window.pwned = true</script>');
    expect(win.pwned).toBeUndefined();
  });

  it("passes the HTML through DOMPurify with the server's allow-list", () => {
    const sanitize = jest.spyOn(DOMPurify, 'sanitize');
    try {
      parseSummary('<p>Text</p>');
      expect(sanitize).toHaveBeenCalledWith(
        '<p>Text</p>',
        expect.objectContaining({
          ALLOWED_TAGS: [...JOURNAL_SUMMARY_TAGS],
          ALLOWED_ATTR: [],
          ALLOW_DATA_ATTR: false,
          ALLOW_ARIA_ATTR: false,
          FORBID_CONTENTS: [...JOURNAL_DROPPED_CONTENT_TAGS],
        }),
      );
    } finally {
      sanitize.mockRestore();
    }
  });

  it('drops script-like elements with their content against the known tricks', () => {
    const hostile = [
      '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
      '<svg><svg><script>alert(1)</script></svg>inner</svg>',
      '<TeXtArEa><p>x</p></textarea><select><option>o</option></select><object data="x.swf">fallback</object><embed src="x">',
      '<template><script>alert(1)</script>t</template><iframe srcdoc="<script>alert(1)</script>">i</iframe><xmp><b>x</b></xmp>',
      '<!-- <script>alert(1)</script> -->',
    ];
    for (const html of hostile) expect(toHtml(parseSummary(`${html}<p>after</p>`))).toBe('<p>after</p>');
    // The browser's parser reads these differently from the server's, but only ever as text or empty allowed elements.
    expect(
      toHtml(parseSummary('<noscript><p title="</noscript><img src=x onerror=alert(1)>"></p></noscript><p>after</p>')),
    ).toMatch(/^(<p><\/p>)?<p>after<\/p>$/);
    expect(toHtml(parseSummary('<![CDATA[<script>alert(1)</script>]]><p>after</p>'))).toBe(
      'alert(1)]]&gt;<p>after</p>',
    );
    expect(toHtml(parseSummary('<p data-x="1" aria-label="a" onclick="alert(1)">&#60;script&#62;</p>'))).toBe(
      '<p>&lt;script&gt;</p>',
    );
  });

  it('escapes text when writing HTML again', () => {
    expect(toHtml(parseSummary('<p>1 &lt; 2 &amp; "x"</p>'))).toBe('<p>1 &lt; 2 &amp; &quot;x&quot;</p>');
  });

  it('writes a standalone HTML document', () => {
    const html = toHtmlDocument(parseSummary('<h2>Journal summary</h2><p>Text</p>'), 'Journal <summary>', 'sv');
    expect(html).toContain('<html lang="sv">');
    expect(html).toContain('<meta charset="utf-8">');
    expect(html).toContain('<title>Journal &lt;summary&gt;</title>');
    expect(html).toContain('<body>\n<h2>Journal summary</h2><p>Text</p>\n</body>');
  });

  it('writes Markdown: headings, bullet and numbered lists, emphasis, quotes', () => {
    const nodes = parseSummary(
      '<h2>Journal summary</h2><p>Overview with <strong>bold</strong> and <em>italic</em> text.</p><h3>Themes</h3><ul><li><strong>Work</strong>: mentioned 2 times</li><li>Sleep</li></ul><h3>Follow-ups</h3><ol><li>Call on Monday</li><li>Check sleep</li></ol><blockquote>A quote</blockquote>',
    );
    expect(toMarkdown(nodes)).toBe(
      '## Journal summary\n\nOverview with **bold** and *italic* text.\n\n### Themes\n\n- **Work**: mentioned 2 times\n- Sleep\n\n### Follow-ups\n\n1. Call on Monday\n2. Check sleep\n\n> A quote\n',
    );
    expect(toPlainText(nodes)).toContain('- Work: mentioned 2 times');
  });

  it('gives nothing for an empty summary', () => {
    expect(parseSummary('   ')).toEqual([]);
    expect(toMarkdown([])).toBe('\n');
    // Paragraphs that start like Markdown blocks stay paragraphs, and read plainly as text.
    const tricky = parseSummary(
      '<p># 3 sessions left</p><p>- not a list</p><p>2. not numbered</p><p>&gt; not a quote</p>',
    );
    expect(toMarkdown(tricky)).toBe('\\# 3 sessions left\n\n\\- not a list\n\n2\\. not numbered\n\n\\> not a quote\n');
    expect(toPlainText(tricky)).toBe('# 3 sessions left\n\n- not a list\n\n2. not numbered\n\n> not a quote\n');
  });
});
