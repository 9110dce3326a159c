/**
 * Pages whose image address needs resolving, shared by the tests of both finders (the server's
 * api/src/scrape/html.test.ts and the in-page bookmarklet/src/find.test.ts) so both resolve them
 * the same way: each page's own picture, as an absolute address.
 */
export const PAGE_URL = 'https://news.example/section/story.html';

export const URL_CASES: Array<{ name: string; html: string; picture: string }> = [
  {
    name: 'a relative <img> address',
    html: '<body><article><img src="img/a.jpg" width="600" height="400" alt="A"></article></body>',
    picture: 'https://news.example/section/img/a.jpg',
  },
  {
    name: 'a protocol-relative og:image',
    html: '<head><meta property="og:image" content="//cdn.example/b.jpg"></head><body></body>',
    picture: 'https://cdn.example/b.jpg',
  },
  {
    name: 'an entity-encoded og:image',
    html: '<head><meta property="og:image" content="https://cdn.example/c.jpg?w=800&amp;h=600&#38;q=1"></head><body></body>',
    picture: 'https://cdn.example/c.jpg?w=800&h=600&q=1',
  },
  {
    name: 'a relative address under <base href>',
    html: '<head><base href="https://static.example/assets/"></head><body><img src="d.jpg" width="600" height="400" alt="D"></body>',
    picture: 'https://static.example/assets/d.jpg',
  },
  {
    name: 'an image only in <noscript>',
    html: '<body><article><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" data-lazy="1"><noscript><img src="/e.jpg" width="600" height="400" alt="E"></noscript></article></body>',
    picture: 'https://news.example/e.jpg',
  },
  {
    name: "an image only in JSON-LD (not the publisher's logo)",
    html: '<head><script type="application/ld+json">{"@context":"https://schema.org","@type":"NewsArticle","publisher":{"@type":"Organization","logo":{"@type":"ImageObject","url":"/logo.png"}},"image":{"@type":"ImageObject","url":"/f.jpg"}}</script></head><body></body>',
    picture: 'https://news.example/f.jpg',
  },
  {
    name: 'a JSON-LD image under <base href>, in a @graph',
    html: '<head><base href="https://static.example/x/"><script type="application/ld+json">{"@graph":[{"@type":"WebSite","name":"News"},{"@type":"Article","image":["g.jpg"]}]}</script></head><body></body>',
    picture: 'https://static.example/x/g.jpg',
  },
];

/**
 * A page with the site's chrome around its article (images.ts chromeKind): both finders' tests read it.
 * The site header, navigation and sidebar images are chrome; the article's own <header> and body are not.
 */
export const CHROME_PAGE = `<body>
  <div id="header"><img src="/theme/top.jpg" width="900" height="300"></div>
  <nav><img src="/nav/menu.jpg" width="400" height="300"></nav>
  <article><header><img src="/2024/05/lead.jpg" width="600" height="400"></header><p><img src="/2024/05/body.jpg" width="800" height="600"></p></article>
  <div class="sidebar-right"><img src="/2024/05/teaser.jpg" width="400" height="300"></div>
</body>`;
