import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { gunzipSync, gzipSync } from 'node:zlib';
import { load, type CheerioAPI } from 'cheerio';
import { getDomain } from 'tldts';
import {
  type Category,
  type Expectation,
  type Git,
  type Kind,
  type Source,
  EXPECTATIONS_FILE,
  PAGES_DIR,
  SPLIT_FILE,
  TEST_SHARE,
  decodePage,
  openMirror,
  pageOf,
  readExpectations,
  splitOf,
} from './corpus.js';

type Labelled = Omit<Expectation, 'file' | 'site' | 'kinds'>;

/**
 * Drafts bench/realpages/expectations.json from the mirrors (`npx tsx bench/realpages/label.ts`), by the
 * labelling rule in docs/decisions.md 'Real pages: the image finders on pages nobody here wrote':
 * the image the page itself declares as its picture (share card, schema.org), unless that is the site's
 * logo or a default; else, by hand (BY_HAND below), the lead image of the article body.
 * It never reads the finders: the labels must not lean on what is being measured.
 */

const READABILITY_BASE = 'http://fakehost/test/page.html';

/**
 * Checked by hand, page by page (the rule's second half): the lead image of the article body where the
 * page declares none or only its logo, a declared image the file-name rule took for a logo but that is
 * the story's own picture, and pages with no main image at all (null: left out, nothing to judge).
 */
