import { sanitizeSummaryHtml, summaryText } from './summary-sanitiser';

describe('sanitizeSummaryHtml', () => {
  it('keeps the allowed elements and their text', () => {
    const html =
      '<h2>Summary</h2><p>Slept <strong>badly</strong>, <em>worried</em>, <b>tired</b> and <i>low</i>.<br>New line.</p><h3>Themes</h3><ul><li>Work</li></ul><ol><li>One</li></ol><h4>Note</h4><blockquote>Quote</blockquote>';
    expect(sanitizeSummaryHtml(html)).toBe(html);
  });

  it('removes scripts, styles and other dangerous elements together with their content', () => {
    expect(sanitizeSummaryHtml('<p>Before</p><script>alert("x")</script><p>After</p>')).toBe(
      '<p>Before</p><p>After</p>',
    );
    expect(sanitizeSummaryHtml('<SCRIPT type="text/javascript">steal()</SCRIPT >ok')).toBe('ok');
    expect(
      sanitizeSummaryHtml(
        '<style>body{display:none}</style><iframe src="https://evil.example">x</iframe><svg onload="alert(1)"><circle/></svg><template><p>t</p></template>kept',
      ),
    ).toBe('kept');
    expect(sanitizeSummaryHtml('<p>a<script>never closed')).toBe('<p>a</p>');
    expect(sanitizeSummaryHtml('<script>var s = "</scriptx>";</script>after')).toBe('after');
  });

  it('removes every attribute: event handlers, style, class, href', () => {
    expect(sanitizeSummaryHtml('<h2 onclick="steal()" class="x" style="color:red">Title</h2>')).toBe('<h2>Title</h2>');
    expect(sanitizeSummaryHtml('<p onmouseover=\'alert(1)\' data-x="a > b">Text</p>')).toBe('<p>Text</p>');
    expect(sanitizeSummaryHtml('<li style="background:url(javascript:alert(1))">x</li>')).toBe('<li>x</li>');
  });

  it('unwraps links, images and other elements that are not allowed, so javascript: URLs go with them', () => {
    expect(
      sanitizeSummaryHtml('<p>See <a href="javascript:alert(1)">this</a> <img src="x" onerror="alert(1)"> now</p>'),
    ).toBe('<p>See this  now</p>');
    expect(sanitizeSummaryHtml('<div><span>Inside</span></div><p>Next</p>')).toBe(' Inside <p>Next</p>'.trim());
    expect(sanitizeSummaryHtml('<A HREF="JaVaScRiPt:alert(1)">x</A>')).toBe('x');
  });

  it('drops comments, doctypes and processing instructions', () => {
    expect(
      sanitizeSummaryHtml('<!DOCTYPE html><!-- <script>alert(1)</script> --><?xml version="1.0"?><p>Text</p>'),
    ).toBe('<p>Text</p>');
  });

  it('escapes text so a stray < or & never starts markup, and decodes entities once', () => {
    expect(sanitizeSummaryHtml('<p>1 < 2 & 3 > 2</p>')).toBe('<p>1 &lt; 2 &amp; 3 &gt; 2</p>');
    expect(
      sanitizeSummaryHtml(
        '<p>&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quoted&quot; &#39;x&#39; &#x27;y&#x27;</p>',
      ),
    ).toBe('<p>&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quoted&quot; &#39;x&#39; &#39;y&#39;</p>');
    // A broken tag is swallowed whole; what follows is only text.
    expect(sanitizeSummaryHtml('<scr<script>ipt>alert(1)</script>')).toBe('ipt&gt;alert(1)');
  });

  it('produces well-formed output: closes what is open, ignores stray closing tags, never nests blocks in paragraphs', () => {
    expect(sanitizeSummaryHtml('<ul><li>One<li>Two</ul>')).toBe('<ul><li>One</li><li>Two</li></ul>');
    expect(sanitizeSummaryHtml('<p><strong>Bold</p></strong></em>text')).toBe('<p><strong>Bold</strong></p>text');
    expect(sanitizeSummaryHtml('<p>Para<h3>Heading</h3>')).toBe('<p>Para</p><h3>Heading</h3>');
    expect(sanitizeSummaryHtml('<h2>Open')).toBe('<h2>Open</h2>');
    expect(sanitizeSummaryHtml('<p></p><strong> </strong><p>x</p>')).toBe('<p>x</p>');
  });

  it('leaves plain text as escaped text', () => {
    expect(sanitizeSummaryHtml('Just "text" & more')).toBe('Just &quot;text&quot; &amp; more');
  });
});

