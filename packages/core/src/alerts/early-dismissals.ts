import { DISMISSED_ALERTS_KEY } from './dismissed-alerts.ts'

/** At most this many dismissals are applied early; a longer list is not a real session's. */
export const EARLY_DISMISSALS_LIMIT = 200

/**
 * IMPORTANT: a classic script for the page's <head>, inlined before the body, so it runs
 * before the first paint. The app applies this session's dismissals only once it has
 * started; this hides them before then: it reads the dismissal keys from sessionStorage and
 * adds a <style> that hides each `[data-alert-dismissal]` (escaped with CSS.escape, set as text,
 * never parsed as HTML) and the whole alerts bar when nothing in it is left (the status line
 * and the live connection's note are never dismissed, so they keep it). Anything
 * unreadable hides nothing. It needs no CSP exception beyond allowing inline scripts,
 * which static hosting without a CSP does.
 *
 * apps/web/index.html carries a copy (marked `prettier-ignore`, so it stays byte-equal);
 * tests/web/site-chrome.spec.ts checks that the served page holds exactly this text.
 */
export const EARLY_DISMISSALS_SCRIPT =
  `(function(){try{` +
  `var ids=JSON.parse(sessionStorage.getItem(${JSON.stringify(DISMISSED_ALERTS_KEY)})||'[]'),s=[],i;` +
  `if(!Array.isArray(ids))return;` +
  `for(i=0;i<ids.length&&s.length<${EARLY_DISMISSALS_LIMIT};i++)` +
  `if(typeof ids[i]==='string')s.push('[data-alert-dismissal="'+CSS.escape(ids[i])+'"]');` +
  `if(!s.length)return;` +
  `var l=s.join(','),e=document.createElement('style');` +
  `e.id='early-dismissals';` +
  `e.textContent=l+'{display:none!important}'+` +
  `'.alerts-bar:not(:has([data-alert-dismissal]:not('+l+'),.alerts-bar__status-line,.alerts-bar__live-lost)){display:none!important}';` +
  `document.head.appendChild(e)` +
  `}catch(x){}})()`
