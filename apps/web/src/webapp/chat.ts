import type { ChatMessage } from '@painel/contract/webapp';
import { h } from './dom.ts';
import { activeLocale } from '../i18n/locale-store.ts';
import { textsNow } from '../i18n/store.ts';
import { webappCatalogue } from '../i18n/webapp.ts';
import { refusalOf } from './texts.ts';

/** How often an open chat asks for new messages. */
export const CHAT_POLL_MS = 5000;
/** Messages kept on screen; older ones leave as new ones arrive. */
const SHOWN_MAX = 200;
const NAME_KEY = 'webapp-chat-nome';

const time = (iso: string) => new Date(iso).toLocaleTimeString(activeLocale(), { hour: '2-digit', minute: '2-digit' });

/**
 * The app's chat: the latest messages, then new ones every CHAT_POLL_MS while it is open, and a
 * form to post. Names and messages are shown as text, exactly as written.
 */
export function chatPanel(): { el: HTMLElement; start(): void; stop(): void } {
  const texts = textsNow(webappCatalogue);
  const list = h('ol', { class: 'chat-list', 'aria-live': 'polite', 'data-testid': 'chat-messages' });
  const empty = h('p', { class: 'muted' }, texts.chatEmpty);
  const error = h('p', { class: 'chat-error', role: 'alert', hidden: true });
  const nome = h('input', { name: 'nome', maxlength: '40', placeholder: texts.chatName, 'aria-label': texts.chatName, autocomplete: 'nickname' });
  const mensagem = h('input', { name: 'mensagem', maxlength: '300', placeholder: texts.chatMessage, 'aria-label': texts.chatMessage, autocomplete: 'off' });
  const send = h('button', { type: 'submit', class: 'send' }, texts.chatSend);
  // the server checks the fields and says what is wrong (by its code, in the visitor's language)
  const form = h('form', { class: 'chat-form', novalidate: true }, nome, mensagem, send);
  nome.value = localStorage.getItem(NAME_KEY) ?? '';
  let last = 0;
  let timer: ReturnType<typeof setInterval> | undefined;

  const say = (text: string | null) => {
    error.textContent = text ?? '';
    error.hidden = !text;
  };
  function add(messages: readonly ChatMessage[]) {
    for (const m of messages) {
      if (m.id <= last) continue;
      last = m.id;
      list.append(h('li', {}, h('strong', {}, m.nome), h('span', {}, m.mensagem), h('time', { datetime: m.data }, time(m.data))));
    }
    while (list.children.length > SHOWN_MAX) list.firstElementChild?.remove();
    empty.hidden = list.children.length > 0;
    list.scrollTop = list.scrollHeight;
  }
  async function poll() {
    try {
      const r = await fetch(`chat?after=${last}`, { cache: 'no-store' });
      if (!r.ok) return say(await refusalOf(r, texts.chatOffline));
      add(((await r.json()) as { messages: ChatMessage[] }).messages);
      if (error.textContent === texts.chatOffline) say(null);
    } catch {
      say(texts.chatOffline);
    }
  }

  form.addEventListener('submit', (e) => {
    e.preventDefault();
    send.disabled = true;
    send.textContent = texts.chatSending;
    void (async () => {
      try {
        const r = await fetch('chat', {
          method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ nome: nome.value, mensagem: mensagem.value }),
        });
        if (!r.ok) return say(await refusalOf(r, texts.chatSendFailed));
        say(null);
        localStorage.setItem(NAME_KEY, nome.value.trim());
        mensagem.value = '';
        await poll();
      } catch {
        say(texts.chatSendFailed);
      } finally {
        send.disabled = false;
        send.textContent = texts.chatSend;
      }
    })();
  });

  return {
    el: h('div', { class: 'chat' }, list, empty, error, form),
    start() {
      if (timer) return;
      void poll();
      timer = setInterval(() => void poll(), CHAT_POLL_MS);
    },
    stop() {
      clearInterval(timer);
      timer = undefined;
    },
  };
}