const BY_HAND: Record<string, { expected: string[] | null; note: string; category?: Category }> = {
  'portia:radioshack/0132-4477-abf9': {
    expected: ['https://radioshack.com.eg/image/cache/data/img_09_2016/60-0929-420x360.jpg'],
    note: 'a product page that declares nothing; the product photo',
    category: 'shop',
  },
  'portia:radioshack/a958-4c4f-86d2': {
    expected: ['https://radioshack.com.eg/image/cache/data/img_09_2016/60-0928-420x360.png'],
    note: 'a product page that declares nothing; the product photo',
    category: 'shop',
  },
  'portia:radioshack/dc29-4a20-bf13': {
    expected: ['https://radioshack.com.eg/image/cache/data/img_6_2014/63-08783-420x360.jpg'],
    note: 'a product page that declares nothing; the product photo',
    category: 'shop',
  },
  'portia:seedsofchange-1': {
    expected: ['http://www.seedsofchange.com/images/product_shots/PPS14165B.jpg'],
    note: 'a product page that declares nothing; the product photo',
    category: 'shop',
  },
  'portia:seedsofchange2-0': {
    expected: ['http://www.seedsofchange.com/images/product_shots/PPS15978B.jpg'],
    note: 'a product page that declares nothing; the product photo',
    category: 'shop',
  },
  'readability:001': { expected: ['http://fakehost/static/code/2013/blanket-coverage.png'], note: 'no declared image; the lead figure of the post' },
  'readability:daringfireball-1': { expected: ['http://fakehost/graphics/author/addison-bw-425.jpg'], note: 'the only picture of the page, its subject' },
  'readability:dev418': { expected: ['http://fakehost/test/florian-giorgio-P1U7-ZgKeOM-unsplash.jpg'], note: 'the header photo of the post' },
  'readability:gmw': { expected: ['http://imgtech.gmw.cn/attachement/jpg/site2/20170310/448a5bc1e2861a2c4e5929.jpg'], note: 'first photo of the article' },
  'readability:hukumusume': { expected: ['http://fakehost/gazou/pc_gazou/aesop/aesop052.jpg'], note: 'the illustration of the fable' },
  'readability:lazy-image-3': {
    expected: ['https://p3-juejin.byteimg.com/tos-cn-i-k3u1fbpfcp/0579d17015b145a88dd93992c6447d7d~tplv-k3u1fbpfcp-watermark.jpg'],
    note: 'first figure of the post',
  },
  'readability:lwn-1': { expected: ['http://fakehost/images/2015/03-qgis-map-sm.png'], note: 'first figure of the article' },
  'readability:qq': { expected: ['http://img1.gtimg.com/tech/pics/hv1/168/240/2140/139214868.jpg'], note: 'the article photo' },
  'readability:wikipedia': {
    expected: ['http://upload.wikimedia.org/wikipedia/commons/thumb/5/5c/Mozilla_dinosaur_head_logo.png/200px-Mozilla_dinosaur_head_logo.png'],
    note: "the infobox image: the article's subject is the organisation, so its logo is the main image",
  },
  'readability:youth': { expected: ['http://fakehost/test/W020170310313653868929.jpg'], note: 'first photo of the article' },
  'readability:simplyfound-1': {
    expected: ['https://d34hb2g9mvfppu.cloudfront.net/m/images/cache/images/2016/02/29/apcnews2012raspberry_pi_logo_mainimage8_jpg8_322_27630a8388eb_lg.jpg'],
    note: "declared; 'logo' in its name is the story's subject (Raspberry Pi), an upload of the day",
  },
  'readability:tumblr': { expected: null, note: "declared image is the site's default share card; no picture of its own" },
  'readability:yahoo-4': { expected: null, note: "declared image is the site's icon; no picture of its own" },
  'newspaper:backstage.com1': { expected: null, note: "declared image is the site's icon; no picture of its own" },
  'newspaper:yahoo_main_site': { expected: null, note: 'a home page; declared image is the default' },
  'newspaper:details.com1': { expected: null, note: "declared image is the magazine's subscription cover, on every page" },
  'trafilatura:spreeblick.com.habeck': { expected: null, note: "declared image is the site's emblem" },
  'trafilatura:rechtambild.de.kochbuch': { expected: null, note: 'declared image is the site-wide facebook.jpg' },
  'trafilatura:viehbacher.com.steuerrecht': { expected: null, note: 'declared image is the site-wide facebook.png' },
  'trafilatura:telemedicus.info.rezension': { expected: null, note: 'declared image is the site-wide preview card' },
  'trafilatura:lemire.me.json': { expected: null, note: "declared image is the author's portrait, on every post" },
  'trafilatura:reuters.com.parasite': { expected: null, note: 'declared image is a broken address (a folder)' },
  'recipe-scrapers:theicecreamconfectionals.com/theicecreamconfectionals_1': { expected: null, note: 'declared image is the site icon' },
  'embed:www.youtube.com.watch.878f5352b6f0e632a763ebf05fb48b16': {
    expected: ['https://i.ytimg.com/vi/eiHXASgRTcA/hqdefault.jpg'],
    note: "declared; 'hqdefault' is the name of the video's own thumbnail, not a default image",
  },
  'embed:pachunka.deviantart.com.art-cope-145564099': {
    expected: null,
    note: 'the page asks not to be saved from (pinterest nopin): both finders rightly offer nothing',
  },
  'embed:www.deviantart.com.art-misty-510056679': {
    expected: null,
    note: 'the page asks not to be saved from (pinterest nopin): both finders rightly offer nothing',
  },
  'embed:pastebin.com.d4biutrm': { expected: null, note: 'declared image is the site-wide facebook.png' },
  'embed:www.aol.com.video-view-pile-of-recovering-foster-kittens-is-purrfect-595fe75985eb42109b69bedb': {
    expected: null,
    note: "declared image is the site's og-image.png; the saved page has no video of its own",
  },
  'embed:www.spreaker.com.user-angelclark-angel-clark-ice-cream-tocos': { expected: null, note: 'declared image is the site-wide og_image.jpg' },
  'embed:www.ustream.tv.channel-red-shoes-billiards-60803-camera-1': { expected: null, note: 'declared image is the site-wide facebook-share card' },
  'embed:polldaddy.com.poll-7012505': { expected: null, note: 'declared image is the site-wide twitter-card.png' },
  'embed:gist.github.com.oscarotero-7749998': { expected: null, note: 'declared image is the site-wide gist card' },
  'embed:chirb.it.7a9l9b': { expected: null, note: 'declared image is the site-wide chirbit_fbpic.png' },
  'embed:www.wired.com..1202600986b37d2c6a30336f82c671f8': { expected: null, note: "declared image is the magazine's emblem (wired_bug); a home page" },
  'embed:ideone.com.whjntg': { expected: null, note: "declared image is the site's own profile picture" },
  'embed:github.com.benbalter-dc-wifi-social-blob-master-bars.geojson': { expected: null, note: "a code file; its declared image is its owner's avatar" },
  'embed:github.com.oscarotero-embed-blob-master-composer.json': { expected: null, note: "a code file; its declared image is its owner's avatar" },
  'fathom-products:lampsplus': {
    expected: [
      'http://images.lampsplus.com/is/image/b9gt8/n9259?qlt=70&wid=480&hei=480&fmt=jpeg',
      'http://images.lampsplus.com/is/image/b9gt8/n9259?qlt=70&wid=480&hei=480&fmt=jpeg&resMode=sharp2&op_usm=2,0.3,3',
    ],
    note: "the bulb's photo; the declared lampsplus-300x300.png is the shop's own card",
    category: 'shop',
  },
  'node-ytdl-core:youtube-LuZu9N53Vd0': { expected: null, note: 'an adult video (its tests keep it for the age gate): not a page for this corpus' },
  'embed:github.com.skalnik-secret-bear-clip-blob-master-stl-clip.stl': { expected: null, note: "a code file; its declared image is its owner's avatar" },
  'readability:aclu': {
    expected: [
      'https://www.aclu.org/sites/default/files/styles/metatag_og_image_1200x630/public/field_share_image/web18-facebook-socialshare-1200x628-v02.png?itok=p77cQjOm',
      'https://www.aclu.org/sites/default/files/field_image/web18-facebook-1160x768.jpg',
    ],
    note: 'declared: the share card made for this article and the article image',
  },
  'recipe-scrapers:rutgerbakt.nl/rutgerbakt_1': {
    expected: [
      'https://rutgerbakt.nl/wp-content/uploads/2020/10/arretjescake-scaled-1200x630-c-default.jpg',
      'https://rutgerbakt.nl/wp-content/uploads/2020/10/arretjescake-scaled.jpg',
    ],
    note: "declared; '-c-default' in its name is the crop's, not a default image",
  },
  'trafilatura:franziska-elea.de.vuitton': {
    expected: [
      'http://www.franziska-elea.de/wp-content/uploads/2019/02/Outfit-Louis-Vuitton-Palm-Springs-Mini-Rucksack-LV-Monogramm-Winter-Outfit-Mode-Blogger-Influencer-aus-K%C3%B6ln-1080x635.jpg',
      'http://www.franziska-elea.de/wp-content/uploads/2019/02/Outfit-Louis-Vuitton-Palm-Springs-Mini-Rucksack-LV-Monogramm-Winter-Outfit-Mode-Blogger-Influencer-aus-K%C3%B6ln-1080x635@2x.jpg',
    ],
    note: 'no declared image; the first outfit photo, at either of its srcset resolutions',
  },
  'readability:nytimes-5': { expected: null, note: 'a section front of promos; its declared image is the default promo crop' },
  'readability:wikipedia-3': { expected: null, note: 'only formulas (SVG)' },
  'readability:base-url': { expected: null, note: 'a synthetic test page' },
  'readability:base-url-base-element': { expected: null, note: 'a synthetic test page' },
  'readability:base-url-base-element-relative': { expected: null, note: 'a synthetic test page' },
  'readability:data-url-image': { expected: null, note: 'a synthetic test page' },
  'readability:clean-links': { expected: null, note: 'a 38 px icon only' },
  'readability:table-style-attributes': { expected: null, note: 'decorative gifs only' },
  'readability:lifehacker-post-comment-load': { expected: null, note: 'the same article as lifehacker-working' },
  'newspaper:coolhunting.com2': { expected: null, note: 'the same article as coolhunting.com1' },
  'newspaper:bostonherald.com1': {
    expected: [
      'http://www.bostonherald.com/sites/default/files/styles/full/public/media/ap/544d821ca7e14a199c3247b449ab2a7e.jpg?itok=0ABjbYlU&c=106f597d84c9f0827ef87ff0f7254847',
    ],
    note: 'no declared image; the article photo',
  },
  'newspaper:bostonherald.com2': {
    expected: [
      'http://www.bostonherald.com/sites/default/files/styles/default/public/media/2014/12/17/f645ad45a591c4a717067dcdf6c9ffd6.jpg?itok=fL6PxSzP&c=f36d32d0df7da27c28b6589a34ce07a8',
    ],
    note: 'no declared image; the article photo',
  },
  'newspaper:chinese_article': {
    expected: ['http://wscdn.bbc.co.uk/worldservice/assets/images/2012/12/06/121206102108_cn_cy_leung_304x171_ap.jpg'],
    note: 'no declared image; the article photo',
  },
  'newspaper:ok.co.uk1': {
    expected: ['http://images.ok.co.uk/1406021236__Charlize-Theron-Sean-Penn-wedding-babies-adopt-oscars-south-africa.jpg'],
    note: 'declared image is the site logo; the article photo',
  },
  'newspaper:ok.co.uk2': { expected: ['http://images.ok.co.uk/1394504147_Kat-Slater.jpg'], note: 'declared image is the site logo; the article photo' },
  'newspaper:recipe.com2': {
    expected: ['http://blogs.mydevstaging.com/blogs/cooking/files/2014/12/550_feat_mash.jpg'],
    note: 'no declared image; the featured photo',
  },
  'newspaper:space.com2': {
    expected: ['http://i.space.com/images/i/000/008/844/original/nasa-logo.jpg?1394675317'],
    note: "declared; the article's own upload, its subject is NASA",
  },
  'newspaper:spanish_article': {
    expected: ['http://fakehost/sfAttachPlugin/getCachedContent/id/158666/width/515/height/337.png'],
    note: 'no declared image; the article photo',
  },
  'newspaper:thai_article': {
    expected: ['https://farm8.staticflickr.com/7890/46097871864_6f2f471e68_k_d.jpg'],
    note: 'no declared image; the first photo of the article',
  },
  'newspaper:thenextweb.com1': {
    expected: [
      'http://cdn1.tnwcdn.com/wp-content/blogs.dir/1/files/2014/09/Blackberry-Logo.jpg',
      'http://thenextweb.com/wp-content/blogs.dir/1/files/2014/09/Blackberry-Logo.jpg',
      'http://cdn1.tnwcdn.com/wp-content/blogs.dir/1/files/2014/09/Blackberry-Logo-520x245.jpg',
    ],
    note: "declared; the story is about BlackBerry, its logo is the story's picture",
  },
  'trafilatura:boingboing.net.millenials': {
    expected: ['https://i1.wp.com/media.boingboing.net/wp-content/uploads/2013/07/bors-millennial-comicstrip41.jpg?w=970'],
    note: 'declared images are blank and an icon; the comic strip',
  },
  'trafilatura:computerbase.de.htc': {
    expected: [
      'https://pics.computerbase.de/1/8/3/0/6/1-1080.3634198104.jpg',
      'https://pics.computerbase.de/1/8/3/0/6/1-630.3634198104.jpg',
      'https://pics.computerbase.de/1/8/3/0/6/1-1260.jpg',
    ],
    note: 'declared image is the site logo; the product photo, at any of its srcset resolutions',
  },
  'trafilatura:creativecommons.at.faircoin': {
    expected: ['https://www.creativecommons.at/sites/default/files/styles/middlecolumn_full/public/image/summercamp2017-1152x400.png?itok=YTCxYQBk'],
    note: 'no declared image; the lead image of the article',
  },
  'trafilatura:demokratiewebstatt.at.luft': {
    expected: ['https://www.demokratiewebstatt.at/fileadmin/_processed_/csm_auto_strasse_stau__c__aremac_clipdealer_02_7ddff7d999.jpg'],
    note: 'no declared image; the first photo of the article',
  },
  'trafilatura:jovelstefan.de.gefallt': {
    expected: ['http://www.jovelstefan.de/wp-content/2011/09/20cent1bilt-500x373.jpg'],
    note: 'no declared image; the photo of the post',
  },
  'trafilatura:piratenpartei-mv.de.grundeinkommen': {
    expected: ['http://piratenpartei-mv.de/wp-content/uploads/2013/09/bgedemo.jpg'],
    note: 'no declared image; the photo of the post',
  },
  'trafilatura:wehranlage-horka.de.887': {
    expected: ['http://www.wehranlage-horka.de/x2783wp/wp-content/gallery/artikelbilder/lageplan_wehranlage.jpg'],
    note: 'no declared image; the first picture of the event',
  },
};

