import { icu } from '../message.ts';
/** The settings page (/dashboard/configuracoes). */
const settingsTexts = {
  title: 'Configurações',
  subtitle: 'Personalize o painel de acordo com as suas preferências',
  loading: 'Carregando configurações...',
  generalSection: 'Configurações Gerais',
  autoRefreshOption: 'Atualização automática',
  autoRefreshHint: 'Atualizar os dados do painel periodicamente',
  sidebarCollapsedOption: 'Menu lateral recolhido',
  sidebarCollapsedHint: 'Abrir o painel com o menu lateral recolhido',
  refreshIntervalLabel: 'Intervalo de atualização (segundos)',
  menuSection: 'Personalização do Menu',
  menuSectionHint: 'Arraste os itens para reordenar o menu e use o ícone de olho para mostrá-los ou ocultá-los.',
  summaryTotal: 'Total',
  summaryVisible: 'Visíveis',
  summaryHidden: 'Ocultos',
  summaryCategories: 'Categorias',
  restoreDefault: 'Restaurar Padrão',
  hiddenTag: 'Oculto',
  regionalSection: 'Configurações Regionais',
  languageLabel: 'Idioma',
  timezoneLabel: 'Fuso horário',
  recordingSection: 'Gravar transmissões',
  recordingOption: 'Gravar cada transmissão do OBS',
  recordingHint: icu<{ folder: string }>('Cada transmissão vira um vídeo MP4 na pasta {folder}, com o título e a hora de início, pronto para usar nas playlists. Ocupa o espaço do plano; se o espaço acabar, a gravação para e a transmissão continua.'),
  recordingOn: 'Gravação de transmissões ativada',
  recordingOff: 'Gravação de transmissões desativada',
  recordingSaveError: 'Não foi possível salvar a gravação de transmissões',
} as const;

export default settingsTexts;
