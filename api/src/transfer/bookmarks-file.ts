/**
 * A browser's bookmarks export of `folders` folders of `links` links each, as bytes: a long import for the
 * tests and benchmarks that need a job of some seconds (a kill in the middle of it, a takeover).
 */
export function bookmarksFile(folders: number, links: number): Buffer {
  const parts = ['<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<TITLE>Bookmarks</TITLE>\n<H1>Bookmarks</H1>\n<DL><p>\n'];
  for (let f = 0; f < folders; f++) {
    parts.push(`<DT><H3>Folder ${f}</H3>\n<DL><p>\n`);
    for (let l = 0; l < links; l++) parts.push(`<DT><A HREF="https://example.com/${f}/${l}">Link ${f}-${l}</A>\n`);
    parts.push('</DL><p>\n');
  }
  return Buffer.from(`${parts.join('')}</DL><p>\n`);
}