/** Portia's sample project of shop pages (yaoota), saved by its users as templates, removed from the repository since. */
const PORTIA_SHOPS = '3db29427d6df476bca7dc98fe0027d7bf6512747';

const sources: Source[] = [
  {
    // The structured-data extractor's saved shop pages (the rest of its samples are snippets).
    repo: 'scrapinghub/extruct',
    pages: () => [{ path: 'tests/samples/misc/opengraph_ns_product_test.html' }, { path: 'tests/samples/websites/microdata-with-description.html' }],
  },
  {
    // Product pages of the visual scraper's test projects: its shop templates' original pages, one per
    // product (several templates were made from the same page), and the demo bookshop of its tests.
    repo: 'scrapinghub/portia',
    pages: (git) => {
      const seen = new Set<string>();
      const pick = (commit: string, prefix: string) =>
        git
          .list(prefix, commit)
          .filter((path) => path.endsWith('/original_body.html'))
          .filter((path) => {
            const head = git.show(path, commit).toString('utf8');
            const key =
              /<link rel="canonical" href="([^"]*)"|og:url" content="([^"]*)"/i.exec(head)?.slice(1).find(Boolean) ??
              /<title>([^<]*)/i.exec(head)?.[1]?.trim() ??
              path;
            return !seen.has(key) && !!seen.add(key);
          })
          .map((path) => ({ path, commit }));
      // Spiders whose templates' pages are inside their JSON (`#templates/n`), with the address each was saved from.
      const inline = ['seedsofchange.json', 'seedsofchange2.json'].flatMap((name) => {
        const path = `slybot/slybot/tests/data/SampleProject/spiders/${name}`;
        const { templates } = JSON.parse(git.show(path).toString('utf8')) as { templates: Array<{ url: string }> };
        return templates.map((t, i) => ({ path: `${path}#templates/${i}`, url: t.url })).filter(({ url }) => !seen.has(url) && !!seen.add(url));
      });
      return [...pick(PORTIA_SHOPS, 'slyd/slyd/data/yaoota/spiders'), ...pick('HEAD', 'slybot/slybot/tests/data/SampleProject/spiders/books.toscrape.com')]
        .map(({ path, commit }) => ({ path, ...(commit === 'HEAD' ? {} : { commit }) }))
        .concat(inline);
    },
  },
  {
    // The link-preview library's saved responses (tests/cache), one per page of its test list
    // (tests/fixtures, which gives the address the page ended at); only HTML pages.
    repo: 'oscarotero/Embed',
    pages: (git) =>
      git
        .list('tests/fixtures')
        .map((fixture) => ({ fixture, path: fixture.replace('tests/fixtures/', 'tests/cache/') }))
        .filter(({ path }) => git.list(path).length && /^\s*<(?:!doctype|html)/i.test(pageOf(path, git.show(path))))
        .map(({ fixture, path }) => ({ path, url: /^ {4}'url' => '([^']*)'/m.exec(git.show(fixture).toString('utf8'))?.[1] })),
  },
  {
    repo: 'mozilla/readability',
    pages: (git) =>
      git
        .list('test/test-pages')
        .filter((p) => p.endsWith('/source.html'))
        .map((path) => ({ path, extra: { article: git.show(path.replace(/source\.html$/, 'expected.html')).toString('utf8') } })),
  },
  {
    repo: 'codelucas/newspaper',
    pages: (git) =>
      git
        .list('tests/data/html')
        .filter((p) => p.endsWith('.html'))
        .map((path) => {
          // Saved as `<site><n>.html`; the few named for their language (arabic_article) have no site: fakehost, as Readability's.
          const site = /([^/]+?)\d*\.html$/.exec(path)?.[1] ?? '';
          return { path, url: site.includes('.') ? `http://${site}/` : undefined };
        }),
  },
  {
    repo: 'adbar/trafilatura',
    pages: (git) => {
      const byFile = new Map<string, string>();
      const data = JSON.parse(git.show('tests/evaldata.json').toString('utf8')) as Record<string, { file: string }>;
      for (const [url, { file }] of Object.entries(data)) byFile.set(file, url);
      return git
        .list('tests/cache')
        .filter((p) => /\.html?$/.test(p))
        .map((path) => ({ path, url: byFile.get(path.slice('tests/cache/'.length)) }));
    },
  },
  {
    repo: 'hhursev/recipe-scrapers',
    pages: (git) => {
      // A site's pages live in its folder (`tests/test_data/<site>/<name>.testhtml`, beside its expected `.json`).
      const files = git.list('tests/test_data').filter((p) => p.endsWith('.testhtml') && p.split('/').length === 4);
      const hosts = [...new Set(files.map((p) => p.split('/')[2]))].sort();
      // The first page of every second site (an earlier sample took every 14th site's; these too), so
      // recipes stay under half the corpus and the in-page run under a quarter of an hour.
      return hosts
        .filter((_, i) => i % 14 === 0 || i % 2 === 0)
        .map((host) => {
          const path = files.filter((p) => p.split('/')[2] === host).sort()[0]!;
          let json: { canonical_url?: string; image?: string } = {};
          try {
            json = JSON.parse(git.show(path.replace(/\.testhtml$/, '.json')).toString('utf8')) as typeof json;
          } catch {
            // No expected output beside it: the page's own declarations only.
          }
          return { path, url: json.canonical_url, extra: { image: json.image } };
        });
    },
  },
  {
    // A benchmark's saved news pages (gzipped), with the address each was saved from.
    repo: 'scrapinghub/article-extraction-benchmark',
    pages: (git) => {
      const truth = JSON.parse(git.show('ground-truth.json').toString('utf8')) as Record<string, { url: string }>;
      return git
        .list('html')
        .filter((p) => p.endsWith('.html.gz'))
        .map((path) => ({ path, url: truth[/([^/]+)\.html\.gz$/.exec(path)![1]!]?.url }));
    },
  },
  {
    // A date extractor's evaluation pages (news and blogs in many languages): the 2020
    // Media Cloud sample whole, and every third page of its default set (the in-page run's time).
    repo: 'adbar/htmldate',
    pages: (git) => {
      const files = new Set(git.list('tests'));
      const from = (list: string, keep: (i: number) => boolean, only?: Category[]) =>
        // The Media Cloud list writes an unknown date as a bare NaN, which JSON does not allow.
        Object.entries(
          JSON.parse(
            git
              .show(list)
              .toString('utf8')
              .replace(/: NaN\b/g, ': null'),
          ) as Record<string, { file: string }>,
        )
          .filter((_, i) => keep(i))
          .map(([url, { file }]) => ({
            url,
            path: ['tests/eval/', 'tests/test_set/', 'tests/cache/'].map((d) => d + file).find((p) => files.has(p)),
            ...(only ? { only } : {}),
          }))
          .filter((p): p is { url: string; path: string } => !!p.path);
      // h30: of the default set's other two thirds, its shop and video pages (the brief's mix was short of both).
      return [
        ...from('tests/eval_mediacloud_2020.json', () => true),
        ...from('tests/eval_default.json', (i) => i % 3 === 0),
        ...from('tests/eval_default.json', (i) => i % 3 !== 0, ['shop', 'video']),
      ];
    },
  },
  {
    // h30 (shops): a product-page extractor's test and training pages, a different shop each (Amazon, eBay,
    // Etsy, Best Buy, Zappos, IKEA-like furniture, fashion…), each with the product image its author marked
    // (expected-image.html), which counts beside the page's own declared ones, as recipe-scrapers' does.
    repo: 'swathiiyer2/fathom-products',
    pages: (git) =>
      ['product_classification_test_data', 'product_classification_training_data']
        .flatMap((dir) => git.list(dir))
        .filter((path) => path.endsWith('/source.html'))
        .flatMap((path) => {
          const read = (p: string) => {
            try {
              return git.show(p).toString('utf8');
            } catch {
              return null; // A large file the mirror lists but does not hold.
            }
          };
          const page = read(path);
          const marked = load(read(path.replace(/source\.html$/, 'expected-image.html')) ?? '')('img').first();
          const image = marked.attr('src') || marked.attr('data-src');
          return page ? [{ path, url: addressOf(page, SHOP_ORIGINS[path.split('/')[1]!]), extra: { image, category: 'shop' } }] : [];
        }),
  },
  {
    // h30 (videos): a YouTube downloader's saved watch pages, over its history (its tests replaced them as the
    // site changed): the newest page of each video, named by it.
    repo: 'fent/node-ytdl-core',
    pages: (git) => {
      const byVideo = new Map<string, { path: string; commit: string; url: string; name: string }>();
      for (const { commit, path } of git.history('test/files')) {
        if (!/\/watch[^/]*\.html$/.test(path)) continue;
        const url = addressOf(git.show(path, commit).toString('utf8'));
        const video = url && new URL(url).searchParams.get('v');
        if (video && !byVideo.has(video)) byVideo.set(video, { path, commit, url, name: `youtube-${video}` });
      }
      return [...byVideo.values()];
    },
  },
  {
    // h30: a link unfurler's saved pages (a tweet's video, a YouTube video, a SoundCloud track, BBC, Medium,
    // Giphy), each at the last commit that held it; its home pages (nate, rakuten, udn) have only a site card.
    repo: 'jacktuck/unfurl',
    pages: (git) =>
      ['www.bbc.co.uk', 'giphy.com', 'medium.com', 'soundcloud.com', 'twitter.com', 'www.youtube.com'].flatMap((site) => {
        const path = `test/${site}.source.html`;
        const last = git.history(path)[0];
        return last ? [{ path, commit: last.commit, url: addressOf(git.show(path, last.commit).toString('utf8')) }] : [];
      }),
  },
  {
    // h30 (shops): SWDE's book vertical (Hao et al., SIGIR 2011) as a web-extraction project keeps part of it:
    // two online bookshops' product pages, every 250th of each. Saved without a declaration but for
    // Christianbook's image_src; Books-A-Million's product picture is its large cover (`covers/…_l.gif`), by hand
    // for the site: the one `_l` cover on the page, the rest being other books' small ones.
    repo: 'AnLiGentile/WREN',
    pages: (git) =>
      ['booksamillion', 'christianbook'].flatMap((shop) =>
        git
          .list(`resources/datasets/swde-17477/testset/book/book-${shop}-2000`)
          .filter((_, i) => i % 250 === 0)
          .map((path) => {
            const html = decodePage(git.show(path));
            const cover = /<img src="(http:\/\/images\.booksamillion\.com\/covers\/[^"]+_l\.\w+)"/.exec(html)?.[1];
            return { path, url: /<base href="([^"]+)"/.exec(html)?.[1], extra: { image: cover, category: 'shop' } };
          }),
      ),
  },
];

