import type { PlayerType, PublicLanguage, PublicTexts, WatermarkPosition } from '@painel/contract';

/**
 * The embeddable player page (/api/player-port/iframe): self-contained HTML whose player
 * libraries come from this panel (/player-libs), never a CDN. It sends heartbeats, which
 * open the viewer session (or bring the viewer-limit notice: 403 with code viewer_limit),
 * starts the picture when the channel is live and shows the offline picture when it is not.
 * A 429 (too many requests from the viewer's address) never stops the picture: the next
 * heartbeat simply tries again. Its texts, and the player libraries' own controls, are in the
 * viewer's language (`lang`, from the request's Accept-Language). Pure: text in, text out.
 */
export interface PlayerPageInput {
  nonce: string;
  title: string;
  player: PlayerType;
  kind: 'live' | 'vod';
  src: string;
  heartbeat: Record<string, string>;
  heartbeatMs: number;
  /** How soon an offline channel is asked again: a viewer waiting for the broadcast sees it start within this. */
  offlinePollMs: number;
  watermark: { url: string; position: WatermarkPosition; opacity: number } | null;
  counter: boolean;
  share: string | null;
  /** The viewer's language: the page's texts, its <html lang> and the players' controls. */
  lang: PublicLanguage;
  texts: PublicTexts['player'];
  /** Clappr's own strings in that language. */
  clappr: PublicTexts['clappr'];
}

export const PLAYER_LIBS = {
  videojs: { scripts: ['video.min.js'], styles: ['video-js.min.css'] },
  // the light build: the panel's HLS has no subtitles, alternate audio or DRM, and a third less to load
  hlsjs: { scripts: ['hls.light.min.js'], styles: [] },
  clappr: { scripts: ['clappr.min.js'], styles: [] },
} as const satisfies Record<PlayerType, { scripts: readonly string[]; styles: readonly string[] }>;

/**
 * video.js's own language files (node_modules/video.js/dist/lang), served from /player-libs
 * after the library, and the language name video.js knows each by. English is built in.
 */
export const VIDEOJS_LANGUAGES = {
  'pt-BR': { name: 'pt-BR', script: 'video-lang-pt-BR.js' },
  'en-US': { name: 'en', script: null },
  'es-ES': { name: 'es', script: 'video-lang-es.js' },
} as const satisfies Record<PublicLanguage, { name: string; script: string | null }>;

/**
 * The key of Clappr's Strings plugin under which a language's strings go: the plugin copies its
 * base entries (pt, en, es) over the regional ones after merging the page's `strings`.
 */
const CLAPPR_LANGUAGES: Record<PublicLanguage, string> = { 'pt-BR': 'pt', 'en-US': 'en', 'es-ES': 'es' };

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const CSS = `
html,body{margin:0;height:100%;background:#000;overflow:hidden;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif}
#box{position:relative;width:100%;height:100%}
#stage,#stage>*{position:absolute;inset:0;width:100%;height:100%}
#stage video{width:100%;height:100%;background:#000}
.cover{position:absolute;inset:0;display:flex;flex-direction:column;align-items:center;justify-content:center;gap:12px;color:#e5e7eb;text-align:center;padding:16px;background:radial-gradient(circle at 50% 40%,#1f2937,#030712)}
.cover svg{width:64px;height:64px;opacity:.7}
.cover p{margin:0;font-size:clamp(14px,3vw,20px);font-weight:600}
#msg{background:rgba(3,7,18,.92)}
#wm{position:absolute;max-width:18%;max-height:18%;pointer-events:none;z-index:5}
.top-left{top:12px;left:12px}.top-right{top:12px;right:12px}.bottom-left{bottom:48px;left:12px}.bottom-right{bottom:48px;right:12px}
#counter{position:absolute;top:10px;left:50%;transform:translateX(-50%);z-index:6;display:flex;align-items:center;gap:6px;padding:4px 10px;border-radius:999px;background:rgba(0,0,0,.6);color:#fff;font-size:13px}
#counter i{width:8px;height:8px;border-radius:50%;background:#ef4444}
#share{position:absolute;top:10px;right:10px;z-index:6;display:flex;gap:6px}
#share a,#share button{font:inherit;font-size:12px;color:#fff;background:rgba(0,0,0,.6);border:1px solid rgba(255,255,255,.25);border-radius:6px;padding:4px 8px;text-decoration:none;cursor:pointer}
[hidden]{display:none!important}`;

