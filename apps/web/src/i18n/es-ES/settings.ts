import type { FeatureTexts } from '../index.ts';

/** The settings page (/dashboard/configuracoes). */
const settingsTexts: FeatureTexts<'settings'> = {
  title: 'Configuración',
  subtitle: 'Personaliza el panel según tus preferencias',
  loading: 'Cargando configuración...',
  generalSection: 'Configuración general',
  autoRefreshOption: 'Actualización automática',
  autoRefreshHint: 'Actualizar los datos del panel periódicamente',
  sidebarCollapsedOption: 'Menú lateral contraído',
  sidebarCollapsedHint: 'Abrir el panel con el menú lateral contraído',
  refreshIntervalLabel: 'Intervalo de actualización (segundos)',
  menuSection: 'Personalización del menú',
  menuSectionHint: 'Arrastra los elementos para reordenar el menú y usa el ícono del ojo para mostrarlos u ocultarlos.',
  summaryTotal: 'Total',
  summaryVisible: 'Visibles',
  summaryHidden: 'Ocultos',
  summaryCategories: 'Categorías',
  restoreDefault: 'Restablecer',
  hiddenTag: 'Oculto',
  regionalSection: 'Configuración regional',
  languageLabel: 'Idioma',
  timezoneLabel: 'Zona horaria',
};

export default settingsTexts;