/**
 * The page's own absolute address (its canonical link or og:url, whichever is absolute), for a source that gives
 * none; where both are relative (or missing), resolved against the shop's origin when the source's folder names it.
 */
function addressOf(html: string, origin?: string): string | undefined {
  const $ = load(html);
  const said = [$('link[rel="canonical"]').attr('href'), $('meta[property="og:url"]').attr('content')].map((u) => u?.trim());
  return said.find((u) => !!u && /^https?:\/\//.test(u)) ?? (origin ? resolve(said.find((u) => u?.startsWith('/')) ?? '/', origin) : undefined);
}

/** fathom-products' pages saved from the browser without an absolute address: the shop its folder names. */
const SHOP_ORIGINS: Record<string, string> = {
  walmart: 'https://www.walmart.com',
  gap: 'http://www.gap.com',
  oldnavy: 'http://oldnavy.gap.com',
  healthypets: 'https://www.healthypets.com',
  bestbuy: 'http://www.bestbuy.com',
};

/** A file name that says it is the site's picture, not the page's: judged on the file name, not its folders. */
// Also a blank (`wordbooker_blank.jpg`), an icon (`icon.web.png`) and an avatar (a forum's poster, not the thread's picture).
const DEFAULTISH = /logo|default|placeholder|fallback|favicon|apple-touch|(?:^|[^a-z])icon(?:[^a-z]|$)|sprite|blank|avatar|spacer|site[-_]image|\.svg$/i;
// h30: YouTube names each video's own frame `hqdefault.jpg`, `maxresdefault_live.jpg`…: the video's picture, not a default.
const VIDEO_FRAME = /^(?:hq|mq|sd|maxres)default(?:_live)?\.(?:jpg|webp)$/i;
const isDefaultish = (url: string) => {
  const name = new URL(url).pathname.split('/').pop() ?? '';
  return (DEFAULTISH.test(name) && !VIDEO_FRAME.test(name)) || /\/avatars?\//i.test(new URL(url).pathname);
};

function resolve(raw: string | undefined, base: string): string | undefined {
  if (!raw) return undefined;
  try {
    const url = new URL(raw.trim(), base);
    return /^https?:$/.test(url.protocol) ? url.href : undefined;
  } catch {
    return undefined;
  }
}

function jsonLdImages($: CheerioAPI): { images: string[]; types: string[]; logos: string[] } {
  const images: string[] = [];
  const types: string[] = [];
  const logos: string[] = [];
  // A reference (`{"@id": "…#primaryimage"}`, Yoast's graphs) is the node of that @id elsewhere in
  // the page's JSON-LD, an ImageObject with its url; an @id is a name, never itself the picture's address.
  const byId = new Map<string, Record<string, unknown>>();
  const index = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const n of node) index(n);
      return;
    }
    if (!node || typeof node !== 'object') return;
    const o = node as Record<string, unknown>;
    if (typeof o['@id'] === 'string' && (o.url || o.contentUrl)) byId.set(o['@id'], o);
    Object.values(o).forEach(index);
  };
  const blocks: unknown[] = [];
  $('script[type="application/ld+json"]').each((_, el) => {
    try {
      blocks.push(
        JSON.parse(
          $(el)
            .text()
            .replace(/^\s*<!--|-->\s*$/g, ''),
        ),
      );
    } catch {
      // Broken JSON-LD says nothing.
    }
  });
  blocks.forEach(index);
  const imageUrls = (value: unknown, depth = 0): string[] => {
    if (typeof value === 'string') return [value];
    if (Array.isArray(value)) return value.flatMap((v) => imageUrls(v, depth));
    if (value && typeof value === 'object' && depth < 3) {
      const o = value as Record<string, unknown>;
      const ref = typeof o['@id'] === 'string' && !o.url && !o.contentUrl ? byId.get(o['@id']) : undefined;
      return ref ? imageUrls(ref, depth + 1) : imageUrls(o.url ?? o.contentUrl, depth + 1);
    }
    return [];
  };
  const walk = (node: unknown, inside: string | null) => {
    if (Array.isArray(node)) {
      for (const n of node) walk(n, inside);
      return;
    }
    if (!node || typeof node !== 'object') return;
    const o = node as Record<string, unknown>;
    const type = ([] as unknown[]).concat(o['@type'] ?? []).map(String);
    types.push(...type);
    const main = type.some((t) => /Article|BlogPosting|Recipe|Product|VideoObject|WebPage|Review/.test(t));
    if (inside === null && main) images.push(...imageUrls(o.image ?? o.thumbnailUrl ?? o.primaryImageOfPage));
    if (o.logo) logos.push(...imageUrls(o.logo));
    for (const [key, value] of Object.entries(o)) {
      if (key === '@graph') walk(value, inside);
      else if (key === 'publisher' || key === 'author' || key === 'brand') walk(value, key);
    }
  };
  for (const block of blocks) walk(block, null);
  return { images, types, logos };
}