const OFFLINE_ICON = '<svg viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="1.5" aria-hidden="true"><path d="M16.9 16.9a7 7 0 0 0-9.8-9.8M19.1 19.1A10 10 0 0 0 4.9 4.9M12 12h.01"/><path d="m2 2 20 20"/></svg>';

// Runs in the viewer's browser. Kept free of template literals so the builder can embed it as is.
// It comes before the player library in the page: the first heartbeat (which opens the viewer
// session the playlist address carries) is on its way while the library downloads and compiles,
// and the player is built once both are there (DOMContentLoaded runs after the library).
const SCRIPT = String.raw`(function () {
  var cfg = JSON.parse(document.getElementById('cfg').textContent);
  var $ = function (id) { return document.getElementById(id); };
  var session = null, playing = false, player = null, timer = null, fonte = null;
  var libs = new Promise(function (r) { if (document.readyState !== 'loading') r(); else document.addEventListener('DOMContentLoaded', function () { r(); }); });
  // a playlist or a relay carries the videos' own keyframes (10 s apart in many uploads): the
  // player stays half a minute behind the live edge, so a 10-s fragment never finds it empty.
  // OBS (2-s keyframes) keeps its low latency; its fragments are small enough to be remuxed
  // on the page itself, which spares the first picture the transmuxer worker's start-up
  function hlsConfig() {
    return fonte === 'playlist' || fonte === 'relay'
      ? { liveSyncDuration: 30, liveMaxLatencyDuration: 90, maxBufferLength: 60 }
      : { liveSyncDurationCount: 2, enableWorker: false };
  }
  function note(text) { $('msg').querySelector('p').textContent = text || ''; $('msg').hidden = !text; }
  function counter(n) { if ($('counter')) { $('counter').hidden = !playing; $('viewers').textContent = String(n); } }
  function later(ms) { clearTimeout(timer); timer = setTimeout(beat, ms); }
  function start() {
    if (playing) return;
    playing = true; $('offline').hidden = true; note('');
    libs.then(mount);
  }
  function mount() {
    if (!playing || player) return;
    var stage = $('stage'), hls = cfg.kind === 'live';
    // the live playlist's requests name this page's session, so they keep it alive and are not counted again
    var src = hls && session ? cfg.src + (cfg.src.indexOf('?') < 0 ? '?' : '&') + 'sessao=' + encodeURIComponent(session) : cfg.src;
    if (cfg.player === 'clappr') {
      var d = document.createElement('div'); d.id = 'clappr'; stage.appendChild(d);
      var strings = {}; strings[cfg.clapprKey] = cfg.clappr;
      player = new Clappr.Player({ source: src, parentId: '#clappr', autoPlay: true, mute: true, width: '100%', height: '100%', language: cfg.lang, strings: strings, playback: { playInline: true, hlsjsConfig: hlsConfig() } });
      player.on(Clappr.Events.PLAYER_ERROR, fail);
      return;
    }
    var v = document.createElement('video');
    v.muted = true; v.autoplay = true; v.playsInline = true; v.controls = true; v.setAttribute('playsinline', '');
    stage.appendChild(v);
    if (cfg.player === 'videojs') {
      v.className = 'video-js vjs-big-play-centered';
      // the page's own word for the live badge, over the language file's
      videojs.addLanguage(cfg.vjsLang, { LIVE: cfg.t.live });
      player = videojs(v, { autoplay: 'muted', controls: true, fill: true, liveui: hls, language: cfg.vjsLang });
      player.src({ src: src, type: hls ? 'application/x-mpegURL' : 'video/mp4' });
      player.on('error', fail);
    } else if (hls && window.Hls && Hls.isSupported()) {
      player = new Hls(hlsConfig());
      player.on(Hls.Events.ERROR, function (_e, d) { if (d.fatal) fail(); });
      // the media source opens while the playlist loads
      player.attachMedia(v); player.loadSource(src);
      v.play().catch(function () {});
    } else {
      v.src = src; v.addEventListener('error', fail);
      player = { destroy: function () { v.removeAttribute('src'); v.load(); } };
    }
  }
  function stop() {
    if (!playing) return;
    playing = false;
    try { if (player) { if (player.dispose) player.dispose(); else player.destroy(); } } catch (e) {}
    player = null; $('stage').replaceChildren();
  }
  function fail() { stop(); note(cfg.t.error); later(4000); }
  function beat() {
    // the next one, whatever this one brings; an offline channel is asked again sooner
    later(cfg.hbMs);
    fetch('/api/player-port/heartbeat', { method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify(Object.assign({}, cfg.hb, session ? { session: session } : {})) })
      .then(function (r) { return r.json().then(function (j) { return { r: r, j: j }; }); })
      .then(function (x) { return libs.then(function () { return x; }); })
      .then(function (x) {
        // rate limited or the server briefly in trouble: what plays keeps playing, the next beat tries again
        if (x.r.status === 429 || x.r.status >= 500) return;
        $('loading').hidden = true;
        if (x.r.status === 403 && x.j.code === 'viewer_limit') { stop(); session = null; $('offline').hidden = true; note(cfg.t.viewerLimit); return; }
        // the server's reason is Portuguese: other languages show the page's own
        if (!x.r.ok) { stop(); note((cfg.lang === 'pt-BR' && x.j.error) || cfg.t.error); return; }
        // a new session (the old one expired) means a new playlist address
        if (playing && x.j.session !== session) stop();
        session = x.j.session;
        // the source changed (OBS took the channel, the playlist came back): the buffer depth follows
        if (playing && x.j.live && (x.j.fonte || null) !== fonte) stop();
        fonte = x.j.fonte || null;
        if (x.j.live) { start(); } else { stop(); note(''); $('offline').hidden = false; later(cfg.offlineMs); }
        counter(x.j.viewers);
      })
      .catch(function () { libs.then(function () { $('loading').hidden = true; }); });
  }
  var copy = $('copy');
  if (copy) copy.addEventListener('click', function () {
    navigator.clipboard.writeText(cfg.share).then(function () { copy.textContent = cfg.t.copied; });
  });
  addEventListener('pagehide', function () {
    if (session) navigator.sendBeacon('/api/player-port/leave', new Blob([JSON.stringify({ session: session })], { type: 'application/json' }));
  });
  beat();
})();`;

