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
    const tricky = parseSummary('<p># 3 sessions left</p><p>- not a list</p><p>2. not numbered</p><p>&gt; not a quote</p>');
    expect(toMarkdown(tricky)).toBe('\\# 3 sessions left\n\n\\- not a list\n\n2\\. not numbered\n\n\\> not a quote\n');
    expect(toPlainText(tricky)).toBe('# 3 sessions left\n\n- not a list\n\n2. not numbered\n\n> not a quote\n');
  });
});