/**
 * Microdata's `itemprop=image` of the page's main item only: the first item that names an image (h30: a shop's
 * related products each carry their own itemprop=image further down; those are other products' pictures).
 */
function mainItemImages($: CheerioAPI) {
  const images = $('[itemprop="image"]')
    .toArray()
    .filter((el) => !$(el).parents('[itemprop="publisher"],[itemprop="author"],[itemprop="logo"]').length);
  const scopeOf = (el: (typeof images)[number]) => $(el).parent().closest('[itemscope]')[0];
  return images.filter((el) => scopeOf(el) === scopeOf(images[0]!));
}

function meta($: CheerioAPI, names: string[]): string[] {
  const out: string[] = [];
  $('meta').each((_, el) => {
    const key = ($(el).attr('property') || $(el).attr('name') || '').toLowerCase();
    const content = $(el).attr('content');
    if (names.includes(key) && content) out.push(content);
  });
  return out;
}

function category($: CheerioAPI, url: string, repo: string, types: string[]): Category {
  const lang = ($('html').attr('lang') || meta($, ['og:locale'])[0] || $('meta[http-equiv="content-language" i]').attr('content') || '').toLowerCase();
  const ogType = (meta($, ['og:type'])[0] ?? '').toLowerCase();
  if (repo === 'hhursev/recipe-scrapers' || types.includes('Recipe')) return 'recipe';
  if (ogType.includes('product') || types.includes('Product')) return 'shop';
  if (ogType.startsWith('video') || types.includes('VideoObject') || meta($, ['og:video', 'og:video:url']).length) return 'video';
  if (lang && !lang.startsWith('en')) return 'non-English';
  const generator = $('meta[name="generator" i]').attr('content') ?? '';
  if (/blog|wordpress|medium\.com|tumblr/i.test(url) || /wordpress|blogger|ghost/i.test(generator) || types.includes('BlogPosting')) return 'blog';
  return 'news';
}

