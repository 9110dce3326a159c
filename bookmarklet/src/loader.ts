/**
 * The javascript: loader a user keeps in their bookmarks bar. It stays short and never changes: it
 * injects /js/bookmarklet.js from the product origin (cache-busted, so a fix reaches every user at once).
 *
 * When the host page's CSP blocks that script (a securitypolicyviolation, a load error, or nothing
 * after FALLBACK_MS), it opens the popup with the page URL and the selected text or title instead, and
 * the server finds the images (FindPinImagesResource). The user is never left with nothing.
 */

/** Long enough for a slow script load, short enough that the click still counts as the user's (Chrome allows 5 s). */
export const FALLBACK_MS = 3000;

/** The loader's code for a product origin, as plain JavaScript (used by the install page's "try it" too). */
export function loaderCode(productOrigin: string): string {
  const o = JSON.stringify(productOrigin);
  return (
    `(function(w,d,o){var done=0,s=d.createElement('script'),` +
    `f=function(){if(done)return;done=1;` +
    `var q=new URLSearchParams({url:location.href,description:(String(w.getSelection()||'').trim()||d.title).slice(0,500),origin:location.origin});` +
    `w.open(o+'/pin/create/bookmarklet/?'+q,'corkboard_bookmarklet','popup,width=750,height=800')},` +
    `v=function(e){if(String(e.blockedURI).indexOf(o)==0)f()};` +
    `d.addEventListener('securitypolicyviolation',v);` +
    `s.onload=function(){done=1;d.removeEventListener('securitypolicyviolation',v)};s.onerror=f;setTimeout(f,${FALLBACK_MS});` +
    `try{s.src=o+'/js/bookmarklet.js?r='+Date.now();(d.body||d.documentElement).appendChild(s)}catch(e){f()}` +
    `})(window,document,${o})`
  );
}

/** The bookmark itself: a javascript: URL, percent-encoded so every browser reads it the same. */
export function loaderHref(productOrigin: string): string {
  return `javascript:${encodeURIComponent(loaderCode(productOrigin))}`;
}
