import { h } from './dom.ts';
import { keyBytes } from './links.ts';
import { textsNow } from '../i18n/store.ts';
import { webappCatalogue } from '../i18n/webapp.ts';
import { refusalOf } from './texts.ts';

/** A short message at the bottom of the screen. */
export function notice(): { el: HTMLElement; say(text: string): void } {
  const el = h('p', { class: 'notice', role: 'status', hidden: true });
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    el,
    say(text) {
      el.textContent = text;
      el.hidden = false;
      clearTimeout(timer);
      timer = setTimeout(() => (el.hidden = true), 6000);
    },
  };
}

const post = (url: string, body: unknown) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** Whether this browser can receive pushes here (iPhones only once the app is on the home screen). */
export const canPush = (key: string): boolean =>
  !!key && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/**
 * 'Receber notificações': asks the visitor's permission, subscribes through the app's service
 * worker with the app's push key and hands the subscription to the server; pressed again
 * ('Desativar notificações') it undoes both.
 */
export async function pushButton(key: string, say: (text: string) => void): Promise<HTMLButtonElement> {
  const reg = await navigator.serviceWorker.ready;
  let sub = await reg.pushManager.getSubscription();
  const texts = textsNow(webappCatalogue);
  const btn = h('button', { type: 'button', class: 'chip' });
  const label = () => (btn.textContent = sub ? texts.notifyStop : texts.notify);
  label();
  btn.addEventListener('click', () => {
    btn.disabled = true;
    void (async () => {
      try {
        if (sub) {
          await post('push/unsubscribe', sub.toJSON());
          await sub.unsubscribe();
          sub = null;
          return;
        }
        if ((await Notification.requestPermission()) !== 'granted') return say(texts.notifyBlocked);
        const fresh = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key) });
        const r = await post('push/subscribe', fresh.toJSON());
        if (!r.ok) {
          await fresh.unsubscribe();
          return say(await refusalOf(r, texts.notifyFailed));
        }
        sub = fresh;
        say(texts.notifyOn);
      } catch {
        say(texts.notifyFailed);
      } finally {
        btn.disabled = false;
        label();
      }
    })();
  });
  return btn;
}

interface InstallPrompt extends Event {
  prompt(): Promise<void>;
}

// the browser's offer to install may come before the app is drawn: it is kept until there is a place for the button
let offered: InstallPrompt | null = null;
let place: HTMLElement | null = null;
function offerInstall() {
  if (!offered || !place || place.querySelector('[data-install]')) return;
  const prompt = offered;
  const btn = h('button', { type: 'button', class: 'chip', 'data-install': true }, textsNow(webappCatalogue).install);
  btn.addEventListener('click', () => {
    btn.remove();
    offered = null;
    void prompt.prompt();
  });
  place.prepend(btn);
}
addEventListener('beforeinstallprompt', (e) => {
  e.preventDefault();
  offered = e as InstallPrompt;
  offerInstall();
});
addEventListener('appinstalled', () => {
  offered = null;
  place?.querySelector('[data-install]')?.remove();
});

/** 'Instalar app' where the browser offers installing (Chrome and Edge on Android and desktop), in `into`. */
export function installButton(into: HTMLElement): void {
  place = into;
  offerInstall();
}