function label(repo: string, path: string, html: string, savedUrl: string | undefined, extra?: Record<string, unknown>): Labelled & { skip?: string } {
  const $ = load(html);
  const said = resolve(meta($, ['og:url'])[0] ?? $('link[rel="canonical"]').attr('href'), savedUrl ?? READABILITY_BASE);
  const saved = savedUrl && /^https?:\/\//.test(savedUrl) ? savedUrl : undefined;
  const url =
    saved ?? (said && !said.startsWith('http://fakehost') ? said : savedUrl && /^[\w.-]+\.[a-z]+$/.test(savedUrl) ? `https://${savedUrl}/` : READABILITY_BASE);
  const base = resolve($('base[href]').attr('href'), url) ?? url;
  const ld = jsonLdImages($);
  const declared = [
    ...meta($, ['og:image', 'og:image:url', 'og:image:secure_url']).map((u) => resolve(u, base)),
    ...meta($, ['twitter:image', 'twitter:image:src']).map((u) => resolve(u, base)),
    ...ld.images.map((u) => resolve(u, base)),
    ...mainItemImages($).map((el) => resolve($(el).attr('content') || $(el).attr('src') || $(el).attr('href'), base)),
    ...$('link[rel~="image_src"]')
      .toArray()
      .map((el) => resolve($(el).attr('href'), base)),
    // For a pin product the publisher's own pin pick (pin:media, data-pin-media) is its main image for saving.
    ...meta($, ['pin:media']).map((u) => resolve(u, base)),
    ...$('[data-pin-media]')
      .toArray()
      .map((el) => resolve($(el).attr('data-pin-media'), base)),
    resolve(typeof extra?.image === 'string' ? extra.image : undefined, base),
  ].filter((u): u is string => !!u);
  const logos = new Set(ld.logos.map((u) => resolve(u, base)));
  const expected = [...new Set(declared.filter((u) => !isDefaultish(u) && !logos.has(u)))];
  // A source that says what its pages are (fathom-products: product pages, whatever their og:type) is believed.
  const cat = (extra?.category as Category | undefined) ?? category($, url, repo, ld.types);
  const page: Labelled = { repo, path, url, category: cat, expected, how: 'declared' };
  if (expected.length) return page;
  // For the hand: the first images of the article body (Readability's own extraction where the page is its fixture).
  const body = load(typeof extra?.article === 'string' ? extra.article : html);
  const scope =
    typeof extra?.article === 'string'
      ? body('body')
      : body('article, [itemprop="articleBody"], .entry-content, .post-content, .post, main, #content, #main, body').first();
  const lead = scope
    .find('img')
    .toArray()
    .slice(0, 4)
    .map((el) => `${resolve(body(el).attr('src') || body(el).attr('data-src'), base)} [${body(el).attr('width') ?? '?'}x${body(el).attr('height') ?? '?'}]`);
  return { ...page, skip: `no declared main image (declared: ${declared.join(' ') || 'none'}; body: ${lead.join(' ') || 'none'}; url ${url})` };
}