describe('summaryText', () => {
  it('decodes named and numeric references once', () => {
    expect(summaryText('<p>&amp;&lt;&gt;&quot;&apos;&#65;&#x42;&unknown; &amp;lt;</p>')).toBe('&<>"\'AB&unknown; &lt;');
  });

  it('gives the visible text of summary HTML', () => {
    expect(summaryText('<h2>Title</h2><p>A &amp; B</p>')).toBe('Title A & B');
    expect(summaryText('<p></p>')).toBe('');
    expect(summaryText('<p>&nbsp;</p><script>text</script>')).toBe('');
  });
});

describe('sanitizeSummaryHtml against more hostile input', () => {
  it('drops every script-like element with its content, however it is nested or cased', () => {
    expect(
      sanitizeSummaryHtml('<noscript><p title="</noscript><img src=x onerror=alert(1)>"></p></noscript>after'),
    ).toBe('after');
    expect(
      sanitizeSummaryHtml(
        '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>after',
      ),
    ).toBe('after');
    expect(sanitizeSummaryHtml('<svg><svg><script>alert(1)</script></svg>inner</svg>after')).toBe('after');
    expect(
      sanitizeSummaryHtml(
        '<TeXtArEa><p>x</p></textarea><select><option>o</option></select><object data="x.swf">fallback</object><embed src="x">after',
      ),
    ).toBe('after');
    expect(
      sanitizeSummaryHtml(
        '<iframe srcdoc="<script>alert(1)</script>"></iframe><frameset><frame src="x"></frameset><xmp><b>x</b></xmp><canvas>c</canvas>after',
      ),
    ).toBe('after');
    expect(
      sanitizeSummaryHtml(
        '<template><script>alert(1)</script></template><noembed>n</noembed><noframes>f</noframes><applet>a</applet>after',
      ),
    ).toBe('after');
  });

  it('keeps entity-encoded markup as text and never decodes twice', () => {
    expect(sanitizeSummaryHtml('<p>&#60;script&#62;alert(1)&#60;/script&#62;</p>')).toBe(
      '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>',
    );
    expect(sanitizeSummaryHtml('<p>&amp;lt;b&amp;gt;</p>')).toBe('<p>&amp;lt;b&amp;gt;</p>');
  });

  it('drops comments that hide markup, closed or not, and CDATA sections', () => {
    expect(sanitizeSummaryHtml('<p>a</p><!-- <script>alert(1)</script>')).toBe('<p>a</p>');
    expect(sanitizeSummaryHtml('<![CDATA[<script>alert(1)</script>]]><p>b</p>')).toBe('<p>b</p>');
  });

  it('lower-cases allowed elements, drops control characters, and keeps no internal marker', () => {
    expect(sanitizeSummaryHtml('<P>x</P><BR><UL><LI>y</LI></UL>')).toBe('<p>x</p><br><ul><li>y</li></ul>');
    expect(sanitizeSummaryHtml('<p>a&#1;b\u0007c&#x7f;d&#0;e</p>')).toBe('<p>abcde</p>');
    expect(sanitizeSummaryHtml('<clari-gap onclick="alert(1)">a</clari-gap>')).toBe('a');
  });

  it('lets no attribute through on any allowed element, whatever the quoting', () => {
    for (const tag of ['h2', 'h3', 'h4', 'p', 'ul', 'ol', 'li', 'strong', 'em', 'b', 'i', 'blockquote']) {
      expect(
        sanitizeSummaryHtml(
          `<${tag} onclick=alert(1) style=x title='"><script>alert(1)</script>' cite="javascript:alert(1)">t</${tag}>`,
        ),
      ).toBe(`<${tag}>t</${tag}>`);
    }
    expect(sanitizeSummaryHtml('<br onclick="alert(1)">')).toBe('<br>');
  });
});
