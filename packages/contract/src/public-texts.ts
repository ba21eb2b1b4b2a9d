import { LANGUAGES } from './constants.ts';
import { errorText } from './errors.ts';
import { msg } from './messages.ts';

/**
 * The texts of the channel's public pages (the embeddable player page and the published app's
 * server-made pages), which follow the viewer's browser language rather than the owner's
 * account: pt-BR, en-US or es-ES, picked from the request's Accept-Language (pickLanguage). The
 * Portuguese is the product's own text (the `msg` and error catalogues); the owner's texts
 * (names, schedule, history) are shown as written and never pass through here.
 */
export type PublicLanguage = (typeof LANGUAGES)[number];

export const PUBLIC_SOURCE_LANGUAGE: PublicLanguage = 'pt-BR';

/** What the public pages of a suspended channel say (the player page and the published app alike). */
const CHANNEL_UNAVAILABLE_PT = 'Este canal está indisponível no momento';

export interface PublicTexts {
  player: {
    offline: string;
    loading: string;
    error: string;
    watching: string;
    share: string;
    copy: string;
    copied: string;
    notFound: string;
    viewerLimit: string;
    /** The page of a channel whose account is suspended (the login exists). */
    unavailable: string;
    /** The live badge of video.js's control bar. */
    live: string;
  };
  /** Clappr's own strings (its Strings plugin's keys). */
  clappr: {
    live: string;
    back_to_live: string;
    disabled: string;
    playback_not_supported: string;
    default_error_title: string;
    default_error_message: string;
  };
  webapp: {
    notFound: string;
    /** The page of a channel whose account is suspended (the login exists). */
    unavailable: string;
  };
}

export const publicTexts: Record<PublicLanguage, PublicTexts> = {
  'pt-BR': {
    player: {
      offline: msg.noLiveBroadcast,
      loading: msg.playerLoading,
      error: msg.playerLoadError,
      watching: msg.playerWatching,
      share: msg.playerShare,
      copy: msg.playerCopyLink,
      copied: msg.playerLinkCopied,
      notFound: msg.playerNotFound,
      viewerLimit: msg.playerViewerLimit,
      unavailable: CHANNEL_UNAVAILABLE_PT,
      live: 'AO VIVO',
    },
    clappr: {
      live: 'ao vivo',
      back_to_live: 'voltar para o ao vivo',
      disabled: 'Desativado',
      playback_not_supported: 'Seu navegador não suporta a reprodução deste video. Por favor, tente usar um navegador diferente.',
      default_error_title: 'Não foi possível reproduzir o vídeo.',
      default_error_message: 'Ocorreu um problema ao tentar carregar o vídeo.',
    },
    webapp: { notFound: errorText('webapp_not_found'), unavailable: CHANNEL_UNAVAILABLE_PT },
  },
  'en-US': {
    player: {
      offline: 'No Active Broadcast',
      loading: 'Loading player...',
      error: 'Couldn’t load the player',
      watching: 'watching',
      share: 'Share',
      copy: 'Copy link',
      copied: 'Link copied!',
      notFound: 'Player not found',
      viewerLimit: 'Simultaneous viewer limit reached. Try again in a few minutes.',
      unavailable: 'This channel is unavailable at the moment',
      live: 'LIVE',
    },
    clappr: {
      live: 'live',
      back_to_live: 'back to live',
      disabled: 'Disabled',
      playback_not_supported: 'Your browser does not support playing this video. Please try a different browser.',
      default_error_title: 'Could not play the video.',
      default_error_message: 'There was a problem loading the video.',
    },
    webapp: { notFound: 'App not found', unavailable: 'This channel is unavailable at the moment' },
  },
  'es-ES': {
    player: {
      offline: 'Sin transmisión activa',
      loading: 'Cargando player...',
      error: 'No se pudo cargar el player',
      watching: 'viendo',
      share: 'Compartir',
      copy: 'Copiar enlace',
      copied: '¡Enlace copiado!',
      notFound: 'Player no encontrado',
      viewerLimit: 'Se alcanzó el límite de espectadores simultáneos. Vuelve a intentarlo en unos minutos.',
      unavailable: 'Este canal no está disponible en este momento',
      live: 'EN VIVO',
    },
    clappr: {
      live: 'en vivo',
      back_to_live: 'volver al vivo',
      disabled: 'Desactivado',
      playback_not_supported: 'Tu navegador no admite la reproducción de este video. Intenta con otro navegador.',
      default_error_title: 'No se pudo reproducir el video.',
      default_error_message: 'Hubo un problema al cargar el video.',
    },
    webapp: { notFound: 'App no encontrada', unavailable: 'Este canal no está disponible en este momento' },
  },
};

/**
 * The language of a public page from the request's Accept-Language: the acceptable tags by
 * preference (q-values; equal ones keep their order, q=0 is refused), the first whose language
 * part is pt, en or es; pt-BR when none is (or the header is absent).
 */
export function pickLanguage(acceptLanguage: string | readonly string[] | null | undefined): PublicLanguage {
  const header = Array.isArray(acceptLanguage) ? acceptLanguage.join(',') : (acceptLanguage ?? '');
  const ranked = String(header).split(',').map((part, index) => {
    const [tag = '', ...params] = part.split(';').map((s) => s.trim());
    const qParam = params.find((p) => /^q\s*=/i.test(p));
    const q = qParam ? Number(qParam.replace(/^q\s*=\s*/i, '')) : 1;
    return { tag: tag.toLowerCase(), q: Number.isFinite(q) ? q : 0, index };
  }).filter((t) => t.tag && t.q > 0).sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    const lang = tag.split(/[-_]/)[0];
    const match = LANGUAGES.find((l) => l.toLowerCase().startsWith(`${lang}-`));
    if (match) return match;
  }
  return PUBLIC_SOURCE_LANGUAGE;
}

/** The public pages' texts in a language. */
export const publicTextsOf = (lang: PublicLanguage): PublicTexts => publicTexts[lang];