/**
 * A page kept whole but for blobs nobody reads for its picture: an inline script or style over
 * BLOB characters (a framework's bundle, its state as JSON; JSON-LD is kept whole) and a `data:` address
 * over 2,000 (an inlined picture) become empty. The corpus stays small enough to commit.
 */
const BLOB = 20_000;
function trim(html: string): string {
  return html
    .replace(/(<script\b[^>]*>)([\s\S]*?)(<\/script>)/gi, (all, open: string, body: string, close: string) =>
      body.length > BLOB && !/ld\+json/i.test(open) ? open + close : all,
    )
    .replace(/(<style\b[^>]*>)([\s\S]*?)(<\/style>)/gi, (all, open: string, body: string, close: string) => (body.length > BLOB ? open + close : all))
    .replace(/data:[\w/+.-]+;base64,[A-Za-z0-9+/=\s]{2000,}/g, 'data:,');
}

/**
 * The page's tags beside its category, each by its markup alone: `lazy` when its images wait for a script
 * (data-src and the like, loading=lazy, a lazy class), `spa` when a client-side app renders it (a root
 * element a framework mounts on, or the framework's state in the page).
 */
function kindsOf(html: string, category: Category): Kind[] {
  const kinds: Kind[] = [];
  if (category === 'shop' || category === 'video' || category === 'non-English') kinds.push(category);
  const lang = /<html[^>]*\slang=["']?([\w-]+)/i.exec(html)?.[1] ?? /og:locale["'][^>]*content=["']([\w-]+)/i.exec(html)?.[1] ?? '';
  if (category !== 'non-English' && lang && !/^en/i.test(lang)) kinds.push('non-English');
  if (/<img\b[^>]*(?:\sdata-(?:src|lazy-src|original|srcset|lazy)=|\sloading=["']?lazy|class=["'][^"']*\blazy)/i.test(html)) kinds.push('lazy');
  if (
    /<div[^>]+id=["'](?:root|app|__next|__nuxt|___gatsby)["']|__NEXT_DATA__|window\.__(?:INITIAL|PRELOADED)_STATE__|__NUXT__|\sng-version=|data-reactroot/i.test(
      html,
    )
  )
    kinds.push('spa');
  return kinds;
}

/** The split's unit: the registrable domain; Readability's pages all say `fakehost`, each its own site. */
function siteOf(id: string, url: string): string {
  const host = new URL(url).hostname;
  return host === 'fakehost' ? `fakehost/${id}` : (getDomain(host) ?? host);
}

