import type { TIMEZONES } from '@painel/contract';

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
  // the time zones an account can choose (the contract's TIMEZONE_LABELS), also named in the lives' form
  timezoneLabels: {
    'America/Sao_Paulo': 'São Paulo (GMT-3)',
    'America/New_York': 'Nova York (GMT-5)',
    'Europe/London': 'Londres (GMT+0)',
    'Asia/Tokyo': 'Tóquio (GMT+9)',
  } as Record<(typeof TIMEZONES)[number], string>,
} as const;

export default settingsTexts;