export function playerPage(p: PlayerPageInput): string {
  const libs = PLAYER_LIBS[p.player];
  const vjs = VIDEOJS_LANGUAGES[p.lang];
  const scripts = p.player === 'videojs' && vjs.script ? [...libs.scripts, vjs.script] : libs.scripts;
  const cfg = {
    player: p.player, kind: p.kind, src: p.src, hb: p.heartbeat, hbMs: p.heartbeatMs, offlineMs: p.offlinePollMs, share: p.share, t: p.texts,
    lang: p.lang, vjsLang: vjs.name, clapprKey: CLAPPR_LANGUAGES[p.lang], clappr: p.clappr,
  };
  // JSON inside <script> must not be able to close it
  const json = JSON.stringify(cfg).replace(/</g, '\\u003c').replace(/\u2028|\u2029/g, (c) => `\\u${c.charCodeAt(0).toString(16)}`);
  const share = p.share
    ? [
      ['Facebook', `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(p.share)}`],
      ['X', `https://twitter.com/intent/tweet?url=${encodeURIComponent(p.share)}`],
      ['WhatsApp', `https://api.whatsapp.com/send?text=${encodeURIComponent(p.share)}`],
    ].map(([n, u]) => `<a href="${esc(u!)}" target="_blank" rel="noopener noreferrer">${n}</a>`).join('') +
      `<button id="copy" type="button" title="${esc(p.texts.share)}">${esc(p.texts.copy)}</button>`
    : '';
  return `<!doctype html>
<html lang="${p.lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(p.title)}</title><link rel="icon" href="data:,">
${libs.styles.map((s) => `<link rel="stylesheet" href="/player-libs/${s}">`).join('\n')}
<style nonce="${p.nonce}">${CSS}</style></head>
<body><div id="box">
<div id="stage"></div>
<div id="loading" class="cover"><p>${esc(p.texts.loading)}</p></div>
<div id="offline" class="cover" hidden>${OFFLINE_ICON}<p>${esc(p.texts.offline)}</p></div>
<div id="msg" class="cover" hidden><p></p></div>
${p.watermark ? `<img id="wm" class="${p.watermark.position}" src="${esc(p.watermark.url)}" alt="" style="opacity:${p.watermark.opacity / 100}">` : ''}
${p.counter ? `<div id="counter" hidden><i></i><span id="viewers">0</span> ${esc(p.texts.watching)}</div>` : ''}
${share ? `<div id="share">${share}</div>` : ''}
</div>
<script id="cfg" type="application/json">${json}</script>
<script nonce="${p.nonce}">${SCRIPT}</script>
${scripts.map((s) => `<script src="/player-libs/${s}"></script>`).join('\n')}
</body></html>`;
}