const out: Record<string, Expectation> = {};
const skipped: string[] = [];
const titles = new Map<string, number>();
const htmlOf = new Map<string, string>();
// h30: a source whose mirror is not on this machine keeps its committed pages and labels as they are, so a
// new source can be added without fetching every earlier one again.
const committed = existsSync(EXPECTATIONS_FILE) ? readExpectations() : {};
const carriedBytes = new Map<string, Buffer>(); // written back byte for byte
for (const source of sources) {
  const git: Git | null = openMirror(source.repo);
  if (!git) {
    const carried = Object.entries(committed).filter(([, e]) => e.repo === source.repo && existsSync(new URL(e.file, PAGES_DIR)));
    console.log(`${source.repo}: no mirror, its ${carried.length} committed pages kept as they are`);
    for (const [id, e] of carried) {
      const bytes = readFileSync(new URL(e.file, PAGES_DIR));
      const html = gunzipSync(bytes).toString('utf8');
      carriedBytes.set(id, bytes);
      out[id] = e;
      htmlOf.set(id, html);
      const title = /<title[^>]*>([^<]*)/i.exec(html)?.[1]?.trim();
      if (title) titles.set(title, (titles.get(title) ?? 0) + 1);
    }
    continue;
  }
  for (const { path, commit, url, name, extra, only } of source.pages(git)) {
    const id = `${source.repo.split('/')[1]!.toLowerCase()}:${
      name ??
      path
        .replace(/^.*?(test-pages|html|cache|test_data)\//, '')
        .replace(/\/source\.html$|\.(html?|testhtml|php|html\.gz)$/, '')
        .replace(/^.*\/spiders\/(.*)\/original_body$/, '$1')
        .replace(/^.*\/spiders\/(.*)\.json#templates\/(\d+)$/, '$1-$2')
    }`;
    let html: string;
    try {
      html = pageOf(path, git.show(path.split('#')[0]!, commit));
    } catch {
      skipped.push(`${id}: unreadable`);
      continue;
    }
    const result = { ...label(source.repo, path, html, url, extra), ...(commit ? { commit } : {}) };
    if (only && !only.includes(result.category)) continue;
    const hand = BY_HAND[id];
    const title = /<title[^>]*>([^<]*)/i.exec(html)?.[1]?.trim();
    if (hand && !hand.expected) continue;
    let page: Labelled | null = null;
    if (hand) {
      const { skip, ...rest } = result;
      const declared = hand.expected!.some((u) => result.expected.includes(u) || (skip ?? '').split('; body:')[0]!.includes(u));
      page = { ...rest, ...(hand.category ? { category: hand.category } : {}), expected: hand.expected!, how: declared ? 'declared' : 'body', note: hand.note };
    } else if (result.skip) skipped.push(`${id}: ${result.skip}`);
    else page = result;
    if (!page) continue;
    const site = siteOf(id, page.url);
    const file = `${id.replace(/[^\w.-]+/g, '_')}.html.gz`;
    out[id] = { ...page, file, site, kinds: kindsOf(html, page.category) };
    htmlOf.set(id, html);
    if (title) titles.set(title, (titles.get(title) ?? 0) + 1);
  }
}
// Duplicates (the same address twice, as one fixture saved under two sites' names): the first kept.
const seenUrls = new Set<string>();
for (const [id, e] of Object.entries(out)) {
  // A stand-in address (Readability's fakehost, newspaper's bare `http://site/` from the file name) says nothing.
  if (e.url === READABILITY_BASE || new URL(e.url).pathname === '/') continue;
  if (seenUrls.has(e.url)) {
    skipped.push(`${id}: the same address as another page (${e.url})`);
    delete out[id];
  } else seenUrls.add(e.url);
}
// The cross-check of a declared image against the site: one declared on two pages of the same site
// is the site's card, not either page's picture (unless a hand decided). Those pages are left out.
const bySiteImage = new Map<string, string[]>();
for (const [id, e] of Object.entries(out))
  if (e.how === 'declared' && !BY_HAND[id]) for (const u of e.expected) bySiteImage.set(`${e.site} ${u}`, [...(bySiteImage.get(`${e.site} ${u}`) ?? []), id]);
for (const [key, ids] of bySiteImage) {
  if (ids.length < 2) continue;
  for (const id of ids) {
    if (!out[id]) continue;
    out[id]!.expected = out[id]!.expected.filter((u) => `${out[id]!.site} ${u}` !== key);
    if (!out[id]!.expected.length) {
      skipped.push(`${id}: its declared image is its site's card (${key})`);
      delete out[id];
    }
  }
}
// Duplicates (the same title twice): the first kept.
const seenTitles = new Set<string>();
for (const [id] of Object.entries(out)) {
  const title = /<title[^>]*>([^<]*)/i.exec(htmlOf.get(id)!)?.[1]?.trim();
  if (title && titles.get(title)! > 1 && title.length > 12) {
    if (seenTitles.has(title)) {
      skipped.push(`${id}: the same title as another page (${title})`);
      delete out[id];
      continue;
    }
    seenTitles.add(title);
  }
}
rmSync(PAGES_DIR, { recursive: true, force: true });
mkdirSync(PAGES_DIR, { recursive: true });
for (const [id, e] of Object.entries(out)) writeFileSync(new URL(e.file, PAGES_DIR), carriedBytes.get(id) ?? gzipSync(trim(htmlOf.get(id)!), { level: 9 }));
writeFileSync(EXPECTATIONS_FILE, `${JSON.stringify(out, null, 1)}\n`);
const sites = [...new Set(Object.values(out).map((e) => e.site))].sort();
writeFileSync(
  SPLIT_FILE,
  `${JSON.stringify({ rule: `test when the first two bytes of sha256(site) < ${TEST_SHARE} x 65536 (corpus.ts splitOf); made once, on ${new Date().toISOString().slice(0, 10)}`, sites: Object.fromEntries(sites.map((s) => [s, splitOf(s)])) }, null, 1)}\n`,
);
const counts: Record<string, number> = {};
for (const e of Object.values(out)) {
  counts[e.category] = (counts[e.category] ?? 0) + 1;
  for (const k of e.kinds) counts[`kind ${k}`] = (counts[`kind ${k}`] ?? 0) + 1;
}
const tests = Object.values(out).filter((e) => splitOf(e.site) === 'test').length;
console.log(`${Object.keys(out).length} pages labelled from ${sites.length} sites; test split ${tests} pages`, counts);
console.log(`${skipped.length} left out:\n${skipped.join('\n')}`);
