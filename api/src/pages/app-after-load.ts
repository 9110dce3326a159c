import { createHash } from 'node:crypto';

/** The data block naming the app's files on a page whose first screen the server drew. */
export const APP_FILES_ID = 'app-files';

/** What the loader reads from that block: the app's entry script, and the modules it imports (named so they come at once). */
export interface AppFiles {
  script: string;
  modules: string[];
}

/** The mark the drawn first screen puts on its eager pictures (`elementtiming`), so the browser reports when each is painted. */
export const FIRST_PICTURE_MARK = 'first-screen';

/**
 * On a page whose first screen the server drew, the app's files are asked for once the page has loaded and the
 * first screen's pictures in view have been painted (that paint is the page's LCP), or after LATEST_MS if one
 * hangs: on a few cores, twenty scripts fetched and compiled in the frames after the load event delayed that
 * paint, and the drawn page needs no script to be read or followed. A browser that does not report element
 * paints (Element Timing) asks at the load event. A picture that failed to load is not waited for. Inline, so it
 * costs no request; allowed by its hash alone (APP_AFTER_LOAD_CSP).
 */
const LATEST_MS = 3000;
export const APP_AFTER_LOAD = `(function(){var done=false,loaded=false,painted=[];function go(){if(done)return;done=true;var f=JSON.parse(document.getElementById('${APP_FILES_ID}').textContent),h=document.head;f.modules.forEach(function(u){var l=document.createElement('link');l.rel='modulepreload';l.href=u;h.appendChild(l)});var s=document.createElement('script');s.type='module';s.src=f.script;h.appendChild(s)}function check(){if(!loaded)return;var p=document.querySelectorAll('img[elementtiming="${FIRST_PICTURE_MARK}"]');for(var i=0;p.length>i;i++){var r=p[i].getBoundingClientRect();if(p[i].naturalWidth&&innerHeight>r.top&&r.bottom>0&&painted.indexOf(p[i])===-1)return}go()}var timed=typeof PerformanceObserver==='function'&&(PerformanceObserver.supportedEntryTypes||[]).indexOf('element')>=0;if(timed)new PerformanceObserver(function(l){l.getEntries().forEach(function(e){painted.push(e.element)});check()}).observe({type:'element',buffered:true});addEventListener('load',function(){loaded=true;if(timed)check();else go()});setTimeout(go,${LATEST_MS})})()`;

/** The loader's CSP source: this script and no other inline one. */
export const APP_AFTER_LOAD_CSP = `'sha256-${createHash('sha256').update(APP_AFTER_LOAD).digest('base64')}'`;
